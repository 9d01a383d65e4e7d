// A page on a local dev server (http://localhost:5173) calls the mock on another port: the preflight
// is answered and the answer is readable, by default for loopback origins only; --cors changes that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/server.ts';
import { isLoopbackOrigin, parseCorsSetting } from '../../src/http/cors-setting.ts';

let mock: RunningMock;
let listed: RunningMock;

beforeAll(async () => {
  [mock, listed] = await Promise.all([startMock({ port: 0 }), startMock({ port: 0, cors: ['https://app.example'] })]);
});
afterAll(async () => {
  await Promise.all([mock?.close(), listed?.close()]);
});

const preflight = (target: RunningMock, origin: string) =>
  fetch(`${target.baseUrl}/integration/projects`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,x-mock-session',
    },
  });

describe('CORS', () => {
  it('answers a loopback page’s preflight with 204 and the methods and headers it asked for', async () => {
    const answer = await preflight(mock, 'http://localhost:5173');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization,content-type,x-mock-session');
  });

  it('lets the page read the answer (and the mock’s own headers), twice, with the response cache on', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${mock.baseUrl}/integration/projects?pageSize=1`, {
        headers: { origin: 'http://127.0.0.1:5173', authorization: 'mock-api-key' },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
      expect(answer.headers.get('access-control-expose-headers')).toContain('X-Mock-Gap');
    }
  });

  it('gives nothing to other origins by default, and follows an explicit list', async () => {
    const foreign = await preflight(mock, 'https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(listed, 'https://app.example')).status).toBe(204);
    expect((await preflight(listed, 'http://localhost:5173')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads the setting and knows loopback origins', () => {
    expect(parseCorsSetting('*')).toBe('*');
    expect(parseCorsSetting('https://a.example, http://b.example:8080')).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(() => parseCorsSetting('https://a.example/path')).toThrow(/is not an origin/);
    expect(
      ['http://localhost:3000', 'https://app.localhost', 'http://127.0.0.2', 'http://[::1]:8080'].map(isLoopbackOrigin),
    ).toEqual([true, true, true, true]);
    expect(['http://localhost.evil.example', 'http://10.0.0.1', 'file:///x'].map(isLoopbackOrigin)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
