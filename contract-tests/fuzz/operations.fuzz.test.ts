// Fuzzes every operation of the contract against the stateful mock (in its own process): valid and
// deliberately invalid requests generated from the contract. For each request: no server error but
// the documented Error0, an answer that validates against the contract for its status, no success
// for what the contract forbids, and the mock still answers. After each operation: the mock's heap
// stays bounded and nothing was added to Object.prototype.
//
// Seeded and bounded: FUZZ_RUNS requests per operation (default 60; `npm run fuzz` sends 2000),
// FUZZ_SEED, and at most FUZZ_MS_PER_OPERATION of sending per operation.
import { mkdirSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockProcess, type MockProcess } from '../robustness/support/mock-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../robustness/support/webhook-receiver.ts';
import { contractOperations } from './contract-operations.ts';
import { prepareFuzzContext } from './fuzz-context.ts';
import { describeRequest } from './fuzz-request.ts';
import { requestArbitrary } from './request-arbitrary.ts';
import { judgeResponse } from './response-judge.ts';
import { sendRequest } from './send-request.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const MS_PER_OPERATION = Number(process.env.FUZZ_MS_PER_OPERATION ?? Math.max(3_000, RUNS * 60));
/** Heap of the mock after a forced GC at the end of an operation's run (the state is reset before each). */
const HEAP_BOUND = 256 * 1024 * 1024;
const REPORT = new URL('../reports/fuzz-counts.json', import.meta.url);

let mock: MockProcess;
let receiver: WebhookReceiver;
const counts: Record<string, { requests: number; variants: Record<string, number>; failures: number }> = {};

beforeAll(async () => {
  [mock, receiver] = await Promise.all([startMockProcess(), startWebhookReceiver()]);
});

afterAll(async () => {
  await Promise.all([mock?.close(), receiver?.close()]);
  mkdirSync(new URL('.', REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify({ runs: RUNS, seed: SEED, counts }, null, 2)}\n`);
});

/** The mock still answers a cheap, valid request. */
async function stillAnswers(accessToken: string): Promise<string | undefined> {
  if (mock.exited()) return `the mock process ended: ${mock.exited()}`;
  const response = await fetch(`${mock.baseUrl}/integration/webhook`, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) }).catch(
    (error: Error) => error,
  );
  if (response instanceof Error) return `the mock does not answer the next request: ${response.message}`;
  await response.arrayBuffer();
  return response.status === 200 ? undefined : `the next valid request got ${response.status}`;
}

describe.each(contractOperations().map((op) => [`${op.method} ${op.path}`, op] as const))('fuzz %s', (_name, op) => {
  it(`answers ${RUNS} generated requests within the contract`, async () => {
    const ctx = await prepareFuzzContext(mock.origin, mock.baseUrl, receiver.origin);
    const tally = { requests: 0, variants: {} as Record<string, number>, failures: 0 };
    counts[op.operationId] = tally;
    const result = await fc.check(
      fc.asyncProperty(requestArbitrary(op, ctx), async (request) => {
        tally.requests += 1;
        tally.variants[request.variant] = (tally.variants[request.variant] ?? 0) + 1;
        const response = await sendRequest(mock.baseUrl, request).catch((error: Error) => error);
        const problems = response instanceof Error ? [response.message] : judgeResponse(request, response);
        const health = await stillAnswers(ctx.accessToken);
        if (health) problems.push(health);
        if (problems.length) {
          tally.failures += 1;
          throw new Error(`${describeRequest(request)}\n  answer: ${response instanceof Error ? '-' : `${response.status} ${response.bodyText.slice(0, 300)}`}\n  - ${problems.join('\n  - ')}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: MS_PER_OPERATION, markInterruptAsFailure: false, endOnFailure: true },
    );
    expect(result.failed, result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)).toBe(false);
    const memory = await mock.memory();
    expect(memory.polluted, 'keys added to Object.prototype in the mock').toEqual([]);
    expect(memory.heapUsed, `mock heap after GC: ${Math.round(memory.heapUsed / 2 ** 20)} MiB`).toBeLessThan(HEAP_BOUND);
    expect(tally.requests).toBeGreaterThan(0);
  }, MS_PER_OPERATION + 60_000);
});
