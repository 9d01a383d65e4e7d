// What one Node version proves about the installed packages, from a consumer project outside the
// repository: the client by ESM import and CommonJS require against the mock started with npx, the
// declarations under tsc (node16, nodenext, bundler; strict flags), a browser bundle of the main
// entry, the conformance bin passing against the mock, and the mock stopping on SIGTERM.
import type { ChildProcess } from 'node:child_process';
import { cp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../contract-tests/support/free-port.ts';
import { TS_CONSUMERS } from './support/consumer-configs.ts';
import type { NodeVersion } from './support/node-binaries.ts';
import { runCommand, start, type CommandResult } from './support/run-command.ts';

const CONSUMER_FILES = fileURLToPath(new URL('./consumer/', import.meta.url));
const API_KEY = 'mock-api-key';
const ACCESS_TOKEN = 'mock-access-token';

export interface StartedMock {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  origin: string;
  startupMs: number;
  output(): string;
}

/** `npx portfolio-mock --port <free>` in its own process group, as a terminal or a CI job runs it. */
export async function startMockBin(binary: string, cwd: string, extraArgs: string[] = []): Promise<StartedMock> {
  const port = await freePort();
  const started = performance.now();
  const child = start(binary, 'npx', ['--no', '--', 'portfolio-mock', '--port', String(port), ...extraArgs], { cwd, detached: true });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portfolio-mock did not start within 30 s:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // The control API line comes last: by then every line of the start-up text is there.
      const url = output.includes('Control API:') ? /Stateful mock: (\S+)/.exec(output)?.[1] : undefined;
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portfolio-mock exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, port, baseUrl, origin: new URL(baseUrl).origin, startupMs: Math.round(performance.now() - started), output: () => output };
}

/** True when nothing listens on the port any more. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Waits until no process of the group is left. */
export async function groupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return true;
    }
  }
  return false;
}

export function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  }
}

const failure = (result: CommandResult) => `exit ${result.code}\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`;

/**
 * `typescript`: the consumer settings compiled on this version. tsc is the same JavaScript program
 * on every Node version and the declarations do not change with it, so the three settings are
 * spread over the three versions (each a full, slow check with skipLibCheck off) rather than
 * repeated nine times.
 */
export function consumerSuite(version: NodeVersion, extra: { typescript: (keyof typeof TS_CONSUMERS)[]; misuse?: boolean }): void {
  describe(`Node ${version}: a consumer project with the four tarballs installed`, () => {
    const { binary, project } = inject('nodes')[version];
    const tools = inject('tools');
    const tsc = join(tools, 'node_modules/typescript/bin/tsc');
    let mock: StartedMock;

    beforeAll(async () => {
      await cp(CONSUMER_FILES, project, { recursive: true });
      for (const [mode, config] of Object.entries(TS_CONSUMERS)) await writeFile(join(project, `tsconfig.${mode}.json`), JSON.stringify(config, null, 2));
      mock = await startMockBin(binary, project);
      console.log(`Node ${version}: portfolio-mock answered ${mock.startupMs} ms after npx started`);
    });
    afterAll(() => {
      if (mock) stopGroup(mock.child, 'SIGKILL');
    });

    it('npx portfolio-mock prints its URLs and credentials, answers, and serves the docs', async () => {
      expect(mock.output()).toContain(`Documentation: ${mock.origin}/docs/`);
      expect(mock.output()).toContain(`API key: ${API_KEY}  access token: ${ACCESS_TOKEN}`);
      expect(mock.output()).toContain(`Control API: ${mock.origin}/__mock`);
      const list = await fetch(`${mock.baseUrl}/integration/projects`, { headers: { Authorization: API_KEY, 'Content-Type': 'application/json' } });
      expect(list.status).toBe(200);
      const docs = await fetch(`${mock.origin}/docs/`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('Portfolio');
    });

    it('plain ESM: import of the client and of /node, calling the mock', async () => {
      const result = await runCommand(binary, binary, ['esm.mjs', mock.baseUrl, API_KEY, project], { cwd: project });
      expect(result.code, failure(result)).toBe(0);
      const out = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(out).toMatchObject({ created: '1000', analysis: 'completed', refused: 'unauthorized', sameErrorClass: true, stored: ['statement.pdf'] });
      expect((out.pageSizes as number[])[0]).toBeGreaterThan(0);
    });

    it('plain CommonJS: require of the client and of /node, calling the mock', async () => {
      const result = await runCommand(binary, binary, ['cjs.cjs', mock.baseUrl, API_KEY], { cwd: project });
      expect(result.code, failure(result)).toBe(0);
      const out = JSON.parse(result.stdout) as { firstPage: number; total: number; missing: string; sameErrorClass: boolean };
      expect(out.firstPage).toBeGreaterThan(0);
      expect(out).toMatchObject({ missing: 'not-found', sameErrorClass: true });
    });

    it.each(extra.typescript)('TypeScript, %s, strict flags and skipLibCheck false: compiles', async (mode) => {
      const result = await runCommand(binary, binary, [tsc, '-p', `tsconfig.${mode}.json`], { cwd: project });
      expect(result.code, failure(result)).toBe(0);
    });

    if (extra.misuse) {
      it('TypeScript: the same check rejects a misuse of the client', async () => {
        await writeFile(join(project, 'tsconfig.misuse.json'), JSON.stringify({ ...TS_CONSUMERS.nodenext, files: ['misuse.ts'] }));
        const result = await runCommand(binary, binary, [tsc, '-p', 'tsconfig.misuse.json'], { cwd: project });
        expect(result.code).not.toBe(0);
        expect(result.stdout).toMatch(/misuse\.ts\(4,\d+\): error TS2322/);
      });
    }

    it('esbuild, platform browser: bundles a consumer of the main entry with no Node module', async () => {
      const script = join(tools, `bundle-${version}.mjs`);
      await writeFile(
        script,
        `import { build } from 'esbuild';
const result = await build({ entryPoints: [process.argv[2]], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'error', absWorkingDir: process.argv[3] });
console.log(JSON.stringify({ bytes: result.outputFiles[0].contents.length, inputs: Object.keys(result.metafile.inputs) }));`,
      );
      const result = await runCommand(binary, binary, [script, join(project, 'browser.ts'), project], { cwd: project });
      expect(result.code, failure(result)).toBe(0);
      const { bytes, inputs } = JSON.parse(result.stdout) as { bytes: number; inputs: string[] };
      expect(inputs.some((input) => input.includes('@portfolio-integration/client/dist/esm/client/index.js'))).toBe(true);
      expect(inputs.filter((input) => input.startsWith('node:') || input.includes('node.js'))).toEqual([]);
      expect(bytes).toBeGreaterThan(0);
    });

    it('npx portfolio-conformance --base-url <the mock> passes', async () => {
      const args = ['--no', '--', 'portfolio-conformance', '--base-url', mock.baseUrl, '--api-key', API_KEY, '--access-token', ACCESS_TOKEN, '--allow-writes', '--max-credits', '100'];
      const result = await runCommand(binary, 'npx', args, { cwd: project });
      expect(result.code, failure(result)).toBe(0);
      expect(result.stdout).toContain('RESULT: PASS');
    });

    it('npx portfolio-conformance pact-verify --base-url <the mock> verifies every interaction of the bundled pact', async () => {
      const result = await runCommand(binary, 'npx', ['--no', '--', 'portfolio-conformance', 'pact-verify', '--base-url', mock.baseUrl, '--api-key', API_KEY, '--access-token', ACCESS_TOKEN, '--provider-states-setup-url', `${new URL(mock.baseUrl).origin}/__mock/provider-states`], { cwd: project });
      expect(result.code, failure(result)).toBe(0);
      expect(result.stdout).toMatch(/: [1-9]\d* verified, 0 failed, 0 not verifiable/);
    });

    it('SIGTERM to npx and its children (the process group, as Ctrl-C or a CI job sends it) stops all of them and frees the port', async () => {
      const exited = new Promise<void>((resolve) => mock.child.once('exit', () => resolve()));
      stopGroup(mock.child, 'SIGTERM');
      await exited;
      expect(await groupGone(mock.child.pid!, 10_000)).toBe(true);
      expect(await portIsFree(mock.port)).toBe(true);
    });
  });
}
