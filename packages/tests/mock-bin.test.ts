// Once (on Node 26): the installed portfolio-mock bin on its own: SIGTERM by pid, one-line errors and
// exit codes (5: a --store database a newer release migrated), --seed, ports fetch refuses, --host
// warnings and a state file in use.
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../contract-tests/support/free-port.ts';
import { groupGone, portIsFree, startMockBin } from './consumer-suite.ts';
import { newerSchemaPostgres, type NewerSchemaPostgres } from './support/newer-schema-postgres.ts';
import { NODE_VERSIONS } from './support/node-binaries.ts';
import { envFor, runCommand, start, startUpText } from './support/run-command.ts';

const VERSION = NODE_VERSIONS[2];

describe(`Node ${VERSION}: portfolio-mock run directly`, () => {
  const binary = inject('nodes')[VERSION];
  const project = inject('project');
  const bin = (name: string) => join(project, 'node_modules/.bin', name);

  it('SIGTERM to its pid: closes, exit code 0, port free', async () => {
    const port = await freePort();
    const child = start(binary, bin('portfolio-mock'), ['--port', String(port), '--no-docs'], { cwd: project });
    const output = await startUpText(child);
    expect(output).not.toContain('Documentation:');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await portIsFree(port)).toBe(true);
  });

  it('takes its defaults from the environment (PORT, MOCK_NO_DOCS, MOCK_API_KEY, MOCK_PROCESSING_MS), as npm start does', async () => {
    const port = await freePort();
    const child = start(binary, bin('portfolio-mock'), [], {
      cwd: project,
      env: {
        ...envFor(binary),
        PORT: String(port),
        MOCK_NO_DOCS: '1',
        MOCK_API_KEY: 'key-from-env',
        MOCK_PROCESSING_MS: '100',
      },
    });
    try {
      const output = await startUpText(child);
      expect(output).toContain(`Stateful mock: http://127.0.0.1:${port}/api`);
      expect(output).toContain('API key: key-from-env');
      expect(output).not.toContain('Documentation:');
      // An analysis of 100 ms has nothing left to run once the session's clock moved 150 ms ahead
      // (of the default 3000 ms, its move to progress and its end would still wait).
      const origin = `http://127.0.0.1:${port}`;
      const created = await fetch(`${origin}/api/integration/project`, {
        method: 'POST',
        headers: { Authorization: 'key-from-env', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          companyName: 'Quick Analysis Ltd',
          projectType: 'projectAnalysisNoFile',
          companyWebsite: 'https://quick.example',
        }),
      });
      expect(created.status).toBe(200);
      const clock = await fetch(`${origin}/__mock/clock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ advanceMs: 150 }),
      });
      expect(((await clock.json()) as { data: { pendingJobs: number } }).data.pendingJobs).toBe(0);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('SIGTERM to the pid of npx alone (`kill $!` in a CI script): the mock it started stops too and frees the port', async () => {
    const mock = await startMockBin(binary, project, ['--no-docs']);
    try {
      process.kill(mock.child.pid!, 'SIGTERM');
      // npm and its shell end at once; the mock notices its shell is gone within a second.
      expect(await groupGone(mock.child.pid!, 10_000), mock.output()).toBe(true);
      expect(await portIsFree(mock.port)).toBe(true);
      expect(mock.output()).toMatch(/^portfolio-mock: npx \(pid \d+\) is gone: stopping$/m);
    } finally {
      // The group, even after npx itself has exited: a mock left behind is in it.
      try {
        process.kill(-mock.child.pid!, 'SIGKILL');
      } catch {
        // Nothing of the group is left.
      }
    }
  });

  describe('one-line errors and exit codes', () => {
    let blocker: Server;
    let busyPort: number;
    let newer: NewerSchemaPostgres;
    beforeAll(async () => {
      newer = await newerSchemaPostgres(1000);
      blocker = createServer();
      busyPort = await new Promise<number>((resolve) =>
        blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
      );
      await writeFile(join(project, 'bad-seed.json'), JSON.stringify({ credits: 'many' }));
      await writeFile(join(project, 'not-json.json'), '{ credits: 5');
    });
    afterAll(async () => {
      await newer?.close();
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    });

    it.each([
      [
        ['--port', 'eighty'],
        2,
        /^portfolio-mock: --port must be a whole number from 0 to 65535, got "eighty" \(see --help\)$/,
      ],
      [['--colour'], 2, /^portfolio-mock: Unknown option '--colour' \(see --help\)$/],
      [
        ['--processing-ms', 'soon'],
        2,
        /^portfolio-mock: --processing-ms must be a positive whole number, got "soon" \(see --help\)$/,
      ],
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
      [
        // A database a newer release migrated (schema version 1000; support/newer-schema-postgres.ts).
        ['--store', 'NEWER', '--port', '0', '--no-docs'],
        5,
        /^portfolio-mock: the database postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres was migrated by a newer release of portfolio-mock \(schema version 1000; this release knows up to \d+\): run this node from that release or a later one$/,
      ],
    ] as const)('%j: exit %i, one line', async (args, code, line) => {
      const argv = args.map((a) => (a === 'BUSY' ? String(busyPort) : a === 'NEWER' ? newer.url : a));
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
        const output = await startUpText(child);
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
