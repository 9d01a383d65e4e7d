// The documentation site as a reader meets it: `npm start` on a free port, Debian's Chromium
// through playwright-core, every operation and webhook in the navigation, search, the Open
// questions page against the contract's x-gap marks, and not one request beyond localhost.
// The same checks then run on a deliberately broken site to show that they catch each fault.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { buildDocs } from '../../scripts/docs.ts';
import { gatherGaps } from '../../scripts/gaps.ts';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import { listenOnLoopback } from '../support/listen-on-loopback.ts';
import { launchChromium, requireChromium } from './chromium.ts';
import { readDocsPages } from '../../scripts/docs-pages.ts';
import {
  badServerLines,
  codeSampleLanguages,
  expectedNavigation,
  navigationOperations,
  openQuestionRows,
  outsideLocalhost,
  searchResults,
  serversPanelLines,
  splitCodes,
} from './site-checks.ts';
import { countSourceGapMarks } from './source-gap-marks.ts';
import { startSite, type RunningSite } from './start-site.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
let site: RunningSite | undefined;
let context: BrowserContext | undefined;
let userDataDir: string | undefined;
const cleanups: (() => Promise<void>)[] = [];

/** A fresh page whose every request and console error is logged. */
async function openPage(url: string): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  if (!context) throw new Error('The browser did not start.');
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('[data-component-name="Menu/MenuItem"]').first().waitFor();
  return { page, requests, errors };
}

/**
 * The site's page, opened once: the first describe reads it, then the console's tests send from it
 * (each page load renders the 3 MB site again).
 */
let sitePage: ReturnType<typeof openPage> | undefined;
const onSitePage = () => (sitePage ??= openPage(`${site?.origin}/docs/`));

/** The broken site's page (see its describe), built while the first describe runs. */
let brokenPage: Promise<string> | undefined;

/**
 * The broken site: built from a contract without the message intake operation and without one
 * x-gap, with the servers as they were (a URL starting with a variable, Markdown in a description),
 * without the site style (as before it existed), and with a remote image added to the page (the
 * CSP blocks it, but the browser still asks for it).
 */
async function brokenSiteHtml(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docs-broken-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const broken = structuredClone(contract) as unknown as {
    paths: Record<string, unknown>;
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  delete broken.paths['/integration/processmessage'];
  delete broken.components.schemas.FundStage?.['x-gap'];
  const [mockServer, deployment] = (
    broken as unknown as { servers: { url: string; description: string; variables?: Record<string, unknown> }[] }
  ).servers;
  mockServer!.description = 'The mock (`npm start`).';
  deployment!.url = '{origin}/api';
  deployment!.variables = { origin: deployment!.variables?.host };
  await writeFile(join(dir, 'openapi.json'), JSON.stringify(broken));
  const index = await buildDocs(join(dir, 'site'), join(dir, 'openapi.json'));
  return (await readFile(index, 'utf8'))
    .replace(/<style id="site-style">[\s\S]*?<\/style>/, '')
    .replace('<body>', '<body><img src="https://cdn.example.invalid/pixel.png" alt="">');
}

beforeAll(async () => {
  requireChromium();
  brokenPage = brokenSiteHtml();
  // Handled where it is awaited; this keeps a failure from being reported as unhandled before then.
  brokenPage.catch(() => undefined);
  // npm start and the browser start side by side; whichever started is stopped in afterAll.
  const [started, launched] = await Promise.allSettled([
    startSite(),
    mkdtemp(join(tmpdir(), 'docs-chromium-')).then((dir) => {
      userDataDir = dir;
      return launchChromium(dir);
    }),
  ]);
  if (started.status === 'fulfilled') site = started.value;
  if (launched.status === 'fulfilled') context = launched.value;
  for (const result of [started, launched]) if (result.status === 'rejected') throw result.reason;
}, 180_000);

afterAll(async () => {
  await context?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  // A build still running would write into its folder after the cleanup.
  await brokenPage?.catch(() => undefined);
  for (const cleanup of cleanups) await cleanup();
  await site?.stop();
}, 60_000);

describe('the documentation site served by npm start', () => {
  let page: Page;
  let requests: string[];
  let errors: string[];
  let docsUrl: string;

  beforeAll(async () => {
    docsUrl = `${site?.origin}/docs/`;
    ({ page, requests, errors } = await onSitePage());
    await mkdir(join(ROOT, 'dist/docs'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'dist/docs/screenshot.png') });
  }, 60_000);

  it('renders the contract title, the guides and the tag groups in the navigation', async () => {
    expect(await page.locator('h1').first().innerText()).toContain(contract.info.title);
    const labels = await page.locator('[data-testid="menu-item-label"]').allInnerTexts();
    for (const guide of [
      'Getting started',
      'Walk-through: a fund data room',
      'Walk-through: a company',
      'Webhooks',
      'Errors',
      'Limits',
      'Open questions',
    ]) {
      expect(labels).toContain(guide);
    }
    for (const group of contract['x-tagGroups']) expect(labels).toContain(group.name);
  });

  it('has a navigation entry for every page of docs/, the mock page among them', async () => {
    const labels = await page.locator('[data-testid="menu-item-label"]').allInnerTexts();
    const titles = (await readDocsPages(join(ROOT, 'docs'))).map((p) => p.title);
    expect(titles).toContain('The stateful mock');
    for (const title of titles) expect(labels).toContain(title);
  });

  it('keeps error codes whole in the Errors table (they wrapped as Erro r131)', async () => {
    expect(await splitCodes(page, docsUrl)).toEqual([]);
  });

  it('shows absolute server URLs and no Markdown backticks in the Servers panel', async () => {
    const lines = await serversPanelLines(page);
    expect(lines).toContain('https://{host}/api');
    expect(badServerLines(lines)).toEqual([]);
  });

  it('lists every operation and every webhook of the contract in the navigation', async () => {
    const expected = expectedNavigation(contract);
    expect(expected.size).toBeGreaterThan(Object.keys(contract.webhooks).length);
    expect(Object.fromEntries(await navigationOperations(page))).toEqual(Object.fromEntries(expected));
  });

  it('finds an operation by name with the search and opens it', async () => {
    const { summary } = contract.paths['/integrationfund/fund/run'].post;
    const results = await searchResults(page, summary);
    const hit = results.findIndex((r) => r.includes(summary) && r.includes('/integrationfund/fund/run'));
    expect(hit, results.join('\n---\n')).toBeGreaterThanOrEqual(0);
    await page.locator('[data-component-name="Search/SearchItem"]').nth(hit).click();
    await page.waitForURL((url) => url.hash.endsWith('/startfundrun'));
    await page.locator('h2', { hasText: summary }).first().waitFor({ state: 'visible' });
  });

  it('offers the curl and TypeScript samples of the operation on screen', async () => {
    expect(await codeSampleLanguages(page)).toEqual(expect.arrayContaining(['curl', 'TypeScript']));
    await page.locator('[role="menuitem"]:visible', { hasText: 'TypeScript' }).click();
    await page.locator('pre:visible, code:visible', { hasText: 'client.startFundRun(' }).first().waitFor();
  });

  it('lists on the Open questions page as many gaps as the contract has x-gap marks', async () => {
    const rows = await openQuestionRows(page, docsUrl);
    expect(rows).toHaveLength(await countSourceGapMarks(join(ROOT, 'openapi')));
    const gaps = gatherGaps(contract);
    rows.forEach((row, i) => {
      expect(row.startsWith(`${i + 1}\t`), row).toBe(true);
      expect(row).toContain(gaps[i]?.pointer);
    });
  });

  it('serves the working mock under /api next to the docs', async () => {
    const response = await fetch(`${site?.origin}/api/integration/projects?page=0&pageSize=2`, {
      headers: { Authorization: process.env.MOCK_API_KEY ?? 'mock-api-key', 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(200);
    const result = contractValidator().validateResponse('get', '/integration/projects', 200, await response.json());
    expect(result.violations).toEqual([]);
  });

  it('made no request outside localhost and logged no error', () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(outsideLocalhost(requests)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/** The Try it form of one operation's section, opened (Redoc renders the section on arriving there). */
async function openTryIt(page: Page, operationId: string) {
  const tag = Object.values(contract.paths)
    .flatMap((item) => Object.values(item) as { operationId?: string; tags?: string[] }[])
    .find((op) => op.operationId === operationId)?.tags?.[0];
  // Redoc's address of an operation: #/<tag slug>/<operationId in lower case>.
  const slug = (tag ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await page.evaluate((hash) => {
    location.hash = hash;
  }, `#/${slug}/${operationId.toLowerCase()}`);
  const section = page.locator(`[data-item-kind="httpItem"][data-section-id$="/${operationId.toLowerCase()}"]`);
  // Opened unless it still is (Redoc may keep a section rendered between visits).
  const open = section.locator('.tc-open');
  if ((await open.getAttribute('aria-expanded')) !== 'true') await open.click();
  const form = section.locator(`.tc-form[data-operation="${operationId}"]`);
  await form.waitFor();
  return form;
}

// The console's tests send from the site's page (onSitePage), after the reads above: a reader who
// browsed, then tries a call. The policy test, which chooses another server, comes last.
describe('the console: each operation section sends its request to the mock', () => {
  it('creates a company from the create-company section, sees the 200 and then the company in the list', async () => {
    const { page, requests, errors } = await onSitePage();
    // Every operation section of the contract has its Try it, under its heading.
    const create = await openTryIt(page, 'createProject');
    expect(await create.locator('.tc-server').inputValue()).toBe(`${site?.origin}/api`);
    const name = `Console Company ${Date.now()}`;
    const body = JSON.parse(await create.locator('.tc-body').inputValue());
    await create.locator('.tc-body').fill(JSON.stringify({ ...body, companyName: name }));
    await create.locator('.tc-send').click();
    await expect.poll(() => create.locator('.tc-status').innerText(), { timeout: 10_000 }).toMatch(/^200 /);
    expect(JSON.parse(await create.locator('.tc-response').innerText()).data.project.companyName).toBe(name);

    const list = await openTryIt(page, 'listProjects');
    await list.locator('input[data-name="search"]').fill(name);
    await list.locator('.tc-send').click();
    await expect.poll(() => list.locator('.tc-response').innerText(), { timeout: 10_000 }).toContain(name);
    expect(await list.locator('.tc-status').innerText()).toMatch(/^200 /);

    const api = requests.filter((url) => url.includes('/api/'));
    expect(api.map((url) => new URL(url).pathname)).toEqual(['/api/integration/project', '/api/integration/projects']);
    expect(requests.filter((url) => !url.startsWith(`${site?.origin}/`) && !/^(data|blob):/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('uploads two data-room files from the fund upload section as multipart/form-data and shows the answer', async () => {
    const { page, errors } = await onSitePage();
    const upload = await openTryIt(page, 'uploadFundFiles');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/integrationfund/fund/upload'));
    await upload.locator('input[type="file"][data-part="files"]').setInputFiles([
      { name: 'q4-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% q4\n') },
      {
        name: 'capital-account.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from('PK\u0003\u0004 xlsx'),
      },
    ]);
    await upload.locator('.tc-send').click();
    const request = await sent;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await expect.poll(() => upload.locator('.tc-status').innerText(), { timeout: 10_000 }).toMatch(/^200 /);
    const answer = JSON.parse(await upload.locator('.tc-response').innerText());
    expect(answer.data.fileNames).toEqual(['q4-report.pdf', 'capital-account.xlsx']);
    expect(answer.data.folderPath).toEqual(expect.any(String));
    expect(errors).toEqual([]);
  });
});

describe("the console's Content-Security-Policy: requests reach the chosen server only", () => {
  it('blocks the page, and the sender, from any origin but the chosen one; another choice rebuilds the sender', async () => {
    const hits: string[] = [];
    // Another server the reader may choose: it answers any call, from any page origin.
    const other = await listenOnLoopback(
      createServer((request, response) => {
        if (request.method !== 'OPTIONS') hits.push(`${request.method} ${request.url}`);
        response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
        response.setHeader('access-control-allow-headers', 'authorization, content-type');
        response.setHeader('content-type', 'application/json');
        response.end('{"metadata":{"code":"1000"},"data":{"from":"the other server"}}');
      }),
      { closeConnections: true },
    );
    cleanups.push(other.close);
    const { page } = await onSitePage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('violates the following Content Security Policy directive')) violations.push(m.text());
    });
    const tryFetch = (url: string) =>
      fetch(url).then(
        () => 'sent',
        () => 'refused',
      );

    // The page itself connects to its own origin only; the sender to the chosen one only.
    expect(await page.evaluate(tryFetch, `${other.origin}/from-the-page`)).toBe('refused');
    const list = await openTryIt(page, 'listProjects');
    await list.locator('.tc-send').click();
    await expect.poll(() => list.locator('.tc-status').innerText(), { timeout: 10_000 }).toMatch(/^200 /);
    const sender = () => page.frames().find((f) => f.url().includes('/docs/console-frame.html'));
    expect(decodeURIComponent(new URL(sender()!.url()).hash.slice(1))).toBe(site?.origin);
    expect(await sender()!.evaluate(tryFetch, `${other.origin}/from-the-sender`)).toBe('refused');
    await expect.poll(() => violations.length).toBe(2);
    expect(violations.join('\n')).toContain(`${other.origin}/from-the-sender`);
    expect(violations.join('\n')).toContain('"connect-src');
    expect(hits).toEqual([]);

    // The reader picks the other server: the sender is rebuilt for it, and the mock is now refused.
    await list.locator('.tc-server').fill(`${other.origin}/api`);
    await list.locator('.tc-server').dispatchEvent('change');
    await expect.poll(() => sender()?.url() ?? '').toContain(encodeURIComponent(other.origin));
    await list.locator('.tc-send').click();
    await expect
      .poll(() => list.locator('.tc-response').innerText(), { timeout: 10_000 })
      .toContain('the other server');
    expect(hits).toEqual([expect.stringMatching(/^GET \/api\/integration\/projects(\?|$)/)]);
    expect(await sender()!.evaluate(tryFetch, `${site?.origin}/api/integration/projects`)).toBe('refused');
    await expect.poll(() => violations.length).toBe(3);
  });
});

describe('the same checks on a broken site', () => {
  let page: Page;
  let requests: string[];
  let docsUrl: string;
  const removedGapPointer = '#/components/schemas/FundStage';

  // The page of brokenSiteHtml(), served alone on a loopback port.
  beforeAll(async () => {
    const html = await brokenPage!;
    const server = await listenOnLoopback(
      createServer((_, response) => {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(html);
      }),
    );
    cleanups.push(server.close);
    docsUrl = `${server.origin}/docs/`;
    ({ page, requests } = await openPage(docsUrl));
  }, 120_000);

  it('the navigation check finds the missing operation', async () => {
    const seen = await navigationOperations(page);
    const expected = expectedNavigation(contract);
    expect([...expected.keys()].filter((id) => !seen.has(id))).toEqual(['processmessage']);
  });

  it('the Open questions check finds one row fewer than the contract has marks', async () => {
    const rows = await openQuestionRows(page, docsUrl);
    expect(rows.length).toBe((await countSourceGapMarks(join(ROOT, 'openapi'))) - 1);
    expect(rows.some((row) => row.includes(removedGapPointer))).toBe(false);
  });

  it('the code check finds the error codes broken mid-word', async () => {
    expect(await splitCodes(page, docsUrl)).toEqual(expect.arrayContaining(['Error131']));
  });

  it('the Servers check finds the relative URL and the backticks', async () => {
    expect(badServerLines(await serversPanelLines(page))).toEqual(['The mock (`npm start`).', '{origin}/api']);
  });

  it('the request check finds the request outside localhost', () => {
    expect(outsideLocalhost(requests)).toEqual(['https://cdn.example.invalid/pixel.png']);
  });
});
