// The checks of the live suite, in the order they run. Reads come first and discover ids; writes
// (only with --allow-writes) create data whose ids later reads use. Every request is one a correct
// client may send; each check names the status the service must answer.
import type { components } from '../../generated/types.ts';
import { knownProjectId, type Discovered } from './discovered.ts';
import type { OperationId } from './operation-index.ts';

type Schemas = components['schemas'];

/** How the check authenticates: the right credential, none, or the wrong scheme on purpose. */
export type CheckAuth = 'apiKey' | 'bearer' | 'none' | 'invalidApiKey' | 'apiKeyInsteadOfBearer';

export interface PlannedRequest {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData;
}

export interface NotCheckable {
  notChecked: string;
}

export interface LiveCheck {
  id: string;
  operationId: OperationId;
  title: string;
  auth: CheckAuth;
  /** Creates data or spends credits: runs only with --allow-writes. */
  writes: boolean;
  expectStatus: number;
  /** A schema the body must also match, beyond the operation's response schema. */
  alsoMatches?: string;
  prepare(found: Discovered): PlannedRequest | NotCheckable;
  /** Reads ids from a response that passed every check. */
  learn?(body: unknown, found: Discovered): void;
}

const RUN_LABEL = 'verify-live';
// ASCII-only content: Prism's validation proxy forwards multipart bodies as text.
const pdf = (name: string): [Blob, string] => [new Blob([`%PDF-1.4\n% ${RUN_LABEL} ${name}\n%%EOF\n`], { type: 'application/pdf' }), name];

function form(fields: Array<[string, string | [Blob, string]]>): FormData {
  const data = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, value[0], value[1]);
  }
  return data;
}

/** The spec says the company list takes `Content-Type: application/json` although it has no body. */
const JSON_CONTENT_TYPE = { 'content-type': 'application/json' };

const noProject: NotCheckable = { notChecked: 'no company known: the list is empty and no company was created (--allow-writes)' };
const noCompletedAnalysis: NotCheckable = { notChecked: 'no completed analysis found in the company list' };

/** Re-saves what is configured so a run does not change where events go. */
function webhookInput(found: Discovered): Schemas['WebhookConfigurationInput'] {
  const current = found.webhook;
  return current
    ? { url: current.url, analysisCompleted: current.analysisCompleted, analysisChangedStatus: current.analysisChangedStatus }
    : { url: 'https://example.invalid/verify-live-webhook', analysisCompleted: false, analysisChangedStatus: false };
}

export const liveChecks: LiveCheck[] = [
  {
    id: 'listProjects.withoutCredentials',
    operationId: 'listProjects',
    title: 'company list without an Authorization header is refused with 401 (4010)',
    auth: 'none',
    writes: false,
    expectStatus: 401,
    prepare: () => ({ headers: JSON_CONTENT_TYPE }),
  },
  {
    id: 'listProjects.invalidApiKey',
    operationId: 'listProjects',
    title: 'company list with an invalid API key is refused with 401 (4010)',
    auth: 'invalidApiKey',
    writes: false,
    expectStatus: 401,
    prepare: () => ({ headers: JSON_CONTENT_TYPE }),
  },
  {
    id: 'listProjects',
    operationId: 'listProjects',
    title: 'company list, first page of up to 100, judged as ProjectListPage',
    auth: 'apiKey',
    writes: false,
    expectStatus: 200,
    alsoMatches: '#/components/schemas/ProjectListPage',
    prepare: () => ({ headers: JSON_CONTENT_TYPE, query: { page: '0', pageSize: '100' } }),
    learn(body, found) {
      const projects = (body as Schemas['ProjectListPage']).data;
      const first = projects[0];
      if (first) found.listedProject = { id: first.id, name: first.companyName };
      for (const project of projects) {
        const analysis = project.analyses.find((a) => a.status === 'completed');
        if (analysis) {
          found.completedAnalysis = { projectId: project.id, analysisId: analysis.id };
          break;
        }
      }
    },
  },
  {
    id: 'createProject',
    operationId: 'createProject',
    title: 'create a company for manual file upload (projectAnalysisWithFile without docLink or notesText)',
    auth: 'apiKey',
    writes: true,
    expectStatus: 200,
    prepare: () => {
      const body: Schemas['CreateProjectRequest'] = {
        name: RUN_LABEL,
        companyName: `${RUN_LABEL} check ${new Date().toISOString()}`,
        projectType: 'projectAnalysisWithFile',
      };
      return { json: body };
    },
    learn(body, found) {
      const { project, analysisId } = (body as { data: Schemas['CreateProjectResult'] }).data;
      found.createdProject = { id: project.id, name: project.companyName, analysisId };
    },
  },
  {
    id: 'listProjects.byId',
    operationId: 'listProjects',
    title: 'company list with `id` fetches one company',
    auth: 'apiKey',
    writes: false,
    expectStatus: 200,
    prepare: (found) => {
      const id = knownProjectId(found);
      return id ? { headers: JSON_CONTENT_TYPE, query: { id } } : noProject;
    },
  },
  {
    id: 'searchProjects',
    operationId: 'searchProjects',
    title: 'company search by the name of a known company',
    auth: 'apiKey',
    writes: false,
    expectStatus: 200,
    prepare: (found) => ({ query: { keywords: found.createdProject?.name ?? found.listedProject?.name ?? RUN_LABEL } }),
  },
  {
    id: 'getAnalysisDetail',
    operationId: 'getAnalysisDetail',
    title: 'analysis detail of a completed analysis',
    auth: 'apiKey',
    writes: false,
    expectStatus: 200,
    prepare: (found) =>
      found.completedAnalysis ? { query: { analysisId: found.completedAnalysis.analysisId } } : noCompletedAnalysis,
  },
  {
    id: 'retrieveReport',
    operationId: 'retrieveReport',
    title: 'report payload of a completed analysis',
    auth: 'apiKey',
    writes: false,
    expectStatus: 200,
    prepare: (found) => (found.completedAnalysis ? { query: { ...found.completedAnalysis } } : noCompletedAnalysis),
  },
  {
    id: 'getFullReport',
    operationId: 'getFullReport',
    title: 'full report of a company, all parts',
    auth: 'apiKey',
    writes: false,
    expectStatus: 200,
    prepare: (found) => {
      if (found.completedAnalysis) return { query: { ...found.completedAnalysis } };
      const projectId = knownProjectId(found);
      return projectId ? { query: { projectId } } : noProject;
    },
  },
  {
    id: 'processMessage',
    operationId: 'processMessage',
    title: 'attach a message to a company',
    auth: 'apiKey',
    writes: true,
    expectStatus: 200,
    prepare: (found) => {
      const projectId = knownProjectId(found);
      if (!projectId) return noProject;
      const body: Schemas['ProcessMessageRequest'] = { projectId, content: `${RUN_LABEL}: contract conformance check` };
      return { json: body };
    },
  },
  {
    id: 'uploadAnalysisFiles',
    operationId: 'uploadAnalysisFiles',
    title: 'upload a file for the created analysis (part name `files`: the request body is a gap)',
    auth: 'apiKey',
    writes: true,
    expectStatus: 200,
    prepare: (found) => {
      const analysisId = found.createdProject?.analysisId;
      if (!analysisId) return { notChecked: 'no analysisId from create company' };
      return { headers: { analysisid: analysisId }, form: form([['files', pdf('pitch-deck.pdf')]]) };
    },
  },
  {
    id: 'uploadFundFiles',
    operationId: 'uploadFundFiles',
    title: 'upload two data-room files to a new folder (one `files` part per file)',
    auth: 'apiKey',
    writes: true,
    expectStatus: 200,
    prepare: () => ({ form: form([['files', pdf('fund-report.pdf')], ['files', pdf('capital-account.pdf')]]) }),
    learn(body, found) {
      found.folderPath = (body as { data: Schemas['FundUploadResult'] }).data.folderPath;
    },
  },
  {
    id: 'uploadFundFiles.addToFolder',
    operationId: 'uploadFundFiles',
    title: 'upload one more file into the folder of the first upload',
    auth: 'apiKey',
    writes: true,
    expectStatus: 200,
    prepare: (found) =>
      found.folderPath
        ? { form: form([['files', pdf('side-letter.pdf')], ['folderPath', found.folderPath]]) }
        : { notChecked: 'no folderPath from the first upload' },
  },
  {
    id: 'startFundRun',
    operationId: 'startFundRun',
    title: 'start a fund run over the uploaded folder (costs 10 credits; projectMode none)',
    auth: 'apiKey',
    writes: true,
    expectStatus: 200,
    prepare: (found) => {
      if (!found.folderPath) return { notChecked: 'no folderPath from the fund upload' };
      const body: Schemas['FundRunRequest'] = { name: `${RUN_LABEL} fund`, folderPath: found.folderPath, projectMode: 'none' };
      return { json: body };
    },
    learn(body, found) {
      found.fundExtractionId = (body as { data: Schemas['FundRun'] }).data.fundExtractionId;
    },
  },
  {
    id: 'getFundRunSummary',
    operationId: 'getFundRunSummary',
    title: 'fund run summary',
    auth: 'apiKey',
    writes: false,
    expectStatus: 200,
    prepare: (found) =>
      found.fundExtractionId
        ? { query: { fundExtractionId: found.fundExtractionId } }
        : { notChecked: 'no fund run known: pass --fund-extraction-id, or --allow-writes to start one' },
  },
  {
    id: 'getWebhookConfiguration',
    operationId: 'getWebhookConfiguration',
    title: 'webhook configuration with the session token',
    auth: 'bearer',
    writes: false,
    expectStatus: 200,
    // The specification states Content-Type: application/json as required on the webhook configuration calls.
    prepare: () => ({ headers: JSON_CONTENT_TYPE }),
    learn(body, found) {
      found.webhook = (body as { data: Schemas['WebhookConfiguration'] | null }).data;
    },
  },
  {
    id: 'getWebhookConfiguration.withApiKey',
    operationId: 'getWebhookConfiguration',
    title: 'webhook configuration refuses an API key with 401 (4010)',
    auth: 'apiKeyInsteadOfBearer',
    writes: false,
    expectStatus: 401,
    prepare: () => ({ headers: JSON_CONTENT_TYPE }),
  },
  {
    id: 'createWebhookConfiguration',
    operationId: 'createWebhookConfiguration',
    title: 'save the webhook configuration with POST (re-saves the current one when there is one)',
    auth: 'bearer',
    writes: true,
    expectStatus: 200,
    prepare: (found) => ({ json: webhookInput(found) }),
  },
  {
    id: 'updateWebhookConfiguration',
    operationId: 'updateWebhookConfiguration',
    title: 'save the webhook configuration with PUT (same values)',
    auth: 'bearer',
    writes: true,
    expectStatus: 200,
    prepare: (found) => ({ json: webhookInput(found) }),
  },
  {
    id: 'listWebhookDeliveries',
    operationId: 'listWebhookDeliveries',
    title: 'webhook delivery history with the session token',
    auth: 'bearer',
    writes: false,
    expectStatus: 200,
    prepare: () => ({}),
  },
  {
    id: 'listWebhookDeliveries.withApiKey',
    operationId: 'listWebhookDeliveries',
    title: 'webhook delivery history refuses an API key with 401 (4010)',
    auth: 'apiKeyInsteadOfBearer',
    writes: false,
    expectStatus: 401,
    prepare: () => ({}),
  },
];
