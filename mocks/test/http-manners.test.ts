// HTTP manners a generic client or tool relies on (issue 16): HEAD on a read, 405 with Allow for
// another method on a known path, 415 for an encoded body, one Authorization header only, and
// undeclared body fields accepted but named in X-Mock-Unknown-Fields.
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN, API_KEY, useMock } from '../../contract-tests/support/mock-under-test.ts';

const mock = useMock();
const auth = { authorization: API_KEY };
const LIST = '/api/integration/projects?page=0&pageSize=5';

function expectMockError(response: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
  expect(response.body).toMatchObject({ title: expect.any(String), description: expect.any(String), data: null });
  expect(response.headers.get('x-mock-gap')).toBeTruthy();
}

/** One raw request over TCP (fetch joins repeated headers into one); resolves with status, headers and body. */
function rawRequest(head: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port } = new URL(mock.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`${head}Host: x\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const [top = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('HEAD', () => {
  it('on a read answers like GET, headers included, without a body', async () => {
    const get = await fetch(`${mock.origin}${LIST}`, { headers: auth });
    const getBody = await get.text();
    const head = await mock.checker.fetch(`${mock.origin}${LIST}`, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const name of ['content-type', 'content-length'])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(getBody));
  });

  it('checks credentials and parameters as GET does', async () => {
    const head = mock.checker.fetch;
    const refused = await head(`${mock.origin}${LIST}`, { method: 'HEAD' });
    expect([refused.status, await refused.text()]).toEqual([401, '']);
    const invalid = await head(`${mock.origin}/api/integration/projects?pageSize=0`, { method: 'HEAD', headers: auth });
    expect([invalid.status, invalid.headers.get('x-mock-gap')]).toEqual([400, expect.any(String)]);
    const webhook = await head(`${mock.origin}/api/integration/webhook`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${ACCESS_TOKEN}` },
    });
    expect(webhook.status).toBe(200);
  });
});

describe('a method the contract does not have on a path it has', () => {
  it.each([
    ['DELETE', '/api/integration/webhook', 'GET, HEAD, POST, PUT'],
    ['PATCH', '/api/integration/projects', 'GET, HEAD'],
    ['GET', '/api/integration/project', 'POST'],
    ['PUT', '/api/integrationfund/fund/run', 'POST'],
  ])('%s %s answers 405 with Allow: %s, in the error envelope', async (method, path, allow) => {
    const response = await mock.raw(path, { method, headers: auth });
    expectMockError(response, 405, 'MOCK_METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe(allow);
    expect(response.body.description).toContain(allow);
  });

  it('an unknown path still answers 404', async () => {
    expectMockError(await mock.raw('/api/nope', { headers: auth }), 404, 'MOCK_NOT_FOUND');
    expectMockError(await mock.raw('/api/integration/projects/extra', { headers: auth }), 404, 'MOCK_NOT_FOUND');
    expectMockError(await mock.raw('/elsewhere', { method: 'DELETE' }), 404, 'MOCK_NOT_FOUND');
  });
});

describe('a body with a content coding', () => {
  const json = JSON.stringify({ companyName: 'Zipped Co', projectType: 'projectNoAnalysis' });
  it.each([
    ['gzip', gzipSync(json)],
    ['br', Buffer.from(json)],
    ['identity, gzip', gzipSync(json)],
  ])(
    'Content-Encoding %s answers 415 MOCK_UNSUPPORTED_CONTENT_ENCODING with Accept-Encoding, and creates nothing',
    async (encoding, body) => {
      const response = await mock.raw('/api/integration/project', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'content-encoding': encoding },
        body,
      });
      expectMockError(response, 415, 'MOCK_UNSUPPORTED_CONTENT_ENCODING');
      expect(response.body.description).toContain('Content-Encoding');
      expect(response.headers.get('accept-encoding')).toBe('identity');
      expect((await mock.control.state()).projects).toHaveLength(1);
    },
  );

  it('Content-Encoding identity is read as usual', async () => {
    const response = await mock.raw('/api/integration/project', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'content-encoding': 'identity' },
      body: json,
    });
    expect(response.status).toBe(200);
  });
});

describe('two Authorization headers', () => {
  it('are refused with 401 4010 and X-Mock-Gap, even when the first is valid', async () => {
    const response = await rawRequest(
      `GET ${LIST} HTTP/1.1\r\nAuthorization: ${API_KEY}\r\nAuthorization: someone-else\r\n`,
    );
    expect(response.status).toBe(401);
    expect(response.headers['x-mock-gap']).toMatch(/more than one Authorization header/);
    expect(JSON.parse(response.body)).toMatchObject({
      code: '4010',
      description: expect.stringContaining('2 Authorization headers'),
    });
    expect((await rawRequest(`GET ${LIST} HTTP/1.1\r\nAuthorization: ${API_KEY}\r\n`)).status).toBe(200);
    expect((await mock.raw(LIST, { headers: auth })).status).toBe(200);
  });
});

describe('unknown body fields', () => {
  const create = (body: Record<string, unknown>) =>
    mock.raw('/api/integration/project', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('are accepted and named in X-Mock-Unknown-Fields', async () => {
    const response = await create({
      companyName: 'Typo Co',
      projectType: 'projectNoAnalysis',
      companyWebsit: 'https://typo.example',
      colour: 'red',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-mock-unknown-fields')).toBe('companyWebsit, colour');
  });

  it('a body with only declared fields gets no such header', async () => {
    const response = await create({
      companyName: 'Exact Co',
      projectType: 'projectNoAnalysis',
      companyWebsite: 'https://exact.example',
    });
    expect(response.status).toBe(200);
    expect(response.headers.has('x-mock-unknown-fields')).toBe(false);
  });

  it('names outside printable ASCII are percent-encoded and the list is bounded', async () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra${i}`, i]));
    const response = await create({
      companyName: 'Odd Co',
      projectType: 'projectNoAnalysis',
      'naïve, 日本': 1,
      ...many,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-mock-unknown-fields')).toMatch(
      /^na%C3%AFve%2C%20%E6%97%A5%E6%9C%AC, extra0, .*, extra18, \(11 more\)$/,
    );
  });
});

describe('validation messages', () => {
  it('name the property and list the allowed values or properties', async () => {
    const post = (path: string, body: unknown) =>
      mock.raw(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify(body),
      });
    const wrongType = await post('/api/integration/project', { companyName: 'x', projectType: 'other' });
    expect(wrongType.body.description).toBe(
      'body.projectType must be one of: projectAnalysisWithFile, projectAnalysisNoFile, projectNoAnalysis',
    );
    const missing = await post('/api/integration/project', { projectType: 'projectNoAnalysis' });
    expect(missing.body.description).toBe('body.companyName is required');
    const extra = await post('/__mock/faults', { companyLists: true });
    expect(extra.body.description).toBe('body.companyLists is not a known property; allowed properties: companyList');
  });
});
