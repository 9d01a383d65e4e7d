// A test of `npm run test:mutation`: the fund rules that poll runs they start, against the mutated
// mock with its response cache on and runs that take 400 ms. The suite's fund group (30 ms runs)
// often reads a run first once it has already ended on a loaded machine, so a mutant that keeps a
// polled run's cached summary `pending` (the scheduler's ran hook not marking the change) passed it;
// here the first read of each run comes before its end and is kept by the cache, as a client would see.
import { afterEach, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { runConformance } from '../../src/live/run-conformance.ts';
import { CONFORMANCE_SEED, fullRun } from '../support/conformance-mock.ts';

const POLLED = ['funds.run-reaches-final-state', 'funds.run-error-outcome', 'funds.mode-default-bookmark'];

let mock: RunningMock | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe('the fund runs the suite polls, against the mutated mock', () => {
  it('end, read through the response cache', async () => {
    mock = await startMock({ port: 0, seed: { ...CONFORMANCE_SEED, processingMs: 400 } });
    const report = await runConformance({
      ...fullRun(mock.baseUrl),
      seed: 1,
      pollTimeoutMs: 4_000,
      deliveryTimeoutMs: 1_000,
      only: POLLED,
    });
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => [r.id, r.status, r.violations[0]])).toEqual(
      [],
    );
  });
});
