// Every path operation carries a curl and a TypeScript sample, and they work as written: the
// TypeScript ones type-check against client/ and both kinds, run against the stateful mock,
// get a 200 that the contract accepts (or complete without an error).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExamples } from '../../client/test/support/readme-examples.ts';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { startMock, type RunningMock } from '../../mocks/src/server.ts';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import { missingSamples, operationSamples, runCurl, runTypeScript, type SampleEnvironment } from './code-samples.ts';

const API_KEY = 'mock-api-key';
const SLOW = { timeout: 180_000 };
// The files the upload samples name, with the magic bytes the mock checks.
const SAMPLE_FILES: Record<string, Buffer> = {
  'Q4-2025-report.pdf': Buffer.from('%PDF-1.4\n% quarterly report\n'),
  'pitch-deck.pdf': Buffer.from('%PDF-1.4\n% pitch deck\n'),
  'capital-account.xlsx': Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
};

let mock: RunningMock | undefined;
let sandbox: SampleEnvironment;
/** The analysis awaiting a manual upload, for the upload sample; the reads need a completed one. */
let manualAnalysisId: string;

/** One call to the mock for the identifiers the samples read from the environment. */
async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${mock?.baseUrl}${path}`, {
    ...init,
    headers: { Authorization: API_KEY, ...init.headers },
  });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body as T;
}

/** The environment a sample runs in: the upload sample gets the analysis that awaits files. */
function environmentFor(operationId: string): SampleEnvironment {
  if (operationId !== 'uploadAnalysisFiles') return sandbox;
  return { ...sandbox, env: { ...sandbox.env, ANALYSIS_ID: manualAnalysisId } };
}

beforeAll(async () => {
  // Processing never finishes during the test, so no webhook delivery is ever attempted.
  mock = await startMock({ port: 0, seed: { processingMs: 3_600_000 } });
  const cwd = await mkdtemp(join(tmpdir(), 'docs-samples-'));
  for (const [name, bytes] of Object.entries(SAMPLE_FILES)) await writeFile(join(cwd, name), bytes);

  const list = await call<{ data: { id: string; analyses: { id: string; status: string }[] }[] }>(
    '/integration/projects?pageSize=100',
    {
      headers: { 'Content-Type': 'application/json' },
    },
  );
  const analysed = list.data.find((p) => p.analyses.some((a) => a.status === 'completed'));
  const completed = analysed?.analyses.find((a) => a.status === 'completed');
  if (!analysed || !completed) throw new Error('The mock seed has no project with a completed analysis.');
  const created = await call<{ data: { analysisId: string } }>('/integration/project', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ companyName: 'Sample Company', projectType: 'projectAnalysisWithFile' }),
  });
  manualAnalysisId = created.data.analysisId;
  const form = new FormData();
  form.append(
    'files',
    new Blob([new Uint8Array(SAMPLE_FILES['Q4-2025-report.pdf'] ?? [])], { type: 'application/pdf' }),
    'Q4-2025-report.pdf',
  );
  const upload = await call<{ data: { folderPath: string } }>('/integrationfund/fund/upload', {
    method: 'POST',
    body: form,
  });
  const run = await call<{ data: { fundExtractionId: string } }>('/integrationfund/fund/run', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Sample Fund', folderPath: upload.data.folderPath }),
  });
  sandbox = {
    cwd,
    env: {
      BASE_URL: mock.baseUrl,
      API_KEY,
      ACCESS_TOKEN: 'mock-access-token',
      PROJECT_ID: analysed.id,
      ANALYSIS_ID: completed.id,
      FOLDER_PATH: upload.data.folderPath,
      FUND_EXTRACTION_ID: run.data.fundExtractionId,
    },
  };
}, 60_000);

afterAll(async () => {
  await mock?.close();
  if (sandbox) await rm(sandbox.cwd, { recursive: true, force: true });
});

const operations = operationSamples(contract);

/** A sample that calls a method the client does not have. */
const BROKEN_SAMPLE = [
  "import { createIntegrationClient } from '@portfolio-integration/client';",
  "const client = createIntegrationClient({ baseUrl: process.env['BASE_URL'] ?? '', apiKey: process.env['API_KEY'] ?? '' });",
  "await client.getFundRun('x');",
].join('\n');
const BROKEN = 'broken';

let typeScriptRun: ReturnType<typeof runTypeScript> | undefined;
/**
 * Every operation's TypeScript sample, then the broken one, in one process (each start costs
 * about a CPU-second), run once for the tests that read it. The upload sample comes after the
 * reads, with the analysis that awaits files.
 */
function runAllTypeScript(): ReturnType<typeof runTypeScript> {
  if (!typeScriptRun) {
    const ordered = [
      ...operations.filter((o) => o.operationId !== 'uploadAnalysisFiles'),
      ...operations.filter((o) => o.operationId === 'uploadAnalysisFiles'),
    ];
    const sources = new Map([
      ...ordered.map((o) => [o.operationId, o.samples.get('TypeScript') ?? ''] as const),
      [BROKEN, BROKEN_SAMPLE] as const,
    ]);
    typeScriptRun = runTypeScript(
      sources,
      sandbox,
      new Map([['uploadAnalysisFiles', environmentFor('uploadAnalysisFiles').env]]),
    );
  }
  return typeScriptRun;
}

let typeCheck: ReturnType<typeof checkExamples> | undefined;
/** Every operation's TypeScript sample, then the broken one, type-checked as one program, once for the tests that read it. */
function typeCheckAll(): ReturnType<typeof checkExamples> {
  typeCheck ??= checkExamples([...operations.map((o) => o.samples.get('TypeScript') ?? ''), BROKEN_SAMPLE]);
  return typeCheck;
}

describe('x-codeSamples', () => {
  it('every path operation has a curl and a TypeScript sample', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(missingSamples(contract)).toEqual([]);
  });

  it('reports an operation whose sample is missing or empty', () => {
    const broken = structuredClone(contract);
    const samples = broken.paths['/integration/processmessage'].post['x-codeSamples'];
    samples.splice(
      samples.findIndex((s) => s.lang === 'curl'),
      1,
    );
    const search = broken.paths['/integration/project/search'].get['x-codeSamples'].find(
      (s) => s.lang === 'TypeScript',
    );
    if (search) search.source = ' ';
    expect(missingSamples(broken)).toEqual(['searchProjects: TypeScript', 'processMessage: curl']);
  });

  it('the TypeScript samples type-check against the client', SLOW, () => {
    const problems = typeCheckAll()
      .filter((p) => p.example <= operations.length)
      .map((p) => ({ ...p, operation: operations[p.example - 1]?.operationId }));
    expect(problems).toEqual([]);
  });
});

describe('the samples against the stateful mock', () => {
  it.each(operations.map((o) => [`${o.operationId} (${o.method.toUpperCase()} ${o.path})`, o] as const))(
    'curl: %s answers 200 as the contract says',
    async (_, { method, path, operationId, samples }) => {
      const { status, body } = await runCurl(samples.get('curl') ?? '', environmentFor(operationId));
      expect(status, JSON.stringify(body)).toBe(200);
      expect(contractValidator().validateResponse(method, path, status, body).violations).toEqual([]);
    },
  );

  it('TypeScript: every sample completes without an error', SLOW, async () => {
    const results = new Map(await runAllTypeScript());
    results.delete(BROKEN);
    expect([...results.keys()].sort()).toEqual(operations.map((o) => o.operationId).sort());
    expect([...results].filter(([, r]) => !r.ok)).toEqual([]);
    // The list sample's search finds the default seed's company, so a reader sees it print something.
    expect(results.get('listProjects')?.output).toContain('Seeded Company');
  });

  it('a curl sample without credentials gets 401, not the 200 the check wants', async () => {
    const { status, body } = await runCurl('curl "$BASE_URL/integration/projects"', sandbox);
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: '4010' });
  });

  it('a TypeScript sample that calls no such method fails both the type-check and the run', SLOW, async () => {
    const brokenExample = operations.length + 1;
    expect(typeCheckAll().filter((p) => p.example === brokenExample)).toEqual([
      expect.objectContaining({ line: 3, message: expect.stringContaining('getFundRun') }),
    ]);
    expect((await runAllTypeScript()).get(BROKEN)).toEqual({
      ok: false,
      output: expect.stringContaining('getFundRun'),
    });
  });
});
