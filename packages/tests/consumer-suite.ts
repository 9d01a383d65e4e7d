// What one Node version proves about the installed packages, from a consumer project outside the
// repository. Every consumer path on one version (Node 24): the client by ESM import and CommonJS
// require against the mock started with npx, the MSW and Playwright entries, a browser bundle of the
// main entry, the conformance bin passing against the mock, the bundled pact verified. On the other
// versions the smallest read that proves the version works: npx starts the mock bin, the engines admit
// the version, each package imports as ESM, one client call answers (consumer/smoke.mjs), and the
// mock stops on SIGTERM. The declarations under tsc are typescript.test.ts's; the conformance bin on
// Node 26 is conformance-bin.test.ts's and conformance-readme.test.ts's.
import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { requireChromium } from '../../contract-tests/docs/chromium.ts';
import { freePort } from '../../contract-tests/support/free-port.ts';
import type { NodeVersion } from './support/node-binaries.ts';
import { runCommand, start, type CommandResult } from './support/run-command.ts';

/**
 * The consumer's bundler, the repository's own esbuild (the version a consumer pins: 0.28.2). Run
 * from here it resolves the consumer's imports from the consumer project alone, as when installed in it.
 */
const BUNDLE_BROWSER = fileURLToPath(new URL('./support/bundle-browser.mjs', import.meta.url));
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
  const child = start(binary, 'npx', ['--no', '--', 'portfolio-mock', '--port', String(port), ...extraArgs], {
    cwd,
    detached: true,
  });
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
  return {
    child,
    port,
    baseUrl,
    origin: new URL(baseUrl).origin,
    startupMs: Math.round(performance.now() - started),
    output: () => output,
  };
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

const failure = (result: CommandResult) =>
  `exit ${result.code}\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`;

/**
 * The conformance run here reads only: its waits for processing would dominate; the run with writes,
 * --strict and every option is the README's one-liner in conformance-readme.test.ts. All versions use
 * the one installation of the global setup, each with its own mock and its own folder for the files it
 * writes.
 */
export function consumerSuite(
  version: NodeVersion,
  extra: {
    /**
     * Every consumer path (one version), or the smallest read that proves the version works. The
     * paths do not change with the Node version but for the engines, the ESM loader and the bin
     * starting (measured in 2026-11-test-time.md, sixth session).
     */
    full: boolean;
  },
): void {
  describe(`Node ${version}: a consumer project with the four tarballs installed`, () => {
    const binary = inject('nodes')[version];
    const project = inject('project');
    const files = join(project, `files-node${version}`);
    let mock: StartedMock;

    beforeAll(async () => {
      await mkdir(files);
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
      const list = await fetch(`${mock.baseUrl}/integration/projects`, {
        headers: { Authorization: API_KEY, 'Content-Type': 'application/json' },
      });
      expect(list.status).toBe(200);
      const docs = await fetch(`${mock.origin}/docs/`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('Portfolio');
      // The console's sender ships beside the page (without it, Try it cannot send).
      const sender = await fetch(`${mock.origin}/docs/console-frame.html`);
      expect(sender.status).toBe(200);
      expect(await sender.text()).toContain('connect-src ${origin}');
    });

    if (!extra.full)
      it(`Node ${version}: the engines of the four packages admit it, each imports as ESM, one client call answers`, async () => {
        const result = await runCommand(binary, binary, ['smoke.mjs', mock.baseUrl, API_KEY], { cwd: project });
        expect(result.code, failure(result)).toBe(0);
        const out = JSON.parse(result.stdout) as { firstPage: number };
        expect(out).toMatchObject({
          engines: { contract: true, client: true, mock: true, conformance: true },
          contract: '3.1.0',
          startMock: 'function',
        });
        expect(out.firstPage).toBeGreaterThan(0);
      });

    if (extra.full)
      it('plain ESM: import of the client, /node and /receiver, calling the mock and receiving its event', async () => {
        const result = await runCommand(binary, binary, ['esm.mjs', mock.baseUrl, API_KEY, files], { cwd: project });
        expect(result.code, failure(result)).toBe(0);
        const out = JSON.parse(result.stdout) as Record<string, unknown>;
        expect(out).toMatchObject({
          created: '1000',
          analysis: 'completed',
          refused: 'unauthorized',
          sameErrorClass: true,
          cjsErrorRecognised: true,
          stored: ['statement.pdf'],
          delivered: ['Success'],
          received: true,
        });
        expect((out.pageSizes as number[])[0]).toBeGreaterThan(0);
      });

    if (extra.full)
      it('plain CommonJS: require of the client and of /node, calling the mock', async () => {
        const result = await runCommand(binary, binary, ['cjs.cjs', mock.baseUrl, API_KEY], { cwd: project });
        expect(result.code, failure(result)).toBe(0);
        const out = JSON.parse(result.stdout) as {
          firstPage: number;
          total: number;
          missing: string;
          sameErrorClass: boolean;
        };
        expect(out.firstPage).toBeGreaterThan(0);
        expect(out).toMatchObject({ missing: 'not-found', sameErrorClass: true });
      });

    if (extra.full)
      it('the MSW entry under msw/node: the installed client against createHandlers(), no server', async () => {
        const result = await runCommand(binary, binary, ['msw.mjs'], { cwd: project });
        expect(result.code, failure(result)).toBe(0);
        expect(JSON.parse(result.stdout)).toEqual({
          projectId: 'a0000000-0000-4000-8000-000000000003',
          jobsRun: 2,
          company: 'MSW Consumer Ltd',
          refused: 'Error131',
          journal: [['/api/integration/project', 402]],
          unknownAnswer: {
            status: 400,
            code: 'Error404',
            gap: 'error for an unknown analysis id: as in the gap profile of https://staging.example.test/api',
          },
        });
      });

    if (extra.full)
      it('the Playwright entry: a session of the running mock for a page in Chromium, dropped after', async () => {
        const result = await runCommand(binary, binary, ['playwright.mjs', mock.origin, requireChromium()], {
          cwd: project,
        });
        expect(result.code, failure(result)).toBe(0);
        expect(JSON.parse(result.stdout)).toEqual({
          status: 200,
          credits: 3,
          journal: [['GET', '/api/integration/projects', true]],
        });
      });

    if (extra.full)
      it('esbuild, platform browser: bundles a consumer of the main entry with no Node module', async () => {
        const result = await runCommand(binary, binary, [BUNDLE_BROWSER, join(project, 'browser.ts'), project], {
          cwd: project,
        });
        expect(result.code, failure(result)).toBe(0);
        const { bytes, inputs } = JSON.parse(result.stdout) as { bytes: number; inputs: string[] };
        expect(inputs.some((input) => input.includes('@portfolio-integration/client/dist/esm/index.js'))).toBe(true);
        expect(inputs.filter((input) => input.startsWith('node:') || input.includes('node.js'))).toEqual([]);
        expect(bytes).toBeGreaterThan(0);
      });

    /** The mock and the default user's credentials, as both portfolio-conformance commands take them. */
    const target = () => ['--base-url', mock.baseUrl, '--api-key', API_KEY, '--access-token', ACCESS_TOKEN];

    if (extra.full)
      it('npx portfolio-conformance --base-url <the mock> passes (read only)', async () => {
        const result = await runCommand(binary, 'npx', ['--no', '--', 'portfolio-conformance', ...target()], {
          cwd: project,
        });
        expect(result.code, failure(result)).toBe(0);
        expect(result.stdout).toContain('RESULT: PASS');
      });

    // The installed bin itself: npx finding it (the test above, or conformance-bin.test.ts on Node 26) is the same for every subcommand.
    if (extra.full)
      it('portfolio-conformance pact-verify --base-url <the mock> verifies every interaction of the bundled pact', async () => {
        const result = await runCommand(
          binary,
          join(project, 'node_modules/.bin/portfolio-conformance'),
          [
            'pact-verify',
            ...target(),
            '--provider-states-setup-url',
            `${new URL(mock.baseUrl).origin}/__mock/provider-states`,
          ],
          { cwd: project },
        );
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
