import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { httpRequest } from '../../bench/http-probe.ts';
import { buildMockBundle, type MockBundle } from './mock-bundle.ts';
import type { RunningServer } from '../../bench/server-process.ts';
import { apiKeyHeaders, startMockServer } from '../../bench/servers.ts';

let server: RunningServer | undefined;
let bundle: MockBundle | undefined;
afterAll(async () => {
  await server?.stop();
  await bundle?.remove();
});

describe('the bundled mock', () => {
  it('keeps each module file URL, starts seeded, and serves the API and the control API', async () => {
    bundle = await buildMockBundle();
    const source = readFileSync(bundle.path, 'utf8');
    expect(source).not.toContain('import.meta.url');
    expect(source).toContain(
      JSON.stringify(pathToFileURL(new URL('../../mocks/src/documents-dir.ts', import.meta.url).pathname).href),
    );

    server = await startMockServer(bundle.path, 25);
    expect(server.startupMs).toBeGreaterThan(0);
    const list = await httpRequest(`${server.origin}/api/integration/projects?pageSize=5`, {
      headers: { ...apiKeyHeaders(), 'content-type': 'application/json' },
    });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).pagination).toMatchObject({ totalCount: 25, pageSize: 5 });
    // The control API's document is read beside mocks/src/contract-documents.ts at start-up: reset proves it was found.
    const reset = await httpRequest(`${server.origin}/__mock/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(reset.status).toBe(200);
    const unauthorized = await httpRequest(`${server.origin}/api/integration/projects`, {
      headers: { authorization: 'wrong-key' },
    });
    expect(unauthorized.status).toBe(401);
    expect(JSON.parse(unauthorized.body)).toMatchObject({ code: '4010' });
  });
});
