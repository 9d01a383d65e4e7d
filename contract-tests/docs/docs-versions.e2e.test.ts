// The published documentation, by version, as a static host serves it: two contract versions built
// and published side by side (docs-publish), served by a plain file server, opened in Chromium; the
// version switcher moves between them, links stay under the version's folder, and nothing is
// requested from another host.
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { buildDocs, ensureDocs } from '../../scripts/docs.ts';
import { publishVersion, rootRelativeLinks } from '../../scripts/docs-publish/publish.ts';
import { listenOnLoopback, type LoopbackServer } from '../support/listen-on-loopback.ts';
import { launchChromium, requireChromium } from './chromium.ts';

const TYPES: Record<string, string> = { '.html': 'text/html', '.json': 'application/json' };
let dir: string;
let server: LoopbackServer;
let context: BrowserContext | undefined;
const current = contract.info.version;
const next = current.replace(/^(\d+)\.(\d+)\.\d+.*$/, (_, major, minor) => `${major}.${Number(minor) + 1}.0`);

/** Any static host: files as they are, a folder's index.html, 404 otherwise. */
function staticHost(root: string) {
  return createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(root, path);
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
    if (!(await stat(file).catch(() => null))?.isFile()) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
}

beforeAll(async () => {
  requireChromium();
  dir = await mkdtemp(join(tmpdir(), 'docs-versions-'));
  const later = structuredClone(contract) as { info: { version: string } };
  later.info.version = next;
  await writeFile(join(dir, 'later.json'), JSON.stringify(later));
  const [today, built] = await Promise.all([ensureDocs(), buildDocs(join(dir, 'later'), join(dir, 'later.json'))]);
  await publishVersion(join(dir, 'site'), current, today);
  await publishVersion(join(dir, 'site'), next, built);
  server = await listenOnLoopback(staticHost(join(dir, 'site')), { closeConnections: true });
  context = await launchChromium(join(dir, 'profile'));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the documentation published by version, from a static server', () => {
  it('keeps both versions side by side with latest, each page free of links from the host root', async () => {
    const versions = JSON.parse(await readFile(join(dir, 'site/versions.json'), 'utf8'));
    expect(versions).toEqual({ latest: next, versions: [next, current] });
    for (const folder of ['latest', `v${next}`, `v${current}`])
      expect(rootRelativeLinks(await readFile(join(dir, 'site', folder, 'index.html'), 'utf8'))).toEqual([]);
    // The check finds a link from the root.
    expect(rootRelativeLinks('<a class="x" href="/section/errors">')).toHaveLength(1);
  });

  it('opens latest, switches to the older version, follows a link inside it, and opens the changelog', async () => {
    const page = await context!.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} for ${r.url()}`));
    const h1 = () => page.locator('h1').first().innerText();

    await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
    await page.waitForURL(`${server.origin}/latest/`);
    expect(await h1()).toContain(`(${next})`);
    expect(await page.locator('#version-select').inputValue()).toBe('../latest/');

    await page.locator('#version-select').selectOption(`../v${current}/`);
    await page.waitForURL(`${server.origin}/v${current}/`);
    expect(await h1()).toContain(`(${current})`);
    await page.locator('[data-component-name="Menu/MenuItem"]').first().waitFor();
    // Redoc's navigation links, as rendered, point inside this folder.
    expect(await page.locator('a[href^="/"]:not([href^="//"])').count()).toBe(0);
    const webhooks = page.locator('a[href="#/section/webhooks"]').first();
    await webhooks.click();
    expect(page.url()).toBe(`${server.origin}/v${current}/#/section/webhooks`);

    await page.locator('#version-changelog').click();
    await page.waitForURL(`${server.origin}/latest/#/section/changelog`);
    await page.locator('h2, h1').filter({ hasText: 'Changelog' }).first().waitFor();

    expect(requests.filter((url) => !url.startsWith(`${server.origin}/`) && !/^(data|blob):/.test(url))).toEqual([]);
    expect(errors, errors.join('\n')).toEqual([]);
  });
});
