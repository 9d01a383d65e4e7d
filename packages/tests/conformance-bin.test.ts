// Once (on Node 26): the installed portfolio-conformance bin on its own: failing against deliberately
// broken providers (the live suite against the mock behind a proxy breaking one rule, the Pact
// verification against the mock behind a proxy that breaks one answer), parity, diff judging the
// installed contract, and the broker's defaults.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { GapProbeId } from '../../common/src/index.ts';
import { BREAKS } from '../../conformance/test/doubles/broken-rules.ts';
import { startBrokenProxy, type BrokenProxy } from '../../conformance/test/doubles/broken-proxy.ts';
import { startFakeBroker } from '../../conformance/test/doubles/fake-broker.ts';
import { GAP_DOUBLE_CHOICES, gapDouble } from '../../conformance/test/doubles/gap-double.ts';
import {
  expectSignalFreesSlot,
  NEVER_ENDING_RUNS,
  pollingVerifyArgs,
} from '../../conformance/test/support/interrupted-verify.ts';
import { writeSamplePact } from '../../contract-tests/pact/support/sample-pact.ts';
import { startTamperingProxy, type TamperingProxy } from '../../contract-tests/pact/support/tampering-proxy.ts';
import { NODE_VERSIONS } from './support/node-binaries.ts';
import { envFor, runCommand, start, startUpText } from './support/run-command.ts';

const VERSION = NODE_VERSIONS[2];

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

  /** The installed mock, started with these arguments, and its origin once it listens. */
  const startMockBin = async (args: string[]) => {
    const child = start(
      binary,
      join(project, 'node_modules/.bin/portfolio-mock'),
      ['--port', '0', '--no-docs', ...args],
      {
        cwd: project,
      },
    );
    const listening = /Control API: (\S+)\/__mock/.exec(await startUpText(child))![1]!;
    return { child, origin: listening };
  };

  beforeAll(async () => {
    ({ child: mock, origin } = await startMockBin([]));
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

  const ALWAYS_REACHED: GapProbeId[] = [
    'errors.unknown-project',
    'errors.unknown-analysis',
    'errors.invalid-parameter',
    'errors.malformed-json',
    'companies.orderby-unknown-field',
    'companies.lookup-shape',
    'search.entry-fields',
    'service.rate-limits',
  ];
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
      // Read only, on the default seed: every behaviour of the double the run touched differs, and the
      // run touched at least the ones a read reaches on any data (errors, the lookup, search, the rate limit).
      const report = JSON.parse(await readFile(join(project, 'parity/parity.json'), 'utf8')) as {
        gaps: { id: GapProbeId; touched: boolean; differs: boolean }[];
      };
      const touched = report.gaps.filter((g) => g.touched && g.id in GAP_DOUBLE_CHOICES).map((g) => g.id);
      expect(report.gaps.filter((g) => g.differs).map((g) => g.id)).toEqual(touched);
      expect(touched).toEqual(expect.arrayContaining(ALWAYS_REACHED));
      for (const id of touched) expect(result.stdout).toContain(`[differs] ${id}`);
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

  it('verify stopped by Ctrl-C (SIGINT) exits 130 and frees the session slot it took on the mock', async () => {
    // One session at most: the run holds its slot while it polls.
    await writeFile(join(project, 'slow-seed.json'), JSON.stringify(NEVER_ENDING_RUNS));
    const one = await startMockBin(['--max-sessions', '1', '--seed', 'slow-seed.json']);
    const run = start(
      binary,
      join(project, 'node_modules/.bin/portfolio-conformance'),
      pollingVerifyArgs(`${one.origin}/api`),
      {
        cwd: project,
      },
    );
    try {
      await expectSignalFreesSlot(run, `${one.origin}/api`, 'SIGINT', 130);
    } finally {
      run.kill('SIGKILL');
      one.child.kill('SIGTERM');
    }
  }, 40_000);

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

  it('a removed operation: exit 1, named as breaking (Redocly walk run from the installed @redocly/cli)', async () => {
    const result = await diff(['--base', BASE, '--head', 'without-list.json']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('BREAKING (1)');
    expect(result.stdout).toContain('Path `/integration/projects` was removed');
  });

  // An unchanged contract (exit 0, nothing breaking) is this run: the head the package was built with
  // is the published bundle; `--head <file>` is read in the runs above and below.
  it('without --head: the contract the package was built with (no source tree needed), exit 0, nothing breaking', async () => {
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
