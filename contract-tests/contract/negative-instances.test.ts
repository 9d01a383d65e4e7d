// For each resource: a valid instance (taken from the contract's own examples) passes, and a wrong
// enum value, a wrong type and a missing required field are each rejected.
import { describe, expect, it } from 'vitest';
import { contractValidator, resolvePointer } from '../../conformance/src/contract-validator.ts';

type Json = Record<string, any>;
const validator = contractValidator();
const example = (name: string): Json =>
  structuredClone((resolvePointer(validator.doc, `#/components/examples/${name}`) as Json).value);

interface Case {
  schema: string;
  valid: Json;
  wrongEnum?: (x: Json) => void;
  wrongType: (x: Json) => void;
  missing: string;
}

const project = () => example('ProjectList').data[0];
const detail = () => example('AnalysisDetail').data;
const summary = () => example('FundRunSummaryCompleted').data;

const cases: Case[] = [
  {
    schema: 'Project',
    valid: project(),
    wrongEnum: (x) => (x.analyses[0].status = 'done'),
    wrongType: (x) => (x.isVisible = 'yes'),
    missing: 'companyName',
  },
  {
    schema: 'AnalysisSummary',
    valid: project().analyses[0],
    wrongEnum: (x) => (x.status = 'running'),
    wrongType: (x) => (x.createdAt = 'yesterday'),
    missing: 'status',
  },
  { schema: 'ProjectScore', valid: project().projectscores[0], wrongType: (x) => (x.score = '7.8'), missing: 'score' },
  {
    schema: 'ProjectStatus',
    valid: project().projectstatus,
    wrongType: (x) => (x.order = 1.5),
    missing: 'hasProjectPhase',
  },
  { schema: 'ProjectPhase', valid: project().projectphase, wrongType: (x) => (x.isVisible = 1), missing: 'code' },
  {
    schema: 'ProjectOwner',
    valid: project().projectowner,
    wrongType: (x) => (x.email = 42),
    missing: 'fullName',
  },
  {
    schema: 'Pagination',
    valid: example('ProjectList').pagination,
    wrongType: (x) => (x.nextPage = 'false'),
    missing: 'totalCount',
  },
  {
    schema: 'DriveFolderLinkOutcome',
    valid: { status: 'ambiguous_folder' },
    wrongEnum: (x) => (x.status = 'ambiguous'),
    wrongType: (x) => (x.status = 3),
    missing: 'status',
  },
  {
    schema: 'AnalysisDetail',
    valid: detail(),
    wrongEnum: (x) => (x.dataPoints[0].dataType = 'string'),
    wrongType: (x) => (x.analysisObject.projectfit_team_score = 'high'),
    missing: 'projectcompanyfit',
  },
  {
    schema: 'ReportPayload',
    valid: example('RetrieveReport').data,
    wrongEnum: (x) => (x.dataPoints[1].dataType = 'text'),
    wrongType: (x) => (x.founders = {}),
    missing: 'analysisData',
  },
  {
    schema: 'FullReport',
    valid: example('FullReportSelected').data,
    wrongEnum: (x) => (x.reportingCycle.source = 'portfolio'),
    wrongType: (x) => (x.totalInvestment.amount = '1.5M'),
    missing: 'reportingCycle',
  },
  {
    schema: 'FundRun',
    valid: example('FundRunAccepted').data,
    wrongEnum: (x) => (x.status = 'running'),
    wrongType: (x) => (x.refDate = '31.12.2025'),
    missing: 'fundExtractionId',
  },
  {
    schema: 'FundRunSummary',
    valid: summary(),
    wrongEnum: (x) => (x.myRole = 'admin'),
    wrongType: (x) => (x.companiesCount = '2'),
    missing: 'available',
  },
  {
    schema: 'FundRunSummary',
    valid: summary(),
    wrongEnum: (x) => (x.companies[0].status = 'acquired'),
    wrongType: (x) => (x.figures[0].value = '182M'),
    missing: 'errorMessage',
  },
  {
    schema: 'FundRunRequest',
    valid: example('FundRunRequest'),
    wrongEnum: (x) => (x.projectMode = 'create'),
    wrongType: (x) => (x.fundstageId = 'stage-1'),
    missing: 'folderPath',
  },
  {
    schema: 'FundUploadResult',
    valid: example('FundUploadResult').data,
    wrongType: (x) => (x.fileNames = 'a.pdf'),
    missing: 'folderPath',
  },
  {
    schema: 'CreateProjectRequest',
    valid: example('CreateProjectWithDocLink'),
    wrongEnum: (x) => (x.driveProvider = 'dropbox'),
    wrongType: (x) => (x.docLink = 'not a url'),
    missing: 'projectType',
  },
  {
    schema: 'CreateProjectResult',
    valid: example('CreatedProjectManualUpload').data,
    wrongEnum: (x) => (x.driveFolderLink.status = 'missing'),
    wrongType: (x) => (x.analysisId = 42),
    missing: 'project',
  },
  {
    schema: 'ProcessMessageRequest',
    valid: example('ProcessMessage'),
    wrongType: (x) => (x.content = ['a']),
    missing: 'content',
  },
  {
    schema: 'WebhookConfigurationInput',
    valid: example('WebhookConfigurationInput'),
    wrongType: (x) => (x.analysisCompleted = 'true'),
    missing: 'url',
  },
  {
    schema: 'WebhookConfiguration',
    valid: example('WebhookConfigurationCurrent').data,
    wrongType: (x) => (x.updatedAt = 'soon'),
    missing: 'analysisChangedStatus',
  },
  {
    schema: 'WebhookDelivery',
    valid: example('WebhookHistory').data[1],
    wrongEnum: (x) => (x.status = 'Timeout'),
    wrongType: (x) => (x.statusDescription = 5),
    missing: 'event',
  },
  {
    schema: 'AnalysisCompletedEvent',
    valid: example('AnalysisCompletedEvent'),
    wrongEnum: (x) => (x.event = 'analysisFinished'),
    wrongType: (x) => (x.data.analysisId = 'abc'),
    missing: 'data',
  },
  {
    schema: 'ChangedStatusEvent',
    valid: example('ChangedStatusEvent'),
    wrongEnum: (x) => (x.event = 'statusChanged'),
    wrongType: (x) => (x.data.changedAt = 12),
    missing: 'event',
  },
  {
    schema: 'FundAnalysisCompletedEvent',
    valid: example('FundAnalysisCompletedEvent'),
    wrongEnum: (x) => (x.event = 'fundCompleted'),
    wrongType: (x) => (x.event = 1),
    missing: 'data',
  },
  {
    schema: 'MetadataEnvelope',
    valid: example('ProcessMessageAccepted'),
    wrongType: (x) => (x.metadata.code = 1000),
    missing: 'metadata',
  },
  { schema: 'TopLevelEnvelope', valid: example('Unauthorized'), wrongType: (x) => (x.title = null), missing: 'code' },
];

describe.each(cases.map((c) => [c.schema, c] as const))('%s', (_name, c) => {
  const check = (value: unknown) => validator.validateSchema(c.schema, value);

  it('accepts a valid instance', () => {
    expect(check(c.valid).violations).toEqual([]);
  });

  if (c.wrongEnum) {
    it('rejects a value outside its enum', () => {
      const x = structuredClone(c.valid);
      c.wrongEnum!(x);
      expect(check(x).valid).toBe(false);
    });
  }

  it('rejects a wrong type or format', () => {
    const x = structuredClone(c.valid);
    c.wrongType(x);
    expect(check(x).valid).toBe(false);
  });

  it(`rejects a missing ${c.missing}`, () => {
    const x = structuredClone(c.valid);
    delete x[c.missing];
    expect(check(x).valid).toBe(false);
  });
});

describe('request rules expressed as schema', () => {
  it('requires companyWebsite with projectAnalysisNoFile only', () => {
    const noFile = { companyName: 'Lumen Freight', projectType: 'projectAnalysisNoFile' };
    expect(validator.validateSchema('CreateProjectRequest', noFile).valid).toBe(false);
    expect(
      validator.validateSchema('CreateProjectRequest', { ...noFile, companyWebsite: 'https://lumen.example' }).valid,
    ).toBe(true);
    expect(
      validator.validateSchema('CreateProjectRequest', { ...noFile, projectType: 'projectNoAnalysis' }).valid,
    ).toBe(true);
  });

  it('accepts a pageSize above 100 (it is clamped, not rejected) and defaults to 10', () => {
    const schema = resolvePointer(validator.doc, '#/components/parameters/PageSize/schema') as Json;
    expect(schema.default).toBe(10);
    expect(schema.maximum).toBeUndefined();
    expect(schema['x-clamped-maximum']).toBe(100);
    expect(validator.ajv.validate(schema, 500)).toBe(true);
  });

  it('makes page 0-indexed with default 0', () => {
    const schema = resolvePointer(validator.doc, '#/components/parameters/Page/schema') as Json;
    expect(schema).toMatchObject({ minimum: 0, default: 0 });
  });

  it('defaults projectMode to bookmark and driveProvider to google-drive', () => {
    expect((resolvePointer(validator.doc, '#/components/schemas/ProjectMode') as Json).default).toBe('bookmark');
    expect((resolvePointer(validator.doc, '#/components/schemas/DriveProvider') as Json).default).toBe('google-drive');
  });

  it('keeps open lists open: an unknown business model, stage or status code is accepted', () => {
    const x = project();
    x.companyBusinessModel = 'marketplace';
    x.companyStage = 'seriesC';
    x.projectstatus.code = 'portfolio';
    x.processing = 'queued';
    expect(validator.validateSchema('Project', x).violations).toEqual([]);
  });

  it('caps the webhook history at 10 deliveries', () => {
    const body = example('WebhookHistory');
    body.data = Array.from({ length: 11 }, () => body.data[0]);
    expect(validator.validateResponse('get', '/integration/webhook/history', 200, body).valid).toBe(false);
  });

  it('accepts both envelope placements on success and on error', () => {
    const top = example('Unauthorized');
    const wrapped = example('UnauthorizedMetadata');
    expect(validator.validateResponse('get', '/integrationfund/fund', 401, top).valid).toBe(true);
    expect(validator.validateResponse('get', '/integrationfund/fund', 401, wrapped).valid).toBe(true);
    const { metadata, ...rest } = example('FundRunSummaryCompleted');
    expect(validator.validateResponse('get', '/integrationfund/fund', 200, { ...metadata, ...rest }).valid).toBe(true);
    expect(validator.validateResponse('get', '/integrationfund/fund', 200, rest).valid).toBe(false);
  });
});
