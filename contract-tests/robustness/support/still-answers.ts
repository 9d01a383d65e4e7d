// Whether the mock is alive and serving: its process has not ended and a cheap valid request (the
// caller's webhook configuration) gets 200. Returns what is wrong, or undefined. Over node:http
// (contract-tests/support/http-call.ts), not fetch: the fuzzer asks after every request, and undici's fetch costs several
// times the CPU of the request itself.
import { httpCall } from '../../support/http-call.ts';
import type { MockProcess } from './mock-process.ts';

export async function stillAnswers(mock: MockProcess, accessToken: string): Promise<string | undefined> {
  if (mock.exited()) return `the mock process ended: ${mock.exited()}`;
  const response = await httpCall(`${mock.baseUrl}/integration/webhook`, {
    method: 'GET',
    headers: { authorization: `Bearer ${accessToken}` },
    timeoutMs: 10_000,
  }).catch((error: Error) => error);
  if (response instanceof Error) return `the mock does not answer the next request: ${response.message}`;
  return response.status === 200 ? undefined : `the next valid request got ${response.status}`;
}
