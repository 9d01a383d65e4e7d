// On a shared stateful mock the commands leave what they did not own as they found it: verify and
// pact-verify with --session work in that session only; without --session, verify works in a private
// session it drops at the end, and pact-verify with the mock's set-up URL takes a private session, so
// the default session keeps its records, webhook configuration and clock.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSamplePact } from '../../contract-tests/pact/support/sample-pact.ts';
import { startMock, type RunningMock } from '../../mocks/src/server.ts';
import { main as verify } from '../src/live/cli.ts';
import { main as pactVerify } from '../src/pact/cli.ts';
import { captureOutput } from './support/captured-output.ts';

let mock: RunningMock;
let dir: string;
/** Two interactions, one of them in a provider state the set-up call arranges: seconds, not the bundled pact's minute. */
let pact: string;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'mock-session-'));
  pact = await writeSamplePact('mock-session-consumer', dir);
});
afterAll(async () => {
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The control API's view of one session: records, webhook settings, clock. */
async function stateOf(session?: string): Promise<unknown> {
  const answer = await fetch(`${mock.origin}/__mock/state`, {
    headers: session ? { 'x-mock-session': session } : {},
  });
  return ((await answer.json()) as { data: unknown }).data;
}

describe('a shared mock', () => {
  it('verify --session saves its webhook configuration in that session only', async () => {
    const before = await stateOf();
    const run = await captureOutput(() =>
      verify([
        '--base-url',
        mock.baseUrl,
        '--api-key',
        'mock-api-key',
        '--access-token',
        'mock-access-token',
        '--allow-writes',
        '--max-credits',
        '0',
        '--rule',
        'webhooks.save-read-back',
        '--session',
        'verify-job-1',
      ]),
    );
    expect(run.code, run.out.join('\n')).toBe(0);
    expect(run.out.join('\n')).toContain('in mock session verify-job-1');
    expect(await stateOf()).toEqual(before);
    expect(JSON.stringify(await stateOf('verify-job-1'))).toContain('example.invalid/conformance-');
  });

  it('verify without --session works in a private session, dropped at the end: the mock holds what it held', async () => {
    // A mock that holds one named session at most: the run's own must be gone for another to open.
    const small = await startMock({ port: 0, maxSessions: 1 });
    const stateOn = async (headers: Record<string, string> = {}) =>
      fetch(`${small.origin}/__mock/state`, { headers }).then((answer) => answer.json());
    const before = await stateOn();
    const run = await captureOutput(() =>
      verify([
        '--base-url',
        small.baseUrl,
        '--api-key',
        'mock-api-key',
        '--access-token',
        'mock-access-token',
        '--allow-writes',
        '--max-credits',
        '0',
        '--rule',
        'webhooks.save-read-back',
      ]),
    );
    expect(run.code, run.out.join('\n')).toBe(0);
    expect(run.out.join('\n')).toContain('1 rules hold');
    try {
      expect(await stateOn()).toEqual(before);
      expect((await fetch(`${small.origin}/__mock/state`, { headers: { 'x-mock-session': 'next' } })).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('pact-verify with the mock set-up URL leaves the default session, clock included, as it was', async () => {
    const before = await stateOf();
    const setup = ['--provider-states-setup-url', `${mock.origin}/__mock/provider-states`];
    const common = [
      '--pact',
      pact,
      '--base-url',
      mock.baseUrl,
      '--api-key',
      'mock-api-key',
      '--access-token',
      'mock-access-token',
    ];
    const own = await captureOutput(() => pactVerify([...common, ...setup]));
    expect(own.code, own.out.join('\n')).toBe(0);
    expect(own.out.join('\n')).toMatch(/: \d+ verified, 0 failed, 0 not verifiable/);
    expect(await stateOf()).toEqual(before);

    const named = await captureOutput(() => pactVerify([...common, ...setup, '--session', 'pact-job-1']));
    expect(named.code, named.out.join('\n')).toBe(0);
    expect(await stateOf()).toEqual(before);
    // The set-up calls reached the named session: its clock starts where the provider states put it.
    expect(JSON.stringify(await stateOf('pact-job-1'))).toContain('2026-01-01');
  });
});
