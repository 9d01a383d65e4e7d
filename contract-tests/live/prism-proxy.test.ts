// Prism's validation proxy as a second, independent judge: the live suite driven through
// `proxy:prism` in front of a provider. In front of a broken provider Prism must report the
// violations (header and log); in front of the stateful mock it must report none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type RunningPrism } from '../../mocks/prism/prism-process.ts';
import { startMock, type RunningMock } from '../../mocks/server.ts';
import { prismUpstream } from '../../mocks/prism/upstream.ts';
import { liveChecks } from './live-checks.ts';
import { BROKEN_API_KEY, BROKEN_FUND_ID, startBrokenProvider, type BrokenProvider } from './broken-provider.ts';
import { recordingFetch, violationLogLines, type PrismViolation, type RecordedExchange } from './prism-violations.ts';
import type { LiveReport } from './report-types.ts';
import { runLiveSuite } from './run-suite.ts';

interface ProxiedRun {
  report: LiveReport;
  /** Each exchange with the check that sent it. */
  exchanges: Array<RecordedExchange & { check: string }>;
  logViolations: string[];
}

async function runThroughProxy(prism: RunningPrism, options: Omit<Parameters<typeof runLiveSuite>[0], 'baseUrl' | 'fetch'>): Promise<ProxiedRun> {
  const recorder = recordingFetch();
  const report = await runLiveSuite({ ...options, baseUrl: prism.baseUrl, fetch: recorder.fetch });
  const sent = report.results.filter((r) => r.status !== undefined);
  expect(recorder.exchanges).toHaveLength(sent.length);
  return {
    report,
    exchanges: recorder.exchanges.map((e, i) => ({ ...e, check: sent[i]?.id ?? '?' })),
    logViolations: violationLogLines(prism.log()),
  };
}

const isResponseViolation = (v: PrismViolation) => v.location[0] === 'response';

describe('Prism proxy in front of a broken provider', () => {
  let provider: BrokenProvider;
  let prism: RunningPrism;
  let run: ProxiedRun;

  beforeAll(async () => {
    provider = await startBrokenProvider();
    prism = await startPrism({ mode: 'proxy', upstream: prismUpstream(provider.baseUrl) }, { port: 0 });
    run = await runThroughProxy(prism, { apiKey: BROKEN_API_KEY, allowWrites: false, fundExtractionId: BROKEN_FUND_ID });
  });
  afterAll(async () => {
    await prism?.close();
    await provider?.close();
  });

  it('reports the company list without `code` in sl-violations and in its log', () => {
    const list = run.exchanges.find((e) => e.check === 'listProjects');
    expect(list?.violations.filter(isResponseViolation).map((v) => v.message)).toContain("Response body must have required property 'code'");
    expect(run.logViolations.some((line) => /Violation: response\.body .*required property 'code'/.test(line))).toBe(true);
  });

  it('reports the fund status outside the enum', () => {
    const fund = run.exchanges.find((e) => e.check === 'getFundRunSummary');
    expect(fund?.violations.filter(isResponseViolation).some((v) => v.location.join('.') === 'response.body.data.status')).toBe(true);
  });

  it('passes the upstream answers through unchanged, so the suite fails too', () => {
    expect(run.report.results.find((r) => r.id === 'listProjects')?.outcome).toBe('failed');
    expect(run.report.results.find((r) => r.id === 'getFundRunSummary')?.outcome).toBe('failed');
  });
});

describe('Prism proxy in front of the stateful mock', () => {
  let mock: RunningMock;
  let prism: RunningPrism;
  let run: ProxiedRun;
  // Prism sees a missing or wrong-scheme credential (not an invalid key value): these checks send
  // such requests on purpose, and Prism must flag exactly them, on the request side.
  const deliberateRefusals = new Set(liveChecks.filter((c) => c.auth === 'none' || c.auth === 'apiKeyInsteadOfBearer').map((c) => c.id));

  beforeAll(async () => {
    mock = await startMock({ port: 0 });
    prism = await startPrism({ mode: 'proxy', upstream: prismUpstream(mock.baseUrl) }, { port: 0 });
    run = await runThroughProxy(prism, { apiKey: 'mock-api-key', accessToken: 'mock-access-token', allowWrites: true });
  });
  afterAll(async () => {
    await prism?.close();
    await mock?.close();
  });

  it('runs every check through the proxy and the suite finds no violation', () => {
    expect(run.report.results.filter((r) => r.outcome !== 'passed').map((r) => r.id)).toEqual([]);
    expect(run.exchanges).toHaveLength(liveChecks.length);
  });

  it('gets no sl-violations header on any response, apart from the deliberate credential refusals', () => {
    const flagged = run.exchanges.filter((e) => e.violations.length > 0);
    expect(flagged.map((e) => e.check).sort()).toEqual([...deliberateRefusals].sort());
    for (const e of flagged) {
      expect(e.violations, e.check).toEqual([{ location: ['request'], severity: 'Error', code: 401, message: 'Invalid security scheme used' }]);
    }
  });

  it('logs no violation apart from those refusals', () => {
    expect(run.logViolations).toHaveLength(deliberateRefusals.size);
    for (const line of run.logViolations) expect(line).toMatch(/Violation: request Invalid security scheme used$/);
  });
});
