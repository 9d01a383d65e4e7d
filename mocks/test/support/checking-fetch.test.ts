// The checking fetch is what makes every other test fail on a contract violation: shown here to
// flag broken responses, and to pass conforming ones.
import { describe, expect, it } from 'vitest';
import { checkingFetch } from './checking-fetch.ts';

function fakeServer(
  status: number,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  return checkingFetch(async () => new Response(body, { status, headers }));
}

const LIST = 'http://127.0.0.1:1/api/integration/projects';

describe('checkingFetch', () => {
  it('passes a conforming response', async () => {
    const checker = fakeServer(
      200,
      JSON.stringify({
        code: '1000',
        title: 'Successful',
        description: '',
        data: [],
        pagination: { page: 0, pageSize: 10, totalCount: 0, nextPage: false },
      }),
    );
    await checker.fetch(LIST);
    expect(checker.violations()).toEqual([]);
    expect(checker.checks).toHaveLength(1);
  });

  const FUND = 'http://127.0.0.1:1/api/integrationfund/fund?fundExtractionId=x';
  const MESSAGE = 'http://127.0.0.1:1/api/integration/processmessage';
  const ok = { code: '1000', title: 'Successful', description: '' };

  it.each([
    ['a fund summary missing its fields', FUND, 200, { metadata: ok, data: { status: 'pending' } }, 'required'],
    ['a message answer whose data is not null', MESSAGE, 200, { metadata: ok, data: {} }, 'null'],
    ['a body that is not an envelope', LIST, 401, { error: 'Unauthorized' }, undefined],
    [
      'a MOCK_ code without X-Mock-Gap',
      LIST,
      400,
      { code: 'MOCK_INVALID_REQUEST', title: 't', description: 'd', data: null },
      'X-Mock-Gap',
    ],
  ])('flags %s', async (_label, url, status, body, mention) => {
    const checker = fakeServer(status, JSON.stringify(body));
    await checker.fetch(url, { method: url === MESSAGE ? 'POST' : 'GET' });
    expect(checker.violations()).toHaveLength(1);
    if (mention !== undefined) expect(checker.violations()[0]).toContain(mention);
  });

  it('flags a body that is not JSON, and a control response that breaks control-api.openapi.yaml', async () => {
    const html = fakeServer(500, '<html>oops</html>', { 'content-type': 'text/html' });
    await html.fetch(LIST);
    expect(html.violations()[0]).toContain('not JSON');
    const control = fakeServer(
      200,
      JSON.stringify({ metadata: { code: '1000', title: 'Successful', description: '' }, data: { available: 'yes' } }),
    );
    await control.fetch('http://127.0.0.1:1/__mock/engine', { method: 'POST' });
    expect(control.violations()).toHaveLength(1);
  });
});
