// Prism's validation proxy as a second, independent judge: the conformance rules that send only
// correct requests, driven through `proxy:prism` in front of the stateful mock with writes. Prism
// must see no violation in any request or answer, and the rules must hold through it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type RunningPrism } from '../../mocks/prism/prism-process.ts';
import { prismUpstream } from '../../mocks/prism/upstream.ts';
import { startMock, type RunningMock } from '../../mocks/server.ts';
import { CONFORMANCE_SEED, fullRun } from './conformance-mock.ts';
import { recordingFetch, violationLogLines, type RecordedExchange } from './prism-violations.ts';
import type { ConformanceReport } from './report-types.ts';
import { runConformance } from './run-conformance.ts';

// Rules whose every request is a correct one (no deliberate refusal, no invalid input).
const CORRECT_REQUEST_RULES = [
  'companies.page-default-zero',
  'companies.orderby-ascending',
  'companies.created-is-listed',
  'search.finds-known-company',
  'analysis.detail-of-its-project',
  'analysis.report-of-its-project',
  'fullreport.unselected-part-null',
  'messages.answer-data-null',
  'funds.upload-adds-to-folder',
  'funds.summary-echoes-run',
  'webhooks.save-read-back',
  'webhooks.history-newest-first',
];

describe('Prism proxy in front of the stateful mock', () => {
  let mock: RunningMock;
  let prism: RunningPrism;
  let report: ConformanceReport;
  let exchanges: RecordedExchange[];

  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: CONFORMANCE_SEED });
    prism = await startPrism({ mode: 'proxy', upstream: prismUpstream(mock.baseUrl) }, { port: 0 });
    const recorder = recordingFetch();
    report = await runConformance({ ...fullRun(prism.baseUrl), receiverHost: undefined, only: CORRECT_REQUEST_RULES, fetch: recorder.fetch });
    exchanges = recorder.exchanges;
  });
  afterAll(async () => {
    await prism?.close();
    await mock?.close();
  });

  it('holds every rule through the proxy', () => {
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => [r.id, r.reason, r.violations])).toEqual([]);
    expect(exchanges.length).toBeGreaterThan(CORRECT_REQUEST_RULES.length);
  });

  it('gets no sl-violations header and no violation in the log', () => {
    expect(exchanges.filter((e) => e.violations.length > 0).map((e) => [e.method, e.url, e.violations])).toEqual([]);
    expect(violationLogLines(prism.log())).toEqual([]);
  });
});
