// The conformance suite in `npm test`: against the stateful mock every rule holds, read only (the
// rules a run cannot check are named) and with writes; the CLI's exit codes, --strict, --dry-run
// and its JSON and JUnit reports. The run with writes goes through the broken-provider proxy with
// no break, so it also shows that the proxy of broken-providers.test.ts breaks nothing by itself
// (the same run straight against the mock is the HTTP half of mocks/test/msw/conformance-sameness.test.ts).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import { mockState } from '../../../contract-tests/support/control-api.ts';
import { catalogue } from '../../src/live/catalogue/index.ts';
import { main } from '../../src/live/cli.ts';
import { type BrokenProxy, startBrokenProxy } from '../doubles/broken-proxy.ts';
import { CONFORMANCE_SEED, fullRun, fullRunArgs, readOnly } from '../support/conformance-mock.ts';
import type { ConformanceReport } from '../../src/live/report-types.ts';
import { runConformance } from '../../src/live/run-conformance.ts';

let mock: RunningMock;
let unbroken: BrokenProxy;
let outDir: string;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: CONFORMANCE_SEED });
  unbroken = await startBrokenProxy(mock.origin);
  outDir = await mkdtemp(join(tmpdir(), 'conformance-mock-'));
});
afterAll(async () => {
  await unbroken?.close();
  await mock?.close();
  await rm(outDir, { recursive: true, force: true });
});

/** main(argv) with its printed lines. */
async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (line: string) => out.push(line);
  console.error = (line: string) => err.push(line);
  try {
    const code = await main(argv);
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    [console.log, console.error] = [log, error];
  }
}

/** The run's session, read afterwards (without one, the run's private session is dropped at its end). */
const FULL_RUN_SESSION = 'live-suite-full';
/** The tests that wait on the full run: seconds on a quiet machine, more than 30 s at load 20 (2 cores). */
const FULL_RUN = { timeout: 90_000 };
let sharedFullRun: Promise<{ run: Awaited<ReturnType<typeof cli>>; report: ConformanceReport }> | undefined;
/**
 * The full run with writes (seconds of calls), made once through the command line with --report,
 * through the proxy with no break: the catalogue's test reads the run's report from its JSON file,
 * the command line's test its exit code, output and files.
 */
function fullRunThroughCli(): NonNullable<typeof sharedFullRun> {
  sharedFullRun ??= (async () => {
    const run = await cli([
      ...fullRunArgs(unbroken.baseUrl),
      ...['--run-id', 'mock-full', '--report', join(outDir, 'full'), '--session', FULL_RUN_SESSION],
    ]);
    const report = JSON.parse(await readFile(join(outDir, 'full', 'conformance.json'), 'utf8')) as ConformanceReport;
    return { run, report };
  })();
  return sharedFullRun;
}

describe('the catalogue against the stateful mock', () => {
  it(
    'holds with writes (through the proxy with no break): every rule checked and passed, the budget kept, every record named with the run id',
    FULL_RUN,
    async () => {
      const { report } = await fullRunThroughCli();
      expect(report.results.filter((r) => r.status !== 'passed').map((r) => [r.id, r.reason, r.violations])).toEqual(
        [],
      );
      expect(report.summary).toEqual({
        rules: catalogue.length,
        checked: catalogue.length,
        passed: catalogue.length,
        failed: 0,
        warned: 0,
        notChecked: 0,
      });
      expect(report.creditsSpent).toBeLessThanOrEqual(100);
      expect(report.records.length).toBeGreaterThan(5);
      for (const record of report.records) expect(record.what).toMatch(/mock-full|webhook configuration|51 small PDF/);
      expect(report.restored).toMatch(/^webhook configuration put back/);
      // Every company the run made carries the run id, except the portfolio companies the run with
      // projectMode omitted (bookmark) creates by their own names.
      const state = await mockState(mock.origin, FULL_RUN_SESSION);
      const made = state.projects.filter((p) => !p.id.startsWith('c0ffee00-'));
      expect(made.filter((p) => !p.companyName.includes('conformance-mock-full')).map((p) => p.companyName)).toEqual([
        'Helio Grid Technologies',
        'Tidal Ledger',
        'Lumen Freight',
      ]);
    },
  );

  it('holds read only, sends no write, and names why each write rule is not checked', async () => {
    const before = await mockState(mock.origin);
    const report = await runConformance(readOnly(mock.baseUrl));
    expect(report.summary.failed).toBe(0);
    expect(report.summary.warned).toBe(0);
    expect(report.records).toEqual([]);
    const notChecked = report.results.filter((r) => r.status === 'not checked');
    for (const r of notChecked) expect(r.reason, r.id).toMatch(/--allow-writes|--access-token|no 2xx answer from/);
    expect(report.results.find((r) => r.id === 'companies.page-size-clamped')?.status).toBe('passed');
    const after = await mockState(mock.origin);
    expect([after.projects.length, after.folders.length, after.fundRuns.length, after.credits]).toEqual([
      before.projects.length,
      before.folders.length,
      before.fundRuns.length,
      before.credits,
    ]);
  });

  it('never starts a call beyond --max-credits: with 9 credits no fund run, and says so', async () => {
    const before = await mockState(mock.origin);
    const report = await runConformance({
      ...fullRun(mock.baseUrl),
      maxCredits: 9,
      analysisCost: undefined,
      only: ['funds.run-pending-on-creation', 'companies.manual-upload-accepted'],
    });
    expect(report.results.map((r) => [r.id, r.status, r.reason])).toEqual([
      [
        'companies.manual-upload-accepted',
        'not checked',
        'starts a company analysis, whose cost is a gap of the specification: pass --analysis-cost N',
      ],
      ['funds.run-pending-on-creation', 'not checked', expect.stringContaining('would exceed --max-credits 9')],
    ]);
    expect((await mockState(mock.origin)).credits).toBe(before.credits);
  });
});

describe('the command line', () => {
  it(
    'exits 0 on a full run with writes and writes JSON and JUnit reports with rule id, status, calls and sentence',
    FULL_RUN,
    async () => {
      const { run } = await fullRunThroughCli();
      expect(run.code).toBe(0);
      expect(run.out).toMatch(/\[ 1\/\d+\] PASS\s+auth\.missing-credentials-401/);
      expect(run.out).toMatch(/rules: \d+, checked: \d+, passed: \d+, failed: 0, warned: 0, not checked: 0/);
      expect(run.out).toContain('Records created (named with run id');
      // Not a terminal: no progress bars in the log.
      expect(run.out).not.toMatch(/\[#+-*\] \d+\/\d+/);
      const json = JSON.parse(await readFile(join(outDir, 'full', 'conformance.json'), 'utf8')) as ConformanceReport;
      const clamped = json.results.find((r) => r.id === 'companies.page-size-clamped');
      expect(clamped).toMatchObject({
        status: 'passed',
        spec: 'larger values are clamped to 100',
        calls: [{ method: 'GET', status: 200 }],
      });
      const xml = await readFile(join(outDir, 'full', 'conformance.xml'), 'utf8');
      expect(xml).toContain(`tests="${catalogue.length}" failures="0" errors="0" skipped="0"`);
      expect(xml).toContain('name="companies.page-size-clamped: pageSize above 100 is clamped to 100, not refused"');
    },
  );

  it('fails a read-only --strict run and says what it could not check', async () => {
    const run = await cli(['--base-url', mock.baseUrl, '--api-key', API_KEY, '--strict']);
    expect(run.code).toBe(1);
    expect(run.out).toContain('Not checked (a failure with --strict):');
    expect(run.out).toContain('funds.run-pending-on-creation: creates data, changes a setting or spends credits');
  });

  it('prints the plan with --dry-run and sends nothing', async () => {
    const before = await mockState(mock.origin);
    const run = await cli([...fullRunArgs(mock.baseUrl), '--dry-run']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /RUN  funds\.run-over-50-files-refused\s+uploadFundFiles, startFundRun; 10 credits, 1 record/,
    );
    expect(run.out).toMatch(
      /Worst case: \d+ credits \(24 company analyses counted at --analysis-cost: their cost is a gap of the specification\), \d+ records/,
    );
    const withoutCost = await cli([
      ...fullRunArgs(mock.baseUrl).filter((a, i, all) => a !== '--analysis-cost' && all[i - 1] !== '--analysis-cost'),
      '--dry-run',
    ]);
    expect(withoutCost.out).toMatch(
      /SKIP companies\.manual-upload-accepted[^\n]*\n\s+not checked: starts a company analysis, whose cost is a gap of the specification: pass --analysis-cost N/,
    );
    const after = await mockState(mock.origin);
    expect(after.projects.length).toBe(before.projects.length);
  });

  it('exits 2 with one line on a usage error', async () => {
    for (const argv of [
      ['--base-url', mock.baseUrl],
      ['--base-url', mock.baseUrl, '--api-key', 'k', '--allow-writes'],
      ['--base-url', mock.baseUrl, '--api-key', 'k', '--rule', 'no.such-rule'],
    ]) {
      const run = await cli(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err.split('\n')).toHaveLength(1);
    }
  });
});
