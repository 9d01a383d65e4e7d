// The specification's multi-step flows as Arazzo workflows (openapi/workflows/*.arazzo.yaml), run
// by `redocly respect` against the stateful mock: every workflow passes; behind a proxy that
// breaks a fund run's first status, the fund flow fails at that step.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { ACCESS_TOKEN, API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import { BREAKS } from '../doubles/broken-rules.ts';
import { startBrokenProxy } from '../doubles/broken-proxy.ts';
import { CONFORMANCE_SEED } from '../support/conformance-mock.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const WORKFLOWS = 'openapi/workflows';
const INPUTS = {
  apiKey: API_KEY,
  accessToken: ACCESS_TOKEN,
  companyName: 'arazzo-flow company',
  fundName: 'arazzo-flow fund',
  webhookUrl: 'https://hooks.example.test/arazzo',
};

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: CONFORMANCE_SEED });
});
afterAll(async () => {
  await mock?.close();
});

/** `redocly respect <files> -S service=<baseUrl> --input ...`, with its exit code and output. */
function respect(files: string[], baseUrl: string): Promise<{ code: number; out: string }> {
  const inputs = Object.entries(INPUTS).flatMap(([name, value]) => ['--input', `${name}=${value}`]);
  return new Promise((resolve) => {
    execFile(
      `${ROOT}node_modules/.bin/redocly`,
      ['respect', ...files, '-S', `service=${baseUrl}`, ...inputs],
      { cwd: ROOT, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}\n${stderr}` });
      },
    );
  });
}

describe('Arazzo workflows', () => {
  it('are the three flows of the specification', async () => {
    expect((await readdir(`${ROOT}${WORKFLOWS}`)).filter((f) => f.endsWith('.arazzo.yaml')).sort()).toEqual([
      'company-analysis.arazzo.yaml',
      'fund-run.arazzo.yaml',
      'webhooks.arazzo.yaml',
    ]);
  });

  it('all pass against the stateful mock with redocly respect', { timeout: 90_000 }, async () => {
    const run = await respect(
      [
        `${WORKFLOWS}/company-analysis.arazzo.yaml`,
        `${WORKFLOWS}/fund-run.arazzo.yaml`,
        `${WORKFLOWS}/webhooks.arazzo.yaml`,
      ],
      mock.baseUrl,
    );
    expect(run.out).not.toMatch(/Workflows: \d+ failed/);
    expect(run.out.match(/Workflows: (\d+) passed, \1 total/g)).toEqual([
      'Workflows: 1 passed, 1 total',
      'Workflows: 2 passed, 2 total',
      'Workflows: 1 passed, 1 total',
    ]);
    expect(run.code).toBe(0);
  });

  it('fail at the step whose rule the provider breaks', { timeout: 90_000 }, async () => {
    const proxy = await startBrokenProxy(mock.origin, BREAKS['funds.run-pending-on-creation']);
    try {
      const run = await respect([`${WORKFLOWS}/fund-run.arazzo.yaml`], proxy.baseUrl);
      expect(run.code).not.toBe(0);
      expect(run.out).toMatch(/✗ POST \/integrationfund\/fund\/run - step start-run/);
      expect(run.out).toContain("$response.body#/data/status == 'pending'");
    } finally {
      await proxy.close();
    }
  });
});
