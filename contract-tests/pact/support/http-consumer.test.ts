// The one retry for Pact's booking race happens only for that race, and only once.
import { describe, expect, it } from 'vitest';
import { recordAllowingPactRace } from './http-consumer.ts';

const RACE =
  'Test failed for the following reasons:\n\n  Mock server failed with the following mismatches:\n\n\t0) The following request was expected but not received: \n';

function failing(...messages: string[]) {
  let calls = 0;
  const record = async () => {
    const message = messages[calls];
    calls += 1;
    if (message) throw new Error(message);
    return 'recorded';
  };
  return { record, calls: () => calls };
}

describe('recordAllowingPactRace', () => {
  it('records again once when the only failure is a request Pact did not book', async () => {
    const r = failing(RACE);
    await expect(recordAllowingPactRace(r.record)).resolves.toBe('recorded');
    expect(r.calls()).toBe(2);
  });

  it('fails when the request is missing twice', async () => {
    const r = failing(RACE, RACE);
    await expect(recordAllowingPactRace(r.record)).rejects.toThrow('expected but not received');
    expect(r.calls()).toBe(2);
  });

  it('does not retry any other failure', async () => {
    for (const message of ['expected 401, got 500', `${RACE}\t1) The following request was incorrect: POST /api/x`]) {
      const r = failing(message);
      await expect(recordAllowingPactRace(r.record)).rejects.toThrow(message.slice(0, 20));
      expect(r.calls()).toBe(1);
    }
  });
});
