// Requests Node itself refuses before any route runs (a request head over the size limit, bytes
// that are not HTTP, a broken chunked body) and requests for no operation of the contract (other
// methods: 405, path tricks: 404) still get the contract's error envelope, and the mock keeps serving.
import { beforeAll, describe, expect, it } from 'vitest';
import { operationUrl } from './support/contract-answer.ts';
import { httpCall } from '../support/http-call.ts';
import { useMockProcess } from './support/use-servers.ts';
import { rawExchange } from './support/raw-http.ts';

let port: number;

const mock = useMockProcess();
beforeAll(() => {
  port = Number(new URL(mock.origin).port);
});

const envelope = (json: any) => ({
  code: json?.code,
  hasTitle: typeof json?.title === 'string',
  hasDescription: typeof json?.description === 'string',
  data: json?.data,
});

describe('malformed HTTP', () => {
  it.each([
    [
      'a 40 KB query string',
      `GET /api/integration/projects?search=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\nAuthorization: mock-api-key\r\n\r\n`,
      431,
    ],
    [
      'a 40 KB header',
      `GET /api/integration/projects HTTP/1.1\r\nHost: x\r\nAuthorization: mock-api-key\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
      431,
    ],
    ['bytes that are not HTTP', '\u0000\u0001\u0002 hello\r\n\r\n', 400],
    ['a method with spaces', 'G E T /api/integration/projects HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    [
      'a broken chunked body',
      'POST /api/integration/processmessage HTTP/1.1\r\nHost: x\r\nAuthorization: mock-api-key\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n{}\r\n0\r\n\r\n',
      400,
    ],
    [
      'both Content-Length and chunked',
      'POST /api/integration/processmessage HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
  ])('%s: %d in the error envelope', async (_label, request, status) => {
    const exchange = await rawExchange(port, { start: request, limitMs: 5_000 });
    expect(exchange.status, exchange.text.slice(0, 300)).toBe(status);
    expect(exchange.headers['content-type']).toMatch(/^application\/json/);
    expect(exchange.headers['x-mock-gap']).toMatch(/\S/);
    expect(envelope(exchange.json)).toEqual({
      code: expect.stringMatching(/^MOCK_/),
      hasTitle: true,
      hasDescription: true,
      data: null,
    });
    const next = await httpCall(operationUrl(mock.baseUrl, 'listProjects'), {
      method: 'GET',
      headers: { authorization: 'mock-api-key' },
    });
    expect(next.status).toBe(200);
  });

  it.each([
    ['DELETE', '/api/integration/project'],
    ['TRACE', '/api/integration/project'],
  ])('%s %s (a path of the contract, not this method): 405 with Allow in the error envelope', async (method, path) => {
    const exchange = await rawExchange(port, {
      start: `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: mock-api-key\r\nConnection: close\r\n\r\n`,
      limitMs: 5_000,
    });
    expect(exchange.status, exchange.text.slice(0, 300)).toBe(405);
    expect(exchange.headers.allow).toBe('POST');
    expect(exchange.headers['x-mock-gap']).toMatch(/\S/);
    expect(envelope(exchange.json)).toEqual({
      code: 'MOCK_METHOD_NOT_ALLOWED',
      hasTitle: true,
      hasDescription: true,
      data: null,
    });
  });

  it.each([
    ['GET', '/api//integration/projects'],
    ['GET', '/api/integration/project/../projects'],
    ['GET', '/api/%2e%2e/api/integration/projects'],
    ['GET', '/api/integration/projects%00'],
  ])('%s %s (no operation of the contract): 404 in the error envelope', async (method, path) => {
    const exchange = await rawExchange(port, {
      start: `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: mock-api-key\r\nConnection: close\r\n\r\n`,
      limitMs: 5_000,
    });
    expect(exchange.status, exchange.text.slice(0, 300)).toBe(404);
    expect(exchange.headers['x-mock-gap']).toMatch(/\S/);
    expect(envelope(exchange.json)).toEqual({
      code: 'MOCK_NOT_FOUND',
      hasTitle: true,
      hasDescription: true,
      data: null,
    });
  });
});
