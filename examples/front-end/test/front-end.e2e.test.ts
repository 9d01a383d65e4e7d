// The example front end where its users test it, in headless Chromium: against the MSW handlers in
// the browser (the Service Worker really registered, no server but the static files), and against
// one shared HTTP mock through the Playwright fixture, four tests at once, each in its own session.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, requireChromium } from '../../../contract-tests/docs/chromium.ts';
import { mockFixture, type MockSessionHandle } from '../../../mocks/src/playwright/index.ts';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const WORKER = fileURLToPath(new URL('../../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url));
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

  it('runs against one shared HTTP mock through the fixture, four tests at once, each in its own session', async () => {
    const mock: RunningMock = await startMock({ port: 0 });
    const [html, js] = await Promise.all([
      readFile(join(dir, 'http', 'index.html')),
      readFile(join(dir, 'http', 'app.js')),
    ]);
    const ids: string[] = [];
    try {
      const runTest = async (i: number) => {
        const context = await browser.newContext();
        // The page is served from the mock's origin, so its calls are same-origin.
        const fixture = mockFixture({ origin: mock.origin, seed: { credits: 10 + i } });
        await fixture({ context }, async (session: MockSessionHandle) => {
          ids.push(session.id);
          await context.route(`${mock.origin}/app/**`, (route) =>
            route.fulfill({
              body: route.request().url().endsWith('.js') ? js : html,
              contentType: route.request().url().endsWith('.js') ? 'text/javascript' : 'text/html',
            }),
          );
          const page = await context.newPage();
          await page.goto(`${mock.origin}/app/index.html`);
          await page.waitForSelector('#app[data-ready="1"]');
          await page.fill('#name', `Parallel ${i}`);
          await page.click('#add button');
          await page.waitForSelector('#app[data-ready="2"]');
          const names = await page.locator('#companies li').allTextContents();
          expect(names).toContain(`Parallel ${i}`);
          expect(names.filter((n) => n.startsWith('Parallel '))).toEqual([`Parallel ${i}`]);
          const posts = await session.requests({ method: 'POST' });
          expect(
            posts.map((p) => [(p.body as { companyName: string }).companyName, p.headers['x-mock-session']]),
          ).toEqual([[`Parallel ${i}`, session.id]]);
          expect((await session.state()).credits).toBe(10 + i);
          expect(await session.settle()).toEqual({ jobsRun: 0, deliveries: 0, pendingJobs: 0 });
        });
        await context.close();
      };
      await Promise.all([0, 1, 2, 3].map(runTest));
      expect(new Set(ids).size).toBe(4);
      // Each session was dropped after its test: the same id starts fresh.
      for (const id of ids) {
        const state = await fetch(`${mock.origin}/__mock/state`, { headers: { 'x-mock-session': id } });
        const { data } = (await state.json()) as { data: { projects: { companyName: string }[] } };
        expect(data.projects.map((p) => p.companyName).filter((n) => n.startsWith('Parallel'))).toEqual([]);
      }
    } finally {
      await mock.close();
    }
  });
});
