// The Prism copy of the contract carries the server path on every path key, derived from the
// contract's server URL; the upstream and port options are read strictly.
import { describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { prismDocument, serverBasePath } from './prism-document.ts';
import { resolvePort } from './serve-cli.ts';
import { prismUpstream } from './upstream.ts';

describe('prismDocument', () => {
  it('derives the prefix /api from the contract server URL', () => {
    expect(contract.servers[0]?.url).toMatch(/\/api$/);
    expect(serverBasePath()).toBe('/api');
    expect(
      serverBasePath({
        servers: [{ url: '{origin}/v2/api', variables: { origin: { default: 'https://x.example' } } }],
      }),
    ).toBe('/v2/api');
  });

  it('prefixes every path of the contract and keeps each path item as it is', () => {
    const derived = prismDocument() as { paths: Record<string, unknown> };
    const original = contract.paths as Record<string, unknown>;
    expect(Object.keys(derived.paths).sort()).toEqual(
      Object.keys(original)
        .map((p) => `/api${p}`)
        .sort(),
    );
    for (const [path, item] of Object.entries(original)) expect(derived.paths[`/api${path}`]).toBe(item);
  });

  it('with markGaps, declares X-Mock-Gap on the inline responses of operations with an open behaviour, without touching the contract', () => {
    const before = JSON.stringify(contract);
    const derived = prismDocument(undefined, { markGaps: true }) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, { example: string }> }> }>
      >;
    };
    const search = derived.paths['/api/integration/project/search']?.get;
    expect(search?.responses['200']?.headers?.['X-Mock-Gap']?.example).toBe(
      contract.paths['/integration/project/search'].get['x-gap'],
    );
    expect(derived.paths['/api/integration/projects']?.get?.responses['200']?.headers).toBeUndefined();
    expect(JSON.stringify(contract)).toBe(before);
  });

  it('follows a different server path instead of assuming /api', () => {
    const doc = { servers: [{ url: 'https://example.test/v2/' }], paths: { '/things': {} } };
    expect(serverBasePath(doc)).toBe('/v2');
    expect(Object.keys((prismDocument(doc) as { paths: object }).paths)).toEqual(['/v2/things']);
  });
});

describe('prismUpstream', () => {
  it('accepts the base URL or the origin and hands Prism the origin', () => {
    expect(prismUpstream('http://127.0.0.1:4010/api')).toBe('http://127.0.0.1:4010');
    expect(prismUpstream('http://127.0.0.1:4010/api/')).toBe('http://127.0.0.1:4010');
    expect(prismUpstream('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(prismUpstream('https://gw.example.test/tenant/api')).toBe('https://gw.example.test/tenant');
  });

  it('refuses what is not an http(s) URL with a clear message', () => {
    expect(() => prismUpstream('127.0.0.1:4010')).toThrow(/Invalid upstream URL/);
    expect(() => prismUpstream('ftp://host/api')).toThrow(/only http and https/);
  });
});

describe('resolvePort', () => {
  it('takes --port, then PORT, then the fallback', () => {
    expect(resolvePort('4020', { PORT: '4030' }, 4010)).toBe(4020);
    expect(resolvePort(undefined, { PORT: '4030' }, 4010)).toBe(4030);
    expect(resolvePort(undefined, {}, 4010)).toBe(4010);
    expect(resolvePort('0', {}, 4010)).toBe(0);
  });

  it('refuses a port that is not an integer from 0 to 65535', () => {
    for (const bad of ['abc', '-1', '65536', '40.5']) expect(() => resolvePort(bad, {}, 4010)).toThrow(/Invalid port/);
  });
});
