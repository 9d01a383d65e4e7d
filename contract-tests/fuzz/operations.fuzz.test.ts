// Fuzzes every operation of the contract against the stateful mock (in its own process): valid and
// deliberately invalid requests generated from the contract. For each request: no server error but
// the documented Error0, an answer that validates against the contract for its status, no success
// for what the contract forbids, and the mock still answers. After each operation: the mock's heap
// stays bounded and nothing was added to Object.prototype.
//
// Seeded and bounded: FUZZ_RUNS requests per operation (default 150; `npm run fuzz` sends 2000),
// FUZZ_SEED, and at most FUZZ_MS_PER_OPERATION of sending per operation.
import { mkdirSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { stillAnswers } from '../robustness/support/still-answers.ts';
import { useMockProcess, useWebhookReceiver } from '../robustness/support/use-servers.ts';
import { contractOperations } from './contract-operations.ts';
import { prepareFuzzContext } from './fuzz-context.ts';
import { describeRequest } from './fuzz-request.ts';
import { requestArbitrary } from './request-arbitrary.ts';
import { judgeResponse } from './response-judge.ts';
import { sendRequest } from './send-request.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
// In `npm test` (no FUZZ_RUNS) 4 s per operation keeps the suite within a minute on a loaded
// machine; a run that stops at the limit says so in the report. With FUZZ_RUNS the limit scales.
const MS_PER_OPERATION = Number(process.env.FUZZ_MS_PER_OPERATION ?? (process.env.FUZZ_RUNS ? RUNS * 60 : 4_000));
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

describe.each(contractOperations().map((op) => [`${op.method} ${op.path}`, op] as const))('fuzz %s', (_name, op) => {
  it(
    `answers ${RUNS} generated requests within the contract`,
    async () => {
      const ctx = await prepareFuzzContext(mock.origin, receiver.origin);
      const tally: (typeof counts)[string] = { requests: 0, variants: {}, statuses: {}, failures: 0 };
      counts[op.operationId] = tally;
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(op, ctx), async (request) => {
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
        }),
        {
          seed: SEED,
          numRuns: RUNS,
          interruptAfterTimeLimit: MS_PER_OPERATION,
          markInterruptAsFailure: false,
          endOnFailure: true,
        },
      );
      tally.interrupted = result.interrupted;
      expect(
        result.failed,
        result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance),
      ).toBe(false);
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
});
