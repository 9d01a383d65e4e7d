// pact-verify against a deployment (the stateful mock, reached by URL): with its set-up call every
// interaction is verified; without it the ones set aside are listed, and --strict or CI=true fails
// on them. Bad usage is one line and exit 2.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { freePort } from '../../../contract-tests/support/free-port.ts';
import { main } from '../../src/pact/cli.ts';
import {
  SAMPLE_COMPANY_LIST,
  SAMPLE_UNKNOWN_KEY,
  writeSamplePact,
} from '../../../contract-tests/pact/support/sample-pact.ts';

let dir: string;
let pactFile: string;
let reportFile: string;
let mock: RunningMock;
let printed: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pact-verify-cli-'));
  pactFile = await writeSamplePact('verify-cli-consumer', dir);
  reportFile = join(dir, 'report.json');
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function verify(...extra: string[]): Promise<number> {
  printed = [];
  const keep = (...args: unknown[]) => void printed.push(args.join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.stubEnv('CI', '');
  return main([
    '--pact',
    pactFile,
    '--provider-base-url',
    mock.baseUrl,
    '--api-key',
    'mock-api-key',
    '--report',
    reportFile,
    ...extra,
  ]);
}

describe('pact-verify', () => {
  it("verifies every interaction through the deployment's set-up call, even with --strict", async () => {
    expect(await verify('--provider-states-setup-url', `${mock.origin}/__mock/provider-states`, '--strict')).toBe(0);
    expect(printed).toContain(
      `portfolio-integration-service at ${mock.baseUrl}: 2 verified, 0 failed, 0 not verifiable\n(report: ${reportFile})`,
    );
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as { verified: string[] };
    expect(report.verified.sort()).toEqual([SAMPLE_UNKNOWN_KEY, SAMPLE_COMPANY_LIST].sort());
  });

  it('lists what needs the set-up call and passes without --strict', async () => {
    expect(await verify()).toBe(0);
    expect(printed.join('\n')).toContain(
      `1 verified, 0 failed, 1 not verifiable\n  NOT VERIFIABLE "${SAMPLE_COMPANY_LIST}": state needs the provider's set-up call`,
    );
  });

  it('fails on an interaction set aside with --strict, or when CI=true', async () => {
    expect(await verify('--strict')).toBe(1);
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    vi.stubEnv('CI', 'true');
    expect(
      await main([
        '--pact',
        pactFile,
        '--provider-base-url',
        mock.baseUrl,
        '--api-key',
        'mock-api-key',
        '--report',
        reportFile,
      ]),
    ).toBe(1);
  });

  it('answers bad usage with one line and exit 2', async () => {
    expect(await verify('--provider-states-setup-url')).toBe(2);
    expect(printed).toEqual(["pact-verify: Option '--provider-states-setup-url <value>' argument missing"]);
    expect(await verify('--pact', join(dir, 'missing.json'))).toBe(2);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^pact-verify: ENOENT/);
  });

  it('ends at once with exit 3 and one line on a closed port, leaving no temporary folder', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/api`;
    const scratch = await mkdtemp(join(tmpdir(), 'pact-verify-tmp-'));
    vi.stubEnv('TMPDIR', scratch);
    printed = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    const started = Date.now();
    try {
      expect(await main(['--base-url', closed, '--api-key', 'k'])).toBe(3);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(printed).toEqual([`pact-verify: cannot reach ${closed}: connect ECONNREFUSED ${closed.slice(7, -4)}`]);
      expect(await readdir(scratch)).toEqual([]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('refuses an unwritable --report before any request, exit 2', async () => {
    for (const report of ['/proc/x/report.json', join(pactFile, 'sub', 'report.json')]) {
      expect(await verify('--report', report)).toBe(2);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatch(/^pact-verify: cannot write into /);
    }
  });
});
