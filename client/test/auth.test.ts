import { describe, expect, it } from 'vitest';
import { everyOperation } from './support/every-operation.ts';
import { ACCESS_TOKEN, API_KEY, clientWith, jsonResponse, topLevelBody } from './doubles/fake-fetch.ts';
import { IntegrationError } from '../src/integration-error.ts';

// The specification's rule, written out independently of the contract the client reads it from:
// the webhook configuration and history calls take the bearer token, every other call the raw key.
const BEARER_OPERATIONS = new Set([
  'GET /integration/webhook',
  'POST /integration/webhook',
  'PUT /integration/webhook',
  'GET /integration/webhook/history',
]);

const cases = everyOperation();

describe('Authorization per operation, from the contract security', () => {
  it.each(cases)('$operationId ($method $path) sends exactly one credential', async (c) => {
    const { client, requests } = clientWith(() => jsonResponse(200, c.responseExample));
    await c.invoke(client);
    const header = requests[0]?.headers.get('Authorization');
    const bearer = BEARER_OPERATIONS.has(`${c.method} ${c.path}`);
    expect(header).toBe(bearer ? `Bearer ${ACCESS_TOKEN}` : API_KEY);
    // Never both: the other credential appears nowhere in the request's headers.
    const other = bearer ? API_KEY : ACCESS_TOKEN;
    expect([...(requests[0]?.headers.values() ?? [])].join('\n')).not.toContain(other);
  });

  it('replaces an Authorization header the caller set on a raw call', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, topLevelBody(null)));
    await client.api.GET('/integration/webhook/history', { headers: { Authorization: API_KEY } });
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('refuses a webhook call without an access token, before sending anything', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, {}), { apiKey: API_KEY });
    const error = await client.getWebhookConfiguration().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error).toMatchObject({ kind: 'refused', status: null, code: null });
    expect((error as Error).message).toContain('accessToken');
    expect(requests).toHaveLength(0);
  });

  it('refuses an API-key call without an API key, and never falls back to the bearer token', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, {}), { accessToken: ACCESS_TOKEN });
    await expect(client.getAnalysisDetail('a-1')).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('apiKey'),
    });
    expect(requests).toHaveLength(0);
  });
});
