// 100 fund runs started at once with credits for 30: exactly 30 are accepted, the other 70 get
// 402 Error131, and the balance ends at 0, never below.
import { expect, it } from 'vitest';
import { isIntegrationError } from '../../client/src/index.ts';
import { pdf } from './support/files.ts';
import { TEST_SEED, useMock } from '../../contract-tests/support/mock-under-test.ts';

const mock = useMock();

it('accepts exactly as many concurrent runs as there are credits for', async () => {
  await mock.control.reset({ ...TEST_SEED, credits: 300 });
  const client = mock.client();
  const { data } = await client.uploadFundFiles([pdf('statement.pdf')]);
  const results = await Promise.allSettled(
    Array.from({ length: 100 }, (_, i) => client.startFundRun({ name: `Fund ${i}`, folderPath: data.folderPath })),
  );
  const accepted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.data] : []));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  expect(accepted).toHaveLength(30);
  expect(new Set(accepted.map((run) => run.fundExtractionId)).size).toBe(30);
  expect(refused).toHaveLength(70);
  for (const error of refused) {
    expect(isIntegrationError(error) && [error.status, error.code]).toEqual([402, 'Error131']);
  }
  let state = await mock.control.state();
  expect([state.credits, state.fundRuns.length]).toEqual([0, 30]);
  await mock.control.settle();
  state = await mock.control.state();
  expect(state.credits).toBe(0);
  expect(state.fundRuns.every((run: any) => run.status === 'completed')).toBe(true);
  expect(mock.checker.checks.filter((c) => c.url.endsWith('/fund/run'))).toHaveLength(100);
});
