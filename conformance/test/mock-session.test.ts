// On a shared stateful mock the commands leave what they did not own as they found it: verify and
// pact-verify with --session work in that session only; without --session, verify works in a private
// session it drops at the end, and pact-verify with the mock's set-up URL takes a private session, so
// the default session keeps its records, webhook configuration and clock. A verify interrupted by
// SIGTERM drops its private session before it exits.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TYPESCRIPT_RUNNER } from '../../contract-tests/support/typescript-runner.ts';
import { startMock, type RunningMock } from '../../mocks/src/server.ts';
import { main as verify } from '../src/live/cli.ts';
import { main as pactVerify } from '../src/pact/cli.ts';
import { expectSignalFreesSlot, NEVER_ENDING_RUNS, pollingVerifyArgs } from './support/interrupted-verify.ts';
import { captureOutput } from './support/captured-output.ts';
import { mockWithSamplePact } from './support/mock-with-sample-pact.ts';

// Two interactions, one of them in a provider state the set-up call arranges: seconds, not the bundled pact's minute.
const fixture = mockWithSamplePact('mock-session-consumer');

/** The control API's view of one session: records, webhook settings, clock. */
async function stateOf(session?: string, on: RunningMock = fixture.mock): Promise<unknown> {
  const answer = await fetch(`${on.origin}/__mock/state`, {
    headers: session ? { 'x-mock-session': session } : {},
  });
  return ((await answer.json()) as { data: unknown }).data;
}

/** verify with writes, one rule that saves a webhook configuration, against `on`. */
const saveWebhookRule = (on: RunningMock, ...extra: string[]) =>
  captureOutput(() =>
    verify([
      ...['--base-url', on.baseUrl, '--api-key', 'mock-api-key', '--access-token', 'mock-access-token'],
      ...['--allow-writes', '--max-credits', '0', '--rule', 'webhooks.save-read-back', ...extra],
    ]),
  );

describe('a shared mock', () => {
  it('verify --session saves its webhook configuration in that session only', async () => {
    const before = await stateOf();
    const run = await saveWebhookRule(fixture.mock, '--session', 'verify-job-1');
    expect(run.code, run.out.join('\n')).toBe(0);
    expect(run.out.join('\n')).toContain('in mock session verify-job-1');
    expect(await stateOf()).toEqual(before);
    expect(JSON.stringify(await stateOf('verify-job-1'))).toContain('example.invalid/conformance-');
  });

  it('verify without --session works in a private session, dropped at the end: the mock holds what it held', async () => {
    // A mock that holds one named session at most: the run's own must be gone for another to open.
    const small = await startMock({ port: 0, maxSessions: 1 });
    try {
      const before = await stateOf(undefined, small);
      const run = await saveWebhookRule(small);
      expect(run.code, run.out.join('\n')).toBe(0);
      expect(run.out.join('\n')).toContain('1 rules hold');
      expect(await stateOf(undefined, small)).toEqual(before);
      expect((await fetch(`${small.origin}/__mock/state`, { headers: { 'x-mock-session': 'next' } })).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('pact-verify with the mock set-up URL leaves the default session, clock included, as it was', async () => {
    const before = await stateOf();
    const setup = ['--provider-states-setup-url', `${fixture.mock.origin}/__mock/provider-states`];
    const common = [
      '--pact',
      fixture.pact,
      '--base-url',
      fixture.mock.baseUrl,
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

describe('an interrupted verify', () => {
  it('drops its private session on SIGTERM (exit 143), so the slot it took is free again', async () => {
    // One named session at most: the run's own takes it.
    const one = await startMock({ port: 0, maxSessions: 1, seed: NEVER_ENDING_RUNS });
    const child = spawn(
      TYPESCRIPT_RUNNER,
      [fileURLToPath(new URL('../src/bin.ts', import.meta.url)), ...pollingVerifyArgs(one.baseUrl)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      await expectSignalFreesSlot(child, one.baseUrl, 'SIGTERM', 143);
    } finally {
      child.kill('SIGKILL');
      await one.close();
    }
  }, 40_000);
});
