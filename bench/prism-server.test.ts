import { afterAll, describe, expect, it } from 'vitest';
import { writePrismDocument, type WrittenDocument } from '../mocks/prism/prism-document.ts';
import { httpRequest } from './http-probe.ts';
import { isRunning, processTree } from './proc-stats.ts';
import type { RunningServer } from './server-process.ts';
import { apiKeyHeaders, startPrism } from './servers.ts';

let server: RunningServer | undefined;
let document: WrittenDocument | undefined;
afterAll(async () => {
  await server?.stop();
  await document?.remove();
});

describe('Prism as benchmarked', () => {
  it('serves the contract example under /api, forked from its CLI, and is stopped whole', async () => {
    document = await writePrismDocument();
    server = await startPrism(document.path);
    const list = await httpRequest(`${server.origin}/api/integration/projects?page=0&pageSize=100`, {
      headers: { ...apiKeyHeaders(), 'content-type': 'application/json' },
    });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).data).toHaveLength(1);
    const tree = processTree(server.pid);
    expect(tree.length).toBeGreaterThanOrEqual(2);
    expect(server.peakMemoryBytes()).toBeGreaterThan(100 * 1024 * 1024);
    await server.stop();
    expect(tree.filter(isRunning)).toEqual([]);
  });
});
