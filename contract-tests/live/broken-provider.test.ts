// Tests of the tests: the live suite fails on a provider that breaks the contract, and its
// messages name the broken field; the CLI exits 1 and writes the failures into its reports.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_API_KEY, BROKEN_FUND_ID, startBrokenProvider, type BrokenProvider } from './broken-provider.ts';
import type { LiveReport } from './report-types.ts';
import { runLiveSuite } from './run-suite.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
let provider: BrokenProvider;
let report: LiveReport;
let outDir: string;

beforeAll(async () => {
  provider = await startBrokenProvider();
  outDir = await mkdtemp(join(tmpdir(), 'verify-live-'));
  report = await runLiveSuite({ baseUrl: provider.baseUrl, apiKey: BROKEN_API_KEY, allowWrites: false, fundExtractionId: BROKEN_FUND_ID });
});
afterAll(async () => {
  await provider?.close();
  await rm(outDir, { recursive: true, force: true });
});

/** `npm run verify:live -- <args>` with its exit code and output, whatever the exit code. */
function verifyLive(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/verify-live.ts', ...args], { cwd: ROOT }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

const result = (id: string) => {
  const found = report.results.find((r) => r.id === id);
  if (!found) throw new Error(`no result for ${id}`);
  return found;
};

describe('live suite against a broken provider', () => {
  it('fails the company list whose top-level envelope lacks `code`, naming the field', () => {
    const list = result('listProjects');
    expect(list.outcome).toBe('failed');
    expect(list.violations).toContainEqual({ in: 'body', path: '$', message: 'must have required property \'code\' (code) (as ProjectListPage)' });
  });

  it('fails the fund summary whose status is outside the enum, naming $.data.status', () => {
    const fund = result('getFundRunSummary');
    expect(fund.outcome).toBe('failed');
    const status = fund.violations.filter((v) => v.path === '$.data.status');
    expect(status.length).toBeGreaterThan(0);
    expect(status.map((v) => v.message).join(' ')).toContain('"pending","running","completed","error"');
  });

  it('fails a JSON body sent as text/plain on its content type', () => {
    expect(result('searchProjects').violations).toEqual([
      { in: 'headers', path: 'content-type', message: 'must be a JSON media type, got "text/plain"' },
    ]);
  });

  it('fails an operation that answers an unexpected status', () => {
    const refusal = result('getWebhookConfiguration.withApiKey');
    expect(refusal.outcome).toBe('failed');
    expect(refusal.violations[0]).toEqual({ in: 'status', path: '$', message: 'expected HTTP 401, got 404' });
  });

  it('does not chain from a failed response: what needs its ids is not checked, never passed', () => {
    expect(result('getAnalysisDetail')).toMatchObject({ outcome: 'not checked', reason: 'no completed analysis found in the company list' });
    expect(result('getFullReport').outcome).toBe('not checked');
  });

  it('passes what the provider gets right, and counts the failures', () => {
    expect(result('listProjects.withoutCredentials').outcome).toBe('passed');
    expect(report.summary.failed).toBeGreaterThanOrEqual(4);
    expect(report.operations.find((o) => o.operationId === 'listProjects')?.outcome).toBe('failed');
  });
});

describe('npm run verify:live against the broken provider', () => {
  it('exits 1, prints the violations with their JSON paths, and writes JSON and JUnit reports', { timeout: 60_000 }, async () => {
    const reportBase = join(outDir, 'nested', 'live');
    const run = await verifyLive(['--base-url', provider.baseUrl, '--api-key', BROKEN_API_KEY, '--fund-extraction-id', BROKEN_FUND_ID, '--report', reportBase]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAIL\s+getFundRunSummary/);
    expect(run.stdout).toContain('body $.data.status: must be equal to one of the allowed values');
    expect(run.stdout).toContain('RESULT: FAIL');

    const json = JSON.parse(await readFile(`${reportBase}.json`, 'utf8')) as LiveReport;
    expect(json.summary.failed).toBeGreaterThanOrEqual(4);
    const xml = await readFile(`${reportBase}.xml`, 'utf8');
    expect(xml).toContain(`failures="${json.summary.failed}"`);
    expect(xml).toContain('body $.data.status: must be equal to one of the allowed values');
  });

  it('exits 2 when the reports cannot be written', { timeout: 60_000 }, async () => {
    const notAFolder = `${ROOT}package.json/live`;
    const run = await verifyLive(['--base-url', provider.baseUrl, '--api-key', BROKEN_API_KEY, '--report', notAFolder]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Could not write the reports to ${notAFolder}`);
  });

  it('exits 2 with the usage on a missing option', { timeout: 60_000 }, async () => {
    const run = await verifyLive(['--base-url', provider.baseUrl]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Missing --api-key');
    expect(run.stderr).toContain('Usage: npm run verify:live');
  });
});
