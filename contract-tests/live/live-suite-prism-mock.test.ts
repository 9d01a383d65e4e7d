// The suite end to end against Prism's mock of the contract (npm run mock:prism): ids are chained
// from the contract's examples, reads and writes conform, and what cannot run is "not checked".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type RunningPrism } from '../../mocks/prism/prism-process.ts';
import { runLiveSuite } from './run-suite.ts';

let prism: RunningPrism;

beforeAll(async () => {
  prism = await startPrism({ mode: 'mock' }, { port: 0 });
});
afterAll(async () => {
  await prism?.close();
});

describe('live suite against the Prism mock', () => {
  it('passes every check with writes and a token, except the invalid key Prism cannot recognise', async () => {
    const progress: string[] = [];
    const report = await runLiveSuite({
      baseUrl: prism.baseUrl,
      apiKey: 'mock-api-key',
      accessToken: 'mock-access-token',
      allowWrites: true,
      onResult: (r) => progress.push(r.id),
    });
    const failed = report.results.filter((r) => r.outcome === 'failed');
    // Prism checks that an API key is present, not that it is valid (see mocks/prism/README.md).
    expect(failed.map((r) => [r.id, r.violations])).toEqual([['listProjects.invalidApiKey', [{ in: 'status', path: '$', message: 'expected HTTP 401, got 200' }]]]);
    expect(report.summary.notChecked).toBe(0);
    expect(progress).toEqual(report.results.map((r) => r.id));
    const fundRead = report.results.find((r) => r.id === 'getFundRunSummary');
    expect(fundRead?.url).toContain('fundExtractionId=');
  });

  it('reports writes and token calls as not checked without --allow-writes and --access-token', async () => {
    const report = await runLiveSuite({ baseUrl: prism.baseUrl, apiKey: 'mock-api-key', allowWrites: false });
    const reasons = Object.fromEntries(report.results.filter((r) => r.outcome === 'not checked').map((r) => [r.id, r.reason]));
    expect(reasons).toEqual({
      createProject: 'creates data or spends credits: pass --allow-writes',
      processMessage: 'creates data or spends credits: pass --allow-writes',
      uploadAnalysisFiles: 'creates data or spends credits: pass --allow-writes',
      uploadFundFiles: 'creates data or spends credits: pass --allow-writes',
      'uploadFundFiles.addToFolder': 'creates data or spends credits: pass --allow-writes',
      startFundRun: 'creates data or spends credits: pass --allow-writes',
      getFundRunSummary: 'no fund run known: pass --fund-extraction-id, or --allow-writes to start one',
      getWebhookConfiguration: 'no --access-token given',
      createWebhookConfiguration: 'creates data or spends credits: pass --allow-writes',
      updateWebhookConfiguration: 'creates data or spends credits: pass --allow-writes',
      listWebhookDeliveries: 'no --access-token given',
    });
    expect(report.summary.passed + report.summary.failed + report.summary.notChecked).toBe(report.summary.checks);
    const notCheckedOps = report.operations.filter((o) => o.outcome === 'not checked').map((o) => o.operationId);
    expect(notCheckedOps).toEqual(
      expect.arrayContaining(['createProject', 'processMessage', 'uploadAnalysisFiles', 'uploadFundFiles', 'startFundRun', 'getFundRunSummary', 'createWebhookConfiguration', 'updateWebhookConfiguration']),
    );
  });
});
