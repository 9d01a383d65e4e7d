// The specification's operations, error codes and webhook events, listed here by hand from
// ../shared/seed/interface-spec.md, and proof that each is in the contract as specified.
import { describe, expect, it } from 'vitest';
import { contractValidator, deref } from '../../conformance/src/contract-validator.ts';
import { operations } from './walk-contract.ts';

type Json = Record<string, any>;
const doc = contractValidator().doc as Json;

const API_KEY = 'apiKey';
const BEARER = 'sessionBearer';

const specOperations = [
  { method: 'post', path: '/integrationfund/fund/upload', security: API_KEY, media: 'multipart/form-data' },
  { method: 'post', path: '/integrationfund/fund/run', security: API_KEY, media: 'application/json' },
  { method: 'get', path: '/integrationfund/fund', security: API_KEY, query: ['fundExtractionId'] },
  {
    method: 'get',
    path: '/integration/projects',
    security: API_KEY,
    query: ['page', 'pageSize', 'search', 'orderby', 'id'],
  },
  { method: 'get', path: '/integration/project/search', security: API_KEY, query: ['keywords'] },
  { method: 'post', path: '/integration/project', security: API_KEY, media: 'application/json' },
  { method: 'post', path: '/integration/processmessage', security: API_KEY, media: 'application/json' },
  { method: 'get', path: '/integration/analysis/detail', security: API_KEY, query: ['analysisId'] },
  { method: 'get', path: '/integration/retrievereport', security: API_KEY, query: ['projectId', 'analysisId'] },
  {
    method: 'get',
    path: '/integration/project/fullreport',
    security: API_KEY,
    query: ['projectId', 'analysisId', 'sections'],
  },
  { method: 'get', path: '/integration/webhook', security: BEARER },
  { method: 'post', path: '/integration/webhook', security: BEARER, media: 'application/json' },
  { method: 'put', path: '/integration/webhook', security: BEARER, media: 'application/json' },
  { method: 'get', path: '/integration/webhook/history', security: BEARER },
  { method: 'post', path: '/integrationfiles/upload', security: API_KEY, header: ['analysisid'] },
];

const specErrors = [
  ...specOperations.map((o) => ({ code: '4010', status: 401, method: o.method, path: o.path })),
  { code: '5000', status: 500, method: 'get', path: '/integration/projects' },
  { code: 'Error131', status: 402, method: 'post', path: '/integrationfund/fund/run' },
  { code: 'Error209', status: 400, method: 'post', path: '/integrationfund/fund/run' },
  { code: 'Error100', status: 404, method: 'post', path: '/integrationfund/fund/upload' },
  { code: 'Error100', status: 404, method: 'get', path: '/integrationfund/fund' },
  { code: 'Error212', status: 403, method: 'get', path: '/integrationfund/fund' },
  { code: 'Error0', status: 500, method: 'post', path: '/integrationfund/fund/upload' },
  { code: 'Error0', status: 500, method: 'post', path: '/integrationfund/fund/run' },
  { code: 'Error0', status: 500, method: 'get', path: '/integrationfund/fund' },
];

const specEvents = [
  { event: 'analysisCompleted', data: ['projectId', 'analysisId', 'projectName', 'platformEntityCompanyId'] },
  { event: 'changedStatus', data: ['projectId', 'projectName', 'previousStatus', 'newStatus', 'stage', 'changedAt'] },
  { event: 'fundAnalysisCompleted', data: [] as string[] },
];

const operation = (method: string, path: string): Json => doc.paths[path]?.[method];

function securityOf(op: Json): string[] {
  return ((op.security ?? doc.security) as Json[]).flatMap((req) => Object.keys(req));
}

describe('every operation of the specification is in the contract', () => {
  it('has exactly the specified operations, no invented ones', () => {
    const inContract = operations(doc)
      .filter(({ kind }) => kind === 'path')
      .map(({ method, name }) => `${method} ${name}`);
    expect(inContract.sort()).toEqual(specOperations.map((o) => `${o.method} ${o.path}`).sort());
  });

  it.each(specOperations)('$method $path', (spec) => {
    const op = operation(spec.method, spec.path);
    expect(op, `${spec.method} ${spec.path}`).toBeDefined();
    expect(op.operationId).toMatch(/^[a-z]+[A-Z][A-Za-z]*$/);
    expect(securityOf(op)).toEqual([spec.security]);
    const params = ((op.parameters ?? []) as Json[]).map((p) => deref(p, doc));
    for (const q of spec.query ?? [])
      expect(
        params.some((p) => p.in === 'query' && p.name === q),
        `query ${q}`,
      ).toBe(true);
    for (const h of spec.header ?? [])
      expect(
        params.some((p) => p.in === 'header' && p.name === h && p.required),
        `header ${h}`,
      ).toBe(true);
    if (spec.media) expect(Object.keys(deref(op.requestBody, doc).content)).toEqual([spec.media]);
    expect(Object.keys(op.responses)).toContain('200');
  });

  it('sends the raw API key in Authorization and a bearer token for the webhook calls', () => {
    expect(doc.components.securitySchemes[API_KEY]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    expect(doc.components.securitySchemes[BEARER]).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('declares the base address with its /api prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toMatch(/\/api$/);
  });
});

describe('every error code of the specification is on its operation with its status', () => {
  it.each(specErrors)('$code ($status) on $method $path', (spec) => {
    const response = deref(operation(spec.method, spec.path).responses[String(spec.status)], doc);
    expect(response, `status ${spec.status}`).toBeDefined();
    const codes = Object.values(response.content['application/json'].examples as Json)
      .map((e) => deref(e as Json, doc).value)
      .map((v: Json) => v.code ?? v.metadata?.code);
    expect(codes).toContain(spec.code);
  });
});

describe('every webhook event of the specification is in the contract', () => {
  it.each(specEvents)('$event', (spec) => {
    const op = doc.webhooks[spec.event]?.post;
    expect(op, spec.event).toBeDefined();
    const schema = deref(op.requestBody.content['application/json'].schema, doc);
    expect(schema.properties.event.const).toBe(spec.event);
    expect(schema.required).toEqual(['event', 'data']);
    expect(schema.properties.data.required ?? []).toEqual(spec.data);
    expect(Object.keys(op.responses)).toContain('200');
  });
});

describe('the limits of the specification are in the schema', () => {
  const schema = (name: string): Json => doc.components.schemas[name];
  it('file size and types on the fund upload', () => {
    expect(schema('FundUploadRequest').properties.files.items).toMatchObject({
      'x-max-file-bytes': 100 * 1024 * 1024,
      'x-allowed-file-types': ['pdf', 'xlsx', 'xls'],
    });
    const encoding = operation('post', '/integrationfund/fund/upload').requestBody.content['multipart/form-data']
      .encoding.files;
    expect(encoding).toMatchObject({ style: 'form', explode: true });
  });
  it('history length and page size', () => {
    const history = operation('get', '/integration/webhook/history').responses['200'].content['application/json']
      .schema;
    expect(JSON.stringify(history)).toContain('"maxItems":10');
    expect(schema('Pagination').properties.pageSize.maximum).toBe(100);
  });
  it('runs and credits are described where they apply', () => {
    const run = operation('post', '/integrationfund/fund/run');
    expect(run.description).toMatch(/10\s+credits/);
    expect(run.description).toMatch(/50 files/);
  });
  it("a fund run's final states ('poll until status is completed or error'), and none invented for analyses", () => {
    expect(schema('FundRunStatus')['x-final-states']).toEqual(['completed', 'error']);
    expect(schema('AnalysisStatus')['x-final-states']).toBeUndefined();
  });
});

describe('gaps', () => {
  it('lists the operations the specification only names at the document level', () => {
    const topics = (doc['x-document-gaps'] as Json[]).map((g) => g.topic).join('\n');
    for (const name of [
      'List Funds',
      'Fund Data',
      'Update Analysis',
      'Add Comment',
      'Create from HTML',
      'Config',
      'Data Model',
      'Metrics',
    ]) {
      expect(topics).toContain(name);
    }
    expect(Object.keys(doc.paths).some((p) => /fund(s)?\/list|comment|html|datamodel|metrics/i.test(p))).toBe(false);
  });

  it('marks every gap with a one-line sentence', () => {
    const gaps: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'x-gap') gaps.push(v as string);
          else walk(v);
        }
      }
    };
    walk(doc);
    expect(gaps.length).toBeGreaterThan(40);
    for (const gap of gaps) expect(gap).toMatch(/^[^\n]+\.$/);
  });
});
