// A session id in a control path that is not valid percent-encoding is refused in the envelope, and
// the mock goes on: with the response cache on, such a path once ended the process (URIError). The
// MSW handlers answer it as the HTTP mock does (they once answered 500 MOCK_INTERNAL_ERROR).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers } from '../../src/msw/index.ts';
import { startMock, type RunningMock } from '../../src/server.ts';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
});

it('answers 400 to /__mock/sessions/%E0%A4%A/... and keeps serving', async () => {
  const list = () => fetch(`${mock.baseUrl}/integration/projects`, { headers: { authorization: 'mock-api-key' } });
  expect((await list()).status).toBe(200);
  // The list is now kept by the response cache, which reads every request's session before routing.
  const answer = await fetch(`${mock.origin}/__mock/sessions/%E0%A4%A/export`);
  expect(answer.status).toBe(400);
  expect(((await answer.json()) as { code: string }).code).toMatch(/^MOCK_/);
  expect((await list()).status).toBe(200);
});

it('the MSW handlers answer that path as the HTTP mock does: 400 MOCK_INVALID_REQUEST in the envelope', async () => {
  const handlers = createHandlers();
  try {
    const [overHttp, overMsw] = await Promise.all([
      fetch(`${mock.origin}/__mock/sessions/%E0%A4%A/export`),
      handlers.fetch(new Request('http://msw.test/__mock/sessions/%E0%A4%A/export')),
    ]);
    const answer = async (response: Response) => [
      response.status,
      ((await response.json()) as { code: string }).code,
      response.headers.get('x-mock-gap'),
    ];
    expect(await answer(overMsw)).toEqual(await answer(overHttp));
    expect(overMsw.status).toBe(400);
  } finally {
    handlers.close();
  }
});
