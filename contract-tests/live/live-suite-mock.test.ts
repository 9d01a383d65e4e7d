// The live suite in `npm test`: against the stateful mock with writes allowed and the session
// token, every check runs (ids chained from create and upload into the reads) and conforms; the
// CLI exits 0 and its reports say so.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/types.ts';
import { startMock, type RunningMock } from '../../mocks/server.ts';
import { liveChecks } from './live-checks.ts';
import type { LiveReport } from './report-types.ts';
import { runLiveSuite } from './run-suite.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const CREDENTIALS = { apiKey: 'mock-api-key', accessToken: 'mock-access-token' };
let mock: RunningMock;
let outDir: string;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  outDir = await mkdtemp(join(tmpdir(), 'verify-live-mock-'));
});
afterAll(async () => {
  await mock?.close();
  await rm(outDir, { recursive: true, force: true });
});

describe('live suite against the stateful mock', () => {
  // One run serves every test here: they read different parts of the same report.
  let report: LiveReport;
  beforeAll(async () => {
    report = await runLiveSuite({ baseUrl: mock.baseUrl, ...CREDENTIALS, allowWrites: true });
  });

  it('runs every check with writes allowed and finds no violation', () => {
    const failures = report.results.filter((r) => r.outcome !== 'passed').map((r) => ({ id: r.id, reason: r.reason, violations: r.violations }));
    expect(failures).toEqual([]);
    expect(report.summary).toMatchObject({ checks: liveChecks.length, passed: liveChecks.length, failed: 0, notChecked: 0, violations: 0 });
    expect(report.operations.every((o) => o.outcome === 'passed')).toBe(true);
  });

  it('chains the ids it created into later calls', async () => {
    const byId = (id: string) => report.results.find((r) => r.id === id);
    // Without the create and the run these checks would have nothing to send.
    expect(byId('uploadAnalysisFiles')?.outcome).toBe('passed');
    expect(byId('uploadFundFiles.addToFolder')?.outcome).toBe('passed');
    expect(byId('getFundRunSummary')?.url).toMatch(/fundExtractionId=[0-9a-f-]{36}$/);
    const lookedUp = new URL(byId('listProjects.byId')?.url ?? '').searchParams.get('id');
    const list = await fetch(`${mock.baseUrl}/integration/projects?pageSize=100`, { headers: { authorization: CREDENTIALS.apiKey } });
    const { data } = (await list.json()) as components['schemas']['ProjectListPage'];
    expect(data.find((p) => p.id === lookedUp)?.companyName).toMatch(/^verify-live check /);
  });
});

describe('npm run verify:live against the stateful mock', () => {
  it('exits 0 and writes reports without failures', { timeout: 60_000 }, async () => {
    const reportBase = join(outDir, 'live');
    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/verify-live.ts', '--base-url', mock.baseUrl, '--api-key', CREDENTIALS.apiKey, '--access-token', CREDENTIALS.accessToken, '--allow-writes', '--report', reportBase],
      { cwd: ROOT },
    );
    expect(stdout).toContain('RESULT: PASS');
    expect(stdout).toMatch(/\[ 1\/\d+\] PASS/);
    const json = JSON.parse(await readFile(`${reportBase}.json`, 'utf8')) as LiveReport;
    expect(json.summary.failed).toBe(0);
    expect(await readFile(`${reportBase}.xml`, 'utf8')).toContain(`tests="${json.summary.checks}" failures="0"`);
  });
});
