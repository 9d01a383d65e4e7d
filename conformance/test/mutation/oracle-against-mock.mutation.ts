// A test of `npm run test:mutation`: the model oracle (oracle.matches-model) against the stateful
// mock whose domain logic Stryker mutates. The oracle's model is NOT the sandbox's (mutated)
// mocks/src: it is .oracle-model/model.js, bundled from the original sources before Stryker starts
// (scripts/bundle-oracle-model.ts), which Stryker copies and does not mutate.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { CONFORMANCE_SEED, fullRun, readOnly } from '../support/conformance-mock.ts';
import { expectUnmutatedModelAgrees } from '../support/unmutated-model.ts';

let mock: RunningMock;
beforeEach(async () => {
  mock = await startMock({ port: 0, seed: CONFORMANCE_SEED, responseCache: false });
});
afterEach(async () => {
  await mock?.close();
});

describe('the model oracle against the mutated mock', () => {
  for (const [name, options] of [
    ['read only', readOnly],
    ['with writes', fullRun],
  ] as const) {
    it(`answers as the unmutated model: ${name}`, async () => {
      await expectUnmutatedModelAgrees(options(mock.baseUrl));
    });
  }
});
