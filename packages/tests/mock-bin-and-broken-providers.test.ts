// Once (on Node 24, the current LTS): the installed bins on their own. portfolio-mock run directly
// (SIGTERM by pid, one-line errors and exit codes, --seed), and portfolio-conformance failing
// against deliberately broken providers: the live suite against the mock behind conformance/src/live's
// proxy breaking one rule, the Pact verification against the mock behind a proxy that breaks one answer;
// and portfolio-conformance diff judging the installed contract against itself and a breaking edit.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BREAKS } from '../../conformance/test/doubles/broken-rules.ts';
import { startBrokenProxy, type BrokenProxy } from '../../conformance/test/doubles/broken-proxy.ts';
import { startFakeBroker } from '../../conformance/test/doubles/fake-broker.ts';
import { GAP_DOUBLE_CHOICES, gapDouble } from '../../conformance/test/doubles/gap-double.ts';
import { writeSamplePact } from '../../contract-tests/pact/support/sample-pact.ts';
import { startTamperingProxy, type TamperingProxy } from '../../contract-tests/pact/support/tampering-proxy.ts';
import { freePort } from '../../contract-tests/support/free-port.ts';
import { portIsFree } from './consumer-suite.ts';
import { NODE_VERSIONS } from './support/node-binaries.ts';
import { envFor, runCommand, start } from './support/run-command.ts';

const VERSION = NODE_VERSIONS[2];

describe(`Node ${VERSION}: portfolio-mock run directly`, () => {
  const binary = inject('nodes')[VERSION];
  const project = inject('project');
  const bin = (name: string) => join(project, 'node_modules/.bin', name);

  it('SIGTERM to its pid: closes, exit code 0, port free', async () => {
    const port = await freePort();
    const child = start(binary, bin('portfolio-mock'), ['--port', String(port), '--no-docs'], { cwd: project });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Control API:')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect(output).not.toContain('Documentation:');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await portIsFree(port)).toBe(true);
  });

  describe('one-line errors and exit codes', () => {
    let blocker: Server;
    let busyPort: number;
    beforeAll(async () => {
      blocker = createServer();
      busyPort = await new Promise<number>((resolve) =>
        blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
      );
      await writeFile(join(project, 'bad-seed.json'), JSON.stringify({ credits: 'many' }));
      await writeFile(join(project, 'not-json.json'), '{ credits: 5');
    });
    afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

    it.each([
      [
        ['--port', 'eighty'],
        2,
        /^portfolio-mock: --port must be a whole number from 0 to 65535, got "eighty" \(see --help\)$/,
      ],
      [['--colour'], 2, /^portfolio-mock: Unknown option '--colour' \(see --help\)$/],
      [['--port', '-1'], 2, /^portfolio-mock: --port must be a whole number from 0 to 65535, got "-1" \(see --help\)$/],
      [
        ['--seed', 'missing.json'],
        2,
        /^portfolio-mock: cannot read the seed file missing\.json: ENOENT \(see --help\)$/,
      ],
      [
        ['--seed', 'not-json.json'],
        2,
        /^portfolio-mock: the seed file not-json\.json is not a MockSeed: .+ \(see --help\)$/,
      ],
      [
        ['--seed', 'bad-seed.json', '--port', '0', '--no-docs'],
        2,
        /^portfolio-mock: the seed file bad-seed\.json is not a MockSeed: .*credits.*$/,
      ],
      [
        ['--port', 'BUSY', '--no-docs'],
        3,
        /^portfolio-mock: port \d+ on 127\.0\.0\.1 is already in use \(try --port 0 for a free one\)$/,
      ],
    ] as const)('%j: exit %i, one line', async (args, code, line) => {
      const argv = args.map((a) => (a === 'BUSY' ? String(busyPort) : a));
      const result = await runCommand(binary, bin('portfolio-mock'), argv, { cwd: project, timeoutMs: 20_000 });
      expect(result.code).toBe(code);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(result.stderr.trimEnd()).toMatch(line);
    });

    it('--seed starts from the seed, --api-key and --access-token set the default user', async () => {
      await writeFile(join(project, 'seed.json'), JSON.stringify({ credits: 7 }));
      const child = start(
        binary,
        bin('portfolio-mock'),
        ['--port', '0', '--no-docs', '--seed', 'seed.json', '--api-key', 'team-key', '--access-token', 'team-token'],
        { cwd: project },
      );
      try {
        let output = '';
        await new Promise<void>((resolve, reject) => {
          child.stdout?.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            if (output.includes('Control API:')) resolve();
          });
          child.once('exit', (c) => reject(new Error(`exited ${c}: ${output}`)));
        });
        expect(output).toContain('API key: team-key  access token: team-token');
        const origin = /Control API: (\S+)\/__mock/.exec(output)![1]!;
        const state = (await (await fetch(`${origin}/__mock/state`)).json()) as { data: { credits: number } };
        expect(state.data.credits).toBe(7);
      } finally {
        child.kill('SIGTERM');
      }
    });
  });
});

describe(`Node ${VERSION}: portfolio-mock on awkward ports, hosts, seeds and state files`, () => {
  const binary = inject('nodes')[VERSION];
  const project = inject('project');
  const started: ReturnType<typeof start>[] = [];
  afterAll(() => {
    for (const child of started) child.kill('SIGTERM');
  });

  /** Starts the bin; resolves with what it printed once it listens, or with its exit code. */
  function mockBin(args: string[]): Promise<{ stdout: string; stderr: string; code?: number | null }> {
    const child = start(binary, join(project, 'node_modules/.bin/portfolio-mock'), [...args, '--no-docs'], {
      cwd: project,
    });
    started.push(child);
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('Control API:')) setTimeout(() => resolve({ stdout, stderr }), 100);
      });
      child.once('exit', (code) => resolve({ stdout, stderr, code }));
    });
  }

  it('starts on a port fetch refuses, from a seed saved with a byte-order mark', async () => {
    let port: number | undefined;
    for (const candidate of [6665, 6666, 6667, 6668, 6669, 6000, 10080])
      if (await portIsFree(candidate)) port ??= candidate;
    expect(port, 'one of the ports fetch refuses is free here').toBeDefined();
    await writeFile(join(project, 'bom-seed.json'), `\uFEFF${JSON.stringify({ credits: 9 })}`);
    const result = await mockBin(['--port', String(port), '--seed', 'bom-seed.json']);
    expect(result.code, result.stderr).toBeUndefined();
    expect(result.stdout).toContain(`Stateful mock: http://127.0.0.1:${port}/api`);
    expect(result.stdout).toContain('API key: mock-api-key  access token: mock-access-token');
    expect(result.stderr).toBe('');
  });

  it('--host 0.0.0.0 warns on stderr that the control API is open to the network', async () => {
    const result = await mockBin(['--port', '0', '--host', '0.0.0.0']);
    expect(result.code).toBeUndefined();
    expect(result.stderr.trim()).toMatch(
      /^portfolio-mock: warning: listening on 0\.0\.0\.0, not a loopback address: .*control API/,
    );
  });

  it('a second mock on a state file in use: exit 2, one line; the first keeps it', async () => {
    const first = await mockBin(['--port', '0', '--state-file', 'shared.state']);
    expect(first.code).toBeUndefined();
    const second = await mockBin(['--port', '0', '--state-file', 'shared.state']);
    expect(second.code).toBe(2);
    expect(second.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^portfolio-mock: the state file shared\.state is in use by another mock \(pid \d+/),
    ]);
  });
});

describe(`Node ${VERSION}: portfolio-conformance against deliberately broken providers fails`, () => {
  const binary = inject('nodes')[VERSION];
  const project = inject('project');
  // Through npx once (its exit code 1 reaches the caller); the other failures from the installed bin itself.
  const npxConformance = (args: string[]) =>
    runCommand(binary, 'npx', ['--no', '--', 'portfolio-conformance', ...args], { cwd: project });
  const conformance = (args: string[]) =>
    runCommand(binary, join(project, 'node_modules/.bin/portfolio-conformance'), args, { cwd: project });
  let broken: BrokenProxy;
  let origin: string;
  let mock: ReturnType<typeof start>;
  let proxy: TamperingProxy;

  beforeAll(async () => {
    mock = start(binary, join(project, 'node_modules/.bin/portfolio-mock'), ['--port', '0', '--no-docs'], {
      cwd: project,
    });
    origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      mock.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /Control API: (\S+)\/__mock/.exec(output)?.[1];
        if (found) resolve(found);
      });
      mock.once('exit', (c) => reject(new Error(`mock exited ${c}: ${output}`)));
    });
    broken = await startBrokenProxy(origin, BREAKS['companies.page-size-clamped']);
    proxy = await startTamperingProxy(origin, [
      {
        method: 'GET',
        path: '/api/integrationfund/fund',
        status: 200,
        rewrite: (body) => void ((body.data as Record<string, unknown>).status = 'finished'),
      },
    ]);
  });
  afterAll(async () => {
    await broken?.close();
    await proxy?.close();
    mock?.kill('SIGTERM');
  });

  it('the live suite fails against a provider that breaks one rule, naming its id', async () => {
    const result = await npxConformance(['--base-url', broken.baseUrl, '--api-key', 'mock-api-key']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('RESULT: FAIL');
    expect(result.stdout).toContain('companies.page-size-clamped');
  });

  it('pact-verify fails when the provider answers a fund status outside the contract, naming $.data.status', async () => {
    const result = await conformance([
      'pact-verify',
      '--base-url',
      `${proxy.origin}/api`,
      '--api-key',
      'mock-api-key',
      '--access-token',
      'mock-access-token',
      '--provider-states-setup-url',
      `${origin}/__mock/provider-states`,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAILED "a request for the summary of a completed fund run": \$\.data\.status/);
    expect(proxy.tampered()[0]).toBeGreaterThan(0);
  });

  it('parity lists what a deployment does differently where the specification is silent; the installed mock reads the profile', async () => {
    const double = await startBrokenProxy(origin, gapDouble());
    try {
      const result = await conformance([
        'parity',
        '--base-url',
        double.baseUrl,
        '--api-key',
        'mock-api-key',
        '--report',
        'parity',
      ]);
      expect(result.code, result.stderr).toBe(1);
      for (const id of Object.keys(GAP_DOUBLE_CHOICES)) expect(result.stdout).toContain(`[differs] ${id}`);
    } finally {
      await double.close();
    }
    // A profile the mock cannot follow is refused before it listens: one line, exit 2.
    const profile = JSON.parse(await readFile(join(project, 'parity/parity.json'), 'utf8'));
    profile.gaps[0].deployment.status = 200;
    await writeFile(join(project, 'parity/bad.json'), JSON.stringify(profile));
    const refused = await runCommand(
      binary,
      join(project, 'node_modules/.bin/portfolio-mock'),
      ['--port', '0', '--gap-profile', 'parity/bad.json'],
      { cwd: project },
    );
    expect([refused.code, refused.stderr.trim().split('\n')]).toEqual([
      2,
      [expect.stringMatching(/^portfolio-mock: the gap profile parity\/bad\.json cannot be used: .*status 200/)],
    ]);
  });

  it('a usage error is one line and exit code 2', async () => {
    const result = await conformance(['pact-verify']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'pact-verify: no provider: pass --base-url (the service base URL, ending in /api) or set PROVIDER_BASE_URL',
    ]);
  });
});

describe(`Node ${VERSION}: portfolio-conformance diff on the installed contract`, () => {
  const binary = inject('nodes')[VERSION];
  const project = inject('project');
  const diff = (args: string[]) =>
    runCommand(binary, join(project, 'node_modules/.bin/portfolio-conformance'), ['diff', ...args], {
      cwd: project,
      timeoutMs: 60_000,
    });
  /** The published bundle, the base of every comparison. */
  const BASE = 'node_modules/@portfolio-integration/contract/dist/openapi.json';

  beforeAll(async () => {
    // The head drops an operation, a change every client notices.
    const contract = JSON.parse(await readFile(join(project, BASE), 'utf8')) as { paths: Record<string, unknown> };
    delete contract.paths['/integration/projects'];
    await writeFile(join(project, 'without-list.json'), JSON.stringify(contract));
    await writeFile(join(project, 'not-a-contract.json'), '{ paths: ');
  });

  it('an unchanged contract: exit 0, nothing breaking', async () => {
    const result = await diff(['--base', BASE, '--head', BASE]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('BREAKING (0)');
  });

  it('a removed operation: exit 1, named as breaking (Redocly walk run from the installed @redocly/cli)', async () => {
    const result = await diff(['--base', BASE, '--head', 'without-list.json']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('BREAKING (1)');
    expect(result.stdout).toContain('Path `/integration/projects` was removed');
  });

  it('without --head: the contract the package was built with (no source tree needed), exit 0', async () => {
    const result = await diff(['--base', BASE]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('BREAKING (0)');
  });

  it('broker publish and publish-provider-contract: default pact folder ./pacts and the bundled contract', async () => {
    const broker = await startFakeBroker({ authorization: 'Bearer t' });
    try {
      await mkdir(join(project, 'pacts'), { recursive: true });
      await writeSamplePact('installed-consumer', join(project, 'pacts'));
      await writeFile(join(project, 'conformance.json'), JSON.stringify({ summary: { checked: 3, failed: 0 } }));
      const env = {
        ...envFor(binary),
        PACT_BROKER_BASE_URL: broker.url,
        PACT_BROKER_TOKEN: 't',
        PACT_VERSION: '1.0.0',
        PACT_BRANCH: 'main',
      };
      const run = (args: string[]) =>
        runCommand(binary, join(project, 'node_modules/.bin/portfolio-conformance'), ['broker', ...args], {
          cwd: project,
          env,
          timeoutMs: 60_000,
        });
      const published = await run(['publish']);
      expect(published.code, published.stdout + published.stderr).toBe(0);
      const contract = await run(['publish-provider-contract', '--report', 'conformance.json']);
      expect(contract.code, contract.stdout + contract.stderr).toBe(0);
      const posted = broker.requests.find((r) => r.url.includes('/provider-contracts/'))!.body as {
        contract: { content: string };
      };
      const sent = JSON.parse(Buffer.from(posted.contract.content, 'base64').toString('utf8')) as { openapi: string };
      expect(sent).toEqual(JSON.parse(await readFile(join(project, BASE), 'utf8')));
    } finally {
      await broker.close();
    }
  });

  it('a head that is not JSON: exit 2, one line', async () => {
    const result = await diff(['--base', BASE, '--head', 'not-a-contract.json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^diff: not-a-contract\.json is not JSON or YAML \(.+\)$/),
    ]);
  });
});

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
    const line = readme.split('\n').find((l) => l.startsWith('node_modules/.bin/portfolio-mock --port 4010 &'));
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
