// A test of `npm run test:mutation`: the conformance suite and the model oracle against the mutated
// mock serving a session read back from a stored image (support/read-back-mock.ts), as a team mock
// restarted on its state file serves it. Its companies and analyses are then the tables'
// read-back records (domain/tracked-map.ts, project-table.ts, analysis-table.ts, lazy-records.ts,
// keyword-matches.ts): found by key, listed by owner, paged and filtered without being built,
// built on first touch, changed and added to, and all built at once where a fund run walks them.
// The other mutation tests run a mock that never restarted, where none of that code runs. The
// oracle's model is the unmutated bundle (oracle-against-mock.mutation.ts), never read back: a
// session read back must answer as a fresh one does.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningMock } from '../../../mocks/src/server.ts';
import { catalogue } from '../../src/live/catalogue/index.ts';
import { runConformance } from '../../src/live/run-conformance.ts';
import { fullRun } from '../support/conformance-mock.ts';
import { READ_BACK_SEED, startReadBackMock } from '../support/read-back-mock.ts';
import { call } from '../support/restart-chain.ts';
import { expectUnmutatedModelAgrees, unmutatedInProcessMock } from '../support/unmutated-model.ts';

let mock: RunningMock | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const OVER_ALL_ANSWERS = ['contract.responses-conform', 'contract.no-undocumented-5xx'];

// The areas whose rules read or write companies and analyses; each on a mock of its own, since a
// fund run's company matching builds every record read back and the rules after it would see none.
const GROUPS: Record<string, (id: string) => boolean> = {
  'credentials, envelope and company list': (id) => /^(auth|envelope|companies|search)\./.test(id),
  'analysis reads, full report and messages': (id) => /^(analysis|fullreport|messages)\./.test(id),
  'stateful sequences and every operation': (id) => /^(sequences|contract)\./.test(id),
  'fund upload and runs, then the company list': (id) => id.startsWith('funds.'),
};

describe('the conformance suite against the mutated mock, its session read back from an image', () => {
  for (const [name, inGroup] of Object.entries(GROUPS)) {
    it(`holds: ${name}`, async () => {
      mock = await startReadBackMock();
      const report = await runConformance({
        ...fullRun(mock.baseUrl),
        seed: 1,
        pollTimeoutMs: 1_500,
        deliveryTimeoutMs: 1_000,
        only: catalogue.map((r) => r.id).filter((id) => inGroup(id) || OVER_ALL_ANSWERS.includes(id)),
      });
      // A fund run matches companies by name among every company, which builds every record read
      // back: the company list and reads after it must still hold (a read-back session then lists built records).
      const after = name.startsWith('fund')
        ? await runConformance({
            ...fullRun(mock.baseUrl),
            seed: 2,
            pollTimeoutMs: 1_500,
            deliveryTimeoutMs: 1_000,
            only: catalogue.map((r) => r.id).filter((id) => GROUPS['credentials, envelope and company list']!(id)),
          })
        : undefined;
      expect(
        [...report.results, ...(after?.results ?? [])]
          .filter((r) => r.status === 'failed' || r.status === 'warned')
          .map((r) => [r.id, r.violations[0]]),
      ).toEqual([]);
    });
  }

  // A team's tests trigger an event of the newest company (the control API's default) on a mock
  // restarted before it created any: the newest is the last read back (no webhook saved: 409).
  it('triggers a status event of the newest company read back as the unmutated model does', async () => {
    mock = await startReadBackMock();
    const model = await unmutatedInProcessMock(READ_BACK_SEED);
    try {
      const trigger = { json: { event: 'changedStatus' } };
      expect(await call(mock, 'POST', '/__mock/webhooks/trigger', trigger)).toEqual(
        await call(model, 'POST', '/__mock/webhooks/trigger', trigger),
      );
    } finally {
      await model.close();
    }
  });

  it('answers as the unmutated model, never read back, with writes', async () => {
    mock = await startReadBackMock(undefined, { responseCache: false });
    await expectUnmutatedModelAgrees(fullRun(mock.baseUrl));
  });
});
