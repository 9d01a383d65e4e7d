// Once (on Node 26): the installed conformance package's README "Conformance in CI" one-liner run by
// bash against a fresh mock, and its commands against a closed port. A file of its own: the one-liner
// runs the whole suite with writes, the longest single test of the package tests.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../contract-tests/support/free-port.ts';
import { portIsFree } from './consumer-suite.ts';
import { NODE_VERSIONS } from './support/node-binaries.ts';
import { envFor, runCommand } from './support/run-command.ts';

const VERSION = NODE_VERSIONS[2];

describe(`Node ${VERSION}: the installed conformance package's README and unreachable targets`, () => {
  const binary = inject('nodes')[VERSION];
  const project = inject('project');
  const conformance = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    runCommand(binary, join(project, 'node_modules/.bin/portfolio-conformance'), args, {
      cwd: project,
      timeoutMs: 30_000,
      env: { ...envFor(binary), ...env },
    });

  it('"Conformance in CI, against the mock": the one-liner passes --strict on a fresh mock and stops it', async () => {
    const readme = await readFile(join(project, 'node_modules/@portfolio-integration/conformance/README.md'), 'utf8');
    const line = readme.split('\n').find((l) => l.startsWith('node_modules/.bin/portfolio-mock --port 4010 '));
    expect(line, 'the README has the one-liner').toBeDefined();
    expect(line).toContain('--strict');
    const port = await freePort();
    const result = await runCommand(binary, 'bash', ['-c', line!.replaceAll('4010', String(port))], {
      cwd: project,
      timeoutMs: 90_000,
    });
    expect(result.code, `${result.stdout.slice(-3000)}\n${result.stderr.slice(-2000)}`).toBe(0);
    expect(result.stdout).toMatch(/rules: (\d+), checked: \1, passed: \1, failed: 0, warned: 0, not checked: 0/);
    expect(result.stdout).toContain('RESULT: PASS');
    expect(await portIsFree(port)).toBe(true);
  });

  it('pact-verify and broker against a closed port: exit 3 within seconds, one line, no stack', async () => {
    const closed = await freePort();
    for (const [args, env] of [
      [['pact-verify', '--base-url', `http://127.0.0.1:${closed}/api`, '--api-key', 'k'], {}],
      [
        ['broker', 'can-i-deploy', '--pacticipant', 'p', '--to-environment', 'production', '--version', '1'],
        { PACT_BROKER_BASE_URL: `http://127.0.0.1:${closed}` },
      ],
    ] as const) {
      const started = Date.now();
      const result = await conformance([...args], env);
      expect(Date.now() - started, args.join(' ')).toBeLessThan(10_000);
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/: cannot reach http:\/\/127\.0\.0\.1:\d+/),
      ]);
    }
  });
});
