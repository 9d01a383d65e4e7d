// Whether the mock is alive and serving: its process has not ended and a cheap valid request (the
// caller's webhook configuration) gets 200. Returns what is wrong, or undefined.
import type { MockProcess } from './mock-process.ts';

export async function stillAnswers(mock: MockProcess, accessToken: string): Promise<string | undefined> {
  if (mock.exited()) return `the mock process ended: ${mock.exited()}`;
  const response = await fetch(`${mock.baseUrl}/integration/webhook`, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) }).catch(
    (error: Error) => error,
  );
  if (response instanceof Error) return `the mock does not answer the next request: ${response.message}`;
  await response.arrayBuffer();
  return response.status === 200 ? undefined : `the next valid request got ${response.status}`;
}
