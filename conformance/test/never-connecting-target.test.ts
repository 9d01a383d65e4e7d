// Every command that talks to a target ends in bounded time with exit 3 when the target's host
// never completes a connection (neither answers nor refuses): about 10 s, the time each gives it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main as broker } from '../src/broker/cli.ts';
import { main as verify } from '../src/live/cli.ts';
import { main as pactVerify } from '../src/pact/cli.ts';
import { captureOutput } from './support/captured-output.ts';
import { neverConnectingHost, type NeverConnectingHost } from './doubles/never-connecting-host.ts';

let host: NeverConnectingHost;
beforeAll(async () => {
  host = await neverConnectingHost();
});
afterAll(() => host?.close());

/** The exit code and the seconds a command took. */
async function timed(run: () => Promise<number>): Promise<[number, number]> {
  const started = Date.now();
  const code = await run();
  return [code, (Date.now() - started) / 1000];
}

it('verify, pact-verify and broker exit 3 within 15 s, naming the target', async () => {
  const env = { PATH: process.env.PATH, PACT_BROKER_BASE_URL: host.url, PACT_VERSION: '1', PACT_BRANCH: 'main' };
  const args = ['--base-url', `${host.url}/api`, '--api-key', 'k'];
  let results: [number, number][] = [];
  const output = await captureOutput(async () => {
    results = await Promise.all([
      timed(() => verify(args)),
      timed(() => pactVerify(args)),
      timed(() => broker(['can-i-deploy', '--pacticipant', 'p', '--to-environment', 'production'], env)),
    ]);
    return 0;
  });
  expect(results.map(([code, seconds]) => [code, seconds < 15])).toEqual([
    [3, true],
    [3, true],
    [3, true],
  ]);
  const lines = [...output.out, ...output.err].join('\n');
  expect(lines).toContain(`pact-verify: cannot reach ${host.url}/api: no connection within 10 s`);
  expect(lines).toContain(`broker can-i-deploy: cannot reach ${host.url}`);
  expect(lines).toContain(`${host.url}/api could not be reached`);
}, 30_000);
