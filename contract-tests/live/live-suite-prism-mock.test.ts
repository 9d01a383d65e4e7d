// The suite against Prism's mock of the contract (npm run mock:prism), a second provider that
// answers only the contract's examples: every answer conforms to the contract, and the business
// rules Prism cannot know (it ignores page sizes and ids) are reported as failed, by id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type RunningPrism } from '../../mocks/prism/prism-process.ts';
import { readOnly } from './conformance-mock.ts';
import type { ConformanceReport } from './report-types.ts';
import { runConformance } from './run-conformance.ts';

let prism: RunningPrism;
let report: ConformanceReport;

beforeAll(async () => {
  prism = await startPrism({ mode: 'mock' }, { port: 0 });
  report = await runConformance({ ...readOnly(prism.baseUrl), seed: 7 });
});
afterAll(async () => {
  await prism?.close();
});

describe('the catalogue against the Prism mock', () => {
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
