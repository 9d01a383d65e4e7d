import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpRequest } from './http-probe.ts';
import { writeRecording } from './recording.ts';
import type { RunningServer } from './server-process.ts';
import { apiKeyHeaders, startReplay } from './servers.ts';

const dir = mkdtempSync(join(tmpdir(), 'bench-replay-'));
const started: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('replay servers', () => {
  it('answer every recorded request alike: bare with the bytes, the Fastify floor with the object', async () => {
    const recording = join(dir, 'recording.json');
    const list = {
      code: '1000',
      title: 'Successful',
      description: '',
      data: [{ id: 'p1' }],
      pagination: { page: 0, pageSize: 10, totalCount: 1, nextPage: false },
    };
    writeRecording(recording, [
      {
        method: 'GET',
        url: '/api/integration/projects?page=0&pageSize=10',
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(list),
      },
      {
        method: 'POST',
        url: '/api/integration/project',
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body: '{"metadata":{"code":"1000"},"data":{"n":1}}',
      },
    ]);
    for (const id of ['bare', 'floor'] as const) {
      const server = await startReplay(id, recording);
      started.push(server);
      const got = await httpRequest(`${server.origin}/api/integration/projects?page=0&pageSize=10`, {
        headers: apiKeyHeaders(),
      });
      expect(got.status, id).toBe(200);
      expect(JSON.parse(got.body), id).toEqual(list);
      const posted = await httpRequest(`${server.origin}/api/integration/project`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"companyName":"x"}',
      });
      expect(JSON.parse(posted.body), id).toEqual({ metadata: { code: '1000' }, data: { n: 1 } });
      const other = await httpRequest(`${server.origin}/api/integration/projects?page=1&pageSize=10`);
      expect(other.status, id).toBe(404);
      expect(other.body, id).toMatch(/no recording for GET/);
    }
  });
});
