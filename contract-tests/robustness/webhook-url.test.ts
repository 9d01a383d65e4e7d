// A webhook receiver must be reachable over HTTP(S) and must not be the mock itself: URLs at the
// mock's own address (in any spelling of a loopback host) and non-HTTP schemes are refused with a
// clear error, and the saved configuration is left as it was.
import { beforeEach, describe, expect, it } from 'vitest';
import { contractProblems, operationUrl } from './support/contract-answer.ts';
import { resetMock } from '../support/control-api.ts';
import { httpCall } from '../support/http-call.ts';
import { useMockProcess, useWebhookReceiver } from './support/use-servers.ts';

const BEARER = 'Bearer mock-access-token';

const mock = useMockProcess();
const receiver = useWebhookReceiver();
beforeEach(async () => {
  await resetMock(mock.origin);
});

const save = (method: 'POST' | 'PUT', url: unknown) =>
  httpCall(
    operationUrl(mock.baseUrl, method === 'POST' ? 'createWebhookConfiguration' : 'updateWebhookConfiguration'),
    {
      method,
      headers: { authorization: BEARER, 'content-type': 'application/json' },
      body: JSON.stringify({ url, analysisCompleted: true }),
    },
  );
const current = async () =>
  (
    await httpCall(operationUrl(mock.baseUrl, 'getWebhookConfiguration'), {
      method: 'GET',
      headers: { authorization: BEARER },
    })
  ).json.data;

/** The mock's own address in many spellings; `{origin}`, `{base}` and `{port}` are filled in once it runs. */
const SELF_URLS = [
  '{base}/integration/webhook',
  '{origin}/',
  'http://localhost:{port}/hook',
  'http://LOCALHOST.:{port}/hook',
  'http://127.1:{port}/hook',
  'http://2130706433:{port}/hook',
  'http://127.0.0.2:{port}/hook',
  'http://[::1]:{port}/hook',
  'http://[::ffff:127.0.0.1]:{port}/hook',
  'http://0.0.0.0:{port}/hook',
  'https://127.0.0.1:{port}/hook',
];
const fill = (template: string) =>
  template
    .replace('{base}', mock.baseUrl)
    .replace('{origin}', mock.origin)
    .replace('{port}', new URL(mock.origin).port);
const NON_HTTP = [
  'ftp://files.example.com/hook',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'mailto:hooks@example.com',
  'data:text/plain,hook',
  'ws://hooks.example.com/',
  'gopher://hooks.example.com/',
  'urn:isbn:0451450523',
];

describe.each(['POST', 'PUT'] as const)('%s /integration/webhook', (method) => {
  it.each([...SELF_URLS.map((u) => ['the mock itself', u]), ...NON_HTTP.map((u) => ['a non-HTTP scheme', u])])(
    'refuses %s: %s',
    async (_kind, template) => {
      await save('POST', `${receiver.origin}/before`);
      const answer = await save(method, fill(template));
      expect(answer.status, answer.bodyText).toBe(400);
      expect(answer.json.description).toMatch(/url/i);
      expect(
        contractProblems(method === 'POST' ? 'createWebhookConfiguration' : 'updateWebhookConfiguration', answer),
      ).toEqual([]);
      expect((await current()).url).toBe(`${receiver.origin}/before`);
    },
  );

  it.each([
    ['a receiver on another local port', () => `${receiver.origin}/hook`],
    ['an https receiver', () => 'https://hooks.example.com/mock'],
  ])('accepts %s', async (_kind, url) => {
    const answer = await save(method, url());
    expect(
      contractProblems(method === 'POST' ? 'createWebhookConfiguration' : 'updateWebhookConfiguration', answer, {
        contractValid: true,
      }),
    ).toEqual([]);
    expect((await current()).url).toBe(url());
  });
});
