// The test of `npm run test:mutation` (stryker.config.mjs): the conformance suite, with every
// optional flag, against the stateful mock whose domain logic (mocks/src/domain) Stryker mutates.
// A mutant is killed when a rule fails (or warns) against it. The suite is the oracle and shares
// none of the mutated code: conformance/src reaches mocks/src only in the model oracle's model
// (oracle/model.ts, loaded when oracle.matches-model runs), which these groups leave out; the oracle
// runs in oracle-against-mock.mutation.ts with a model bundled from the unmutated sources.
// The catalogue is split by area so that a mutant is run against the areas that reach its code.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { catalogue } from '../../src/live/catalogue/index.ts';
import { runConformance } from '../../src/live/run-conformance.ts';
import { CONFORMANCE_SEED, fullRun } from '../support/conformance-mock.ts';

// A fresh mock for every test (an answer kept from the run of another mutant would hide this one),
// with its response cache on, as the mock runs by default: a change that forgets to mark the state
// changed (touch) is then seen as a stale read, as a client of the mock would see it.
let mock: RunningMock;
beforeEach(async () => {
  mock = await startMock({ port: 0, seed: CONFORMANCE_SEED });
});
afterEach(async () => {
  await mock?.close();
});

const OVER_ALL_ANSWERS = ['contract.responses-conform', 'contract.no-undocumented-5xx'];

const GROUPS: Record<string, (id: string) => boolean> = {
  'credentials, envelope and company list': (id) => /^(auth|envelope|companies|search)\./.test(id),
  'analysis reads, full report and messages': (id) => /^(analysis|fullreport|messages)\./.test(id),
  'fund upload and runs': (id) => id.startsWith('funds.'),
  'webhook settings, deliveries and history': (id) => id.startsWith('webhooks.'),
  'stateful sequences and every operation': (id) => /^(sequences|contract)\./.test(id),
};

describe('the conformance suite against the mutated mock', () => {
  for (const [name, inGroup] of Object.entries(GROUPS)) {
    it(`holds: ${name}`, async () => {
      const report = await runConformance({
        ...fullRun(mock.baseUrl),
        seed: 1,
        // The history rule waits for 11 analyses and their deliveries: on a loaded machine 1.5 s
        // and 1 s left it "not checked" (a history never cut to 10 survived), so that group waits longer.
        pollTimeoutMs: name.startsWith('webhook') ? 4_000 : 1_500,
        deliveryTimeoutMs: name.startsWith('webhook') ? 3_000 : 1_000,
        // The rules over every answer judge each group's own answers against the contract.
        only: catalogue.map((r) => r.id).filter((id) => inGroup(id) || OVER_ALL_ANSWERS.includes(id)),
      });
      expect(
        report.results
          .filter((r) => r.status === 'failed' || r.status === 'warned')
          .map((r) => [r.id, r.violations[0]]),
      ).toEqual([]);
    });
  }
});
