// The example front end where its users test it, in headless Chromium: against the MSW handlers in
// the browser (the Service Worker really registered, no server but the static files), and against
// one shared HTTP mock through the Playwright fixture: the Playwright Test runner itself runs the
// docs page's sample (e2e/) as written, its tests on several workers at once, each in its own session.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, requireChromium } from '../../../contract-tests/docs/chromium.ts';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const WORKER = fileURLToPath(new URL('../../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** index.html and app.js, the page bundled from `entry` by esbuild. */
async function site(entry: string, dir: string): Promise<void> {
  await build({
    entryPoints: [join(HERE, 'src', entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: join(dir, 'app.js'),
    logLevel: 'silent',
  });
  await cp(join(HERE, 'index.html'), join(dir, 'index.html'));
}

/** Static files of `dir` on 127.0.0.1 (a Service Worker needs http from a local host); counts what it was asked. */
function serve(dir: string): Promise<{ server: Server; origin: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    asked.push(path);
    try {
      const body = await readFile(join(dir, path === '/' ? 'index.html' : path.slice(1)));
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/html' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, origin: `http://127.0.0.1:${port}`, asked });
    }),
  );
}

let dir: string;
let browser: Browser;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'front-end-'));
  const executablePath = requireChromium();
  [browser] = await Promise.all([
    chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, '--disable-quic'] }),
    site('main-msw.ts', join(dir, 'msw')).then(() => cp(WORKER, join(dir, 'msw', 'mockServiceWorker.js'))),
    site('main.ts', join(dir, 'http')),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the example front end', () => {
  it('runs against the MSW handlers in the browser: the Service Worker answers every call, the journal shows them', async () => {
    const { server, origin, asked } = await serve(join(dir, 'msw'));
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await page.waitForSelector('#app[data-ready="1"]');
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
        `${origin}/mockServiceWorker.js`,
      );
      const before = await page.locator('#companies li').count();
      await page.fill('#name', 'Browser Co');
      await page.click('#add button');
      await page.waitForSelector('#app[data-ready="2"]');
      expect(await page.locator('#companies li').allTextContents()).toContain('Browser Co');
      expect(await page.locator('#companies li').count()).toBe(before + 1);
      const posts = await page.evaluate(() =>
        (window as unknown as { mock: { requests(f: object): { body: unknown }[] } }).mock.requests({
          method: 'POST',
        }),
      );
      expect(posts.map((p) => p.body)).toEqual([{ companyName: 'Browser Co', projectType: 'projectNoAnalysis' }]);
      // Nothing under /api reached the network: the worker answered it.
      expect(asked.filter((path) => path.startsWith('/api'))).toEqual([]);
    } finally {
      await context.close();
      server.close();
    }
  });

  it('passes the Playwright Test sample as written: its tests on several workers at once, one shared mock', async () => {
    // Two sessions at most: with two workers, a session not dropped after its test refuses the third test (503).
    const mock: RunningMock = await startMock({ port: 0, maxSessions: 2 });
    const { server, origin } = await serve(join(dir, 'http'));
    const report = join(dir, 'report.json');
    try {
      const run = await runPlaywrightTest({
        MOCK_ORIGIN: mock.origin,
        APP_URL: origin,
        PLAYWRIGHT_JSON_OUTPUT_FILE: report,
      });
      expect(run.code, run.output).toBe(0);
      const { stats, suites } = JSON.parse(await readFile(report, 'utf8')) as PlaywrightReport;
      expect(stats).toMatchObject({ expected: 4, unexpected: 0, skipped: 0, flaky: 0 });
      const workers = new Set(allResults(suites).map((r) => r.parallelIndex));
      expect(workers.size, 'tests ran on more than one worker at once').toBeGreaterThan(1);
    } finally {
      server.close();
      await mock.close();
    }
  });
});

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { tests: { results: { parallelIndex: number; status: string }[] }[] }[];
}
interface PlaywrightReport {
  stats: Record<string, number>;
  suites: PlaywrightSuite[];
}

function allResults(suites: PlaywrightSuite[]): { parallelIndex: number; status: string }[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests.flatMap((t) => t.results)),
    ...allResults(suite.suites ?? []),
  ]);
}

/** `playwright test` on examples/front-end/e2e/ (the config and spec the docs page shows), its exit code and output. */
function runPlaywrightTest(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/@playwright/test/cli.js'),
        'test',
        '--config',
        join(HERE, 'e2e/playwright.config.ts'),
        '--reporter=line,json',
        '--output',
        join(dir, 'test-results'),
      ],
      { cwd: ROOT, env: { ...process.env, ...env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
