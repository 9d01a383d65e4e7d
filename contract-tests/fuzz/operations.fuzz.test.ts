// Fuzzes every operation of the contract against the stateful mock (in its own process): valid and
// deliberately invalid requests generated from the contract. For each request: no server error but
// the documented Error0, an answer that validates against the contract for its status, no success
// for what the contract forbids, and the mock still answers. After each operation: the mock's heap
// stays bounded and nothing was added to Object.prototype.
//
// Seeded and bounded. Per operation: first one request of every kind the generators make (valid, and
// each fault and its variants: what a small random count missed, 2026-11-test-time.md), then FUZZ_RUNS
// random requests (default 30; `npm run soak:fuzz` sends 2000), at most FUZZ_MS_PER_OPERATION of sending.
// FUZZ_SEED replays a run; without it each run draws its own seed, printed with a failure.
import { mkdirSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { stillAnswers } from '../robustness/support/still-answers.ts';
import { useMockProcess, useWebhookReceiver } from '../robustness/support/use-servers.ts';
import { replayCommand, runSeed } from '../support/run-seed.ts';
import { contractOperations } from './contract-operations.ts';
import { prepareFuzzContext } from './fuzz-context.ts';
import { describeRequest, type FuzzRequest } from './fuzz-request.ts';
import { kindArbitraries, requestArbitrary } from './request-arbitrary.ts';
import { judgeResponse } from './response-judge.ts';
import { sendRequest } from './send-request.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = runSeed('FUZZ_SEED');
const FILE = 'contract-tests/fuzz/operations.fuzz.test.ts';
/** Draws per generator when looking for its kinds: each kind of a generator is drawn at least once in 16 draws (30 seeds tried). */
const DRAWS_PER_GENERATOR = 16;
// At least 4 s per operation (what `npm test`'s count takes on a loaded machine), 60 ms per random
// request beyond that; a run that stops at the limit says so in the report, and fails when the limit
// stopped it before every kind was sent.
const MS_PER_OPERATION = Number(process.env.FUZZ_MS_PER_OPERATION ?? Math.max(4_000, RUNS * 60));
/** Heap of the mock after a forced GC at the end of an operation's run (the state is reset before each). */
const HEAP_BOUND = 128 * 1024 * 1024;
const REPORT = new URL('../reports/fuzz-counts.json', import.meta.url);

const counts: Record<
  string,
  {
    requests: number;
    variants: Record<string, number>;
    statuses: Record<string, number>;
    failures: number;
    interrupted?: boolean;
    heapMiB?: number;
  }
> = {};

const mock = useMockProcess();
const receiver = useWebhookReceiver();

afterAll(() => {
  mkdirSync(new URL('.', REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify({ runs: RUNS, seed: SEED, counts }, null, 2)}\n`);
});

/** One request of each kind (variant) each generator of the operation makes, drawn with the run's seed. */
function everyKind(generators: fc.Arbitrary<FuzzRequest>[]): [FuzzRequest][] {
  const byKind = new Map<string, FuzzRequest>();
  for (const generator of generators)
    for (const request of fc.sample(generator, { seed: SEED, numRuns: DRAWS_PER_GENERATOR }))
      if (!byKind.has(request.variant)) byKind.set(request.variant, request);
  return [...byKind.values()].map((request) => [request]);
}

describe.each(contractOperations().map((op) => [`${op.method} ${op.path}`, op] as const))(
  'fuzz %s',
  (operation, op) => {
    const name = `answers a request of every kind and ${RUNS} random ones within the contract`;
    it(
      name,
      async () => {
        const ctx = await prepareFuzzContext(mock.origin, receiver.origin);
        const examples = everyKind(kindArbitraries(op, ctx));
        const tally: (typeof counts)[string] = { requests: 0, variants: {}, statuses: {}, failures: 0 };
        counts[op.operationId] = tally;
        const property = fc.asyncProperty(requestArbitrary(op, ctx), async (request) => {
          tally.requests += 1;
          tally.variants[request.variant] = (tally.variants[request.variant] ?? 0) + 1;
          const response = await sendRequest(mock.baseUrl, request).catch((error: Error) => error);
          const status = response instanceof Error ? 'no answer' : String(response.status);
          tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
          const problems = response instanceof Error ? [response.message] : judgeResponse(request, response);
          const health = await stillAnswers(mock, ctx.accessToken);
          if (health) problems.push(health);
          if (problems.length) {
            tally.failures += 1;
            throw new Error(
              `${describeRequest(request)}\n  answer: ${response instanceof Error ? '-' : `${response.status} ${response.bodyText.slice(0, 300)}`}\n  - ${problems.join('\n  - ')}`,
            );
          }
        });
        // Every kind first, whatever the machine's load (a few requests each: no time limit), then the
        // random requests within the time limit.
        let result = await fc.check(property, { seed: SEED, examples, numRuns: examples.length, endOnFailure: true });
        if (!result.failed)
          result = await fc.check(property, {
            seed: SEED,
            numRuns: RUNS,
            interruptAfterTimeLimit: MS_PER_OPERATION,
            markInterruptAsFailure: false,
            endOnFailure: true,
          });
        tally.interrupted = result.interrupted;
        const replay = replayCommand({ FUZZ_SEED: SEED, FUZZ_RUNS: RUNS }, FILE, `fuzz ${operation} ${name}`);
        expect(
          result.failed,
          `${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}\n  seed ${SEED}; replay: ${replay}`,
        ).toBe(false);
        // Every kind was sent.
        expect(
          examples.map(([request]) => request.variant).filter((kind) => !(kind in tally.variants)),
          'kinds not sent',
        ).toEqual([]);
        const memory = await mock.memory();
        tally.heapMiB = Math.round(memory.heapUsed / 2 ** 20);
        expect(memory.polluted, 'keys added to Object.prototype in the mock').toEqual([]);
        expect(memory.heapUsed, `mock heap after GC: ${Math.round(memory.heapUsed / 2 ** 20)} MiB`).toBeLessThan(
          HEAP_BOUND,
        );
        expect(tally.requests).toBeGreaterThan(0);
      },
      MS_PER_OPERATION + 60_000,
    );
  },
);
