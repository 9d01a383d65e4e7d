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
    ({ page, requests, errors } = await openPage(docsUrl));
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

describe('the console: a request from an operation page to the mock', () => {
  it('creates a company from the create-company page, sees the 200 and then the company in the list', async () => {
    const { page, requests, errors } = await openPage(`${site?.origin}/docs/`);
    // The reader is on the create-company operation (Redoc's address ends with its operationId).
    await page.evaluate(() => {
      location.hash = '#/create-company/createproject';
    });
    await page.locator('#try-console-open').click();
    expect(await page.locator('#tc-operation').inputValue()).toBe('createProject');
    expect(await page.locator('#tc-server').inputValue()).toBe(`${site?.origin}/api`);
    const name = `Console Company ${Date.now()}`;
    const body = JSON.parse(await page.locator('#tc-body').inputValue());
    await page.locator('#tc-body').fill(JSON.stringify({ ...body, companyName: name }));
    await page.locator('#tc-send').click();
    await expect.poll(() => page.locator('#tc-status').innerText(), { timeout: 10_000 }).toMatch(/^200 /);
    expect(JSON.parse(await page.locator('#tc-response').innerText()).data.project.companyName).toBe(name);

    await page.locator('#tc-operation').selectOption('listProjects');
    await page.locator('#tc-params input[data-name="search"]').fill(name);
    await page.locator('#tc-send').click();
    await expect.poll(() => page.locator('#tc-response').innerText(), { timeout: 10_000 }).toContain(name);
    expect(await page.locator('#tc-status').innerText()).toMatch(/^200 /);

    const api = requests.filter((url) => url.includes('/api/'));
    expect(api.map((url) => new URL(url).pathname)).toEqual(['/api/integration/project', '/api/integration/projects']);
    expect(requests.filter((url) => !url.startsWith(`${site?.origin}/`) && !/^(data|blob):/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
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
