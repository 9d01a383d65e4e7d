// `npm run mock:prism`, started once for the file (Prism's start-up is the costly part): it listens on
// the port from PORT (0: a free one), answers under /api like the service, and its answers (including
// multipart uploads, of genuine PDF and XLSX files too, and a 401) validate against the contract;
// SIGTERM stops it. Prism checks multipart parts listed under `encoding` for reserved characters
// unless `allowReserved` is set, which real (binary) files would trip. The live conformance suite
// runs against this same Prism (read only, the second provider of conformance/src/live): every answer
// conforms, and the rules an example server cannot keep fail by id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOnly } from '../../conformance/test/support/conformance-mock.ts';
import type { ConformanceReport } from '../../conformance/src/live/report-types.ts';
import { runConformance } from '../../conformance/src/live/run-conformance.ts';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import {
  DATA_ROOM_PDF,
  DATA_ROOM_XLSX,
  dataRoomForm,
  hasNonAsciiByte,
} from '../../contract-tests/support/real-documents.ts';
import { runScript, type ScriptRun } from './script-process.ts';

const API_KEY = 'mock-api-key';
let script: ScriptRun;
let baseUrl: string;

beforeAll(async () => {
  script = runScript('scripts/prism-mock.ts', [], { PORT: '0' });
  baseUrl = await script.baseUrl();
});
afterAll(() => {
  script?.kill();
});

async function call(method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) {
  const response = await fetch(`${baseUrl}${path}`, { method, ...init });
  const body = (await response.json()) as unknown;
  return {
    status: response.status,
    body,
    violations: response.headers.get('sl-violations'),
    contentType: response.headers.get('content-type'),
  };
}

function expectConforms(method: string, path: string, status: number, body: unknown): void {
  const result = contractValidator().validateResponse(method, path, status, body);
  expect(result.violations).toEqual([]);
}

function pdfPart(name: string): [Blob, string] {
  return [new Blob([`%PDF-1.4\n% ${name}\n%%EOF\n`], { type: 'application/pdf' }), name];
}

describe('Prism mock (npm run mock:prism)', () => {
  it('listens on 127.0.0.1, on the free port PORT=0 asks for, and serves the contract under /api', () => {
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(new URL(baseUrl).port).not.toBe('4012');
  });

  it('answers the company list with a ProjectListPage', async () => {
    const res = await call('GET', '/integration/projects', {
      headers: { authorization: API_KEY, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^application\/json/);
    expectConforms('GET', '/integration/projects', 200, res.body);
    expect(contractValidator().validateSchema('ProjectListPage', res.body).violations).toEqual([]);
  });

  it('does not serve the paths without the /api prefix', async () => {
    const response = await fetch(`${new URL(baseUrl).origin}/integration/projects`, {
      headers: { authorization: API_KEY },
    });
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });

  it('answers a fund run summary and a created company', async () => {
    const fund = await call('GET', '/integrationfund/fund?fundExtractionId=9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d', {
      headers: { authorization: API_KEY },
    });
    expect(fund.status).toBe(200);
    expectConforms('GET', '/integrationfund/fund', 200, fund.body);

    const created = await call('POST', '/integration/project', {
      headers: { authorization: API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        companyName: 'Helio Grid Technologies',
        projectType: 'projectAnalysisNoFile',
        companyWebsite: 'https://heliogrid.example',
      }),
    });
    expect(created.status).toBe(200);
    expect(created.violations).toBeNull();
    expectConforms('POST', '/integration/project', 200, created.body);
  });

  it('accepts a fund upload with two `files` parts and answers the upload result', async () => {
    const form = new FormData();
    form.append('files', ...pdfPart('report.pdf'));
    form.append('files', ...pdfPart('capital-account.pdf'));
    const res = await call('POST', '/integrationfund/fund/upload', { headers: { authorization: API_KEY }, body: form });
    expect(res.violations).toBeNull();
    expect(res.status).toBe(200);
    expectConforms('POST', '/integrationfund/fund/upload', 200, res.body);
  });

  it('really validates the multipart body: an upload without files is refused, naming the field', async () => {
    const form = new FormData();
    form.append('folderPath', 'uploads/ws-4821/fund-7f3a2c');
    const res = await call('POST', '/integrationfund/fund/upload', { headers: { authorization: API_KEY }, body: form });
    // The contract's 400 (the mock's invalid-request answer) is the validation response Prism picks.
    expect(res.status).toBe(400);
    expect(res.violations).toContain("required property 'files'");
  });

  it("answers an invalid parameter with the contract's 400 example, a real code instead of a placeholder", async () => {
    const res = await call('GET', '/integration/analysis/detail?analysisId=not-a-uuid', {
      headers: { authorization: API_KEY },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'MOCK_INVALID_REQUEST', title: 'Invalid request' });
    expectConforms('GET', '/integration/analysis/detail', 400, res.body);
  });

  it('says so in X-Mock-Gap where the answer fills a gap of the specification, and only there', async () => {
    const search = await fetch(`${baseUrl}/integration/project/search?keywords=helio`, {
      headers: { authorization: API_KEY },
    });
    expect(search.headers.get('x-mock-gap')).toBe(
      'Query parameters other than keywords, and entry fields other than id, are not shown.',
    );
    expectConforms('GET', '/integration/project/search', 200, await search.json());
    const list = await fetch(`${baseUrl}/integration/projects`, { headers: { authorization: API_KEY } });
    expect(list.headers.get('x-mock-gap')).toBeNull();
    await list.body?.cancel();
  });

  it('answers 401 with code 4010 without the API key, as the contract describes', async () => {
    const res = await call('GET', '/integration/projects');
    expect(res.status).toBe(401);
    expectConforms('GET', '/integration/projects', 401, res.body);
    expect(res.body).toMatchObject({ code: '4010' });
  });

  it('asks the webhook calls for a bearer token and refuses an API key', async () => {
    const refused = await call('GET', '/integration/webhook', { headers: { authorization: API_KEY } });
    expect(refused.status).toBe(401);
    expectConforms('GET', '/integration/webhook', 401, refused.body);

    const history = await call('GET', '/integration/webhook/history', {
      headers: { authorization: 'Bearer mock-access-token' },
    });
    expect(history.status).toBe(200);
    expectConforms('GET', '/integration/webhook/history', 200, history.body);
  });
});

describe('Prism mock with real files', () => {
  it('the test files are binary, as real PDF and XLSX files are', () => {
    expect(hasNonAsciiByte(DATA_ROOM_PDF.data)).toBe(true);
    expect(hasNonAsciiByte(DATA_ROOM_XLSX.data)).toBe(true);
  });

  it.each([
    ['a PDF', [DATA_ROOM_PDF]],
    ['an XLSX workbook', [DATA_ROOM_XLSX]],
    ['a PDF and an XLSX workbook', [DATA_ROOM_PDF, DATA_ROOM_XLSX]],
  ])('accepts %s and answers the upload result', async (_what, files) => {
    const res = await call('POST', '/integrationfund/fund/upload', {
      headers: { authorization: API_KEY },
      body: dataRoomForm(files),
    });
    expect(res.violations).toBeNull();
    expect(res.status).toBe(200);
    expectConforms('POST', '/integrationfund/fund/upload', 200, res.body);
  });
});

// Prism's mock is stateless, so the suite's run shares it with the tests above.
describe('the live conformance suite against the Prism mock', () => {
  let report: ConformanceReport;
  beforeAll(async () => {
    report = await runConformance({ ...readOnly(baseUrl), seed: 7 });
  });

  it('finds every answer conforming to the contract', () => {
    const status = (id: string) => report.results.find((r) => r.id === id);
    expect(status('contract.responses-conform')).toMatchObject({ status: 'passed' });
    expect(status('contract.no-undocumented-5xx')).toMatchObject({ status: 'passed' });
  });

  it('fails the rules an example server cannot keep, naming them', () => {
    const failed = report.results.filter((r) => r.status === 'failed').map((r) => r.id);
    // Prism checks that a key is present, not that it is valid; it answers the same example whatever the id asked for.
    expect(failed).toEqual(expect.arrayContaining(['auth.invalid-api-key-401', 'funds.detail-unknown-404']));
    expect(report.summary.failed).toBe(failed.length);
  });
});

// Last: the tests above share this one Prism.
it('stops on SIGTERM with exit code 0, and its port is closed', async () => {
  expect(await script.stop()).toBe(0);
  await expect(fetch(`${baseUrl}/integration/projects`)).rejects.toThrow();
});
