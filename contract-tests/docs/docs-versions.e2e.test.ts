// The published documentation, by version, as the release workflow makes it and a static host serves
// it: scripts/docs-release.sh (the docs workflow's one step, docs/pipelines.md) runs at two release
// tags of a temporary git repository holding this working tree, pushing to a bare repository's
// gh-pages; the branch is then served by a plain file server and opened in Chromium: the version
// switcher moves between the versions, links stay under the version's folder, the changelog link
// opens the changelog of both tags, and nothing is requested from another host.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { rootRelativeLinks } from '../../scripts/docs-publish/publish.ts';
import { listenOnLoopback, type LoopbackServer } from '../support/listen-on-loopback.ts';
import { launchChromium, requireChromium } from './chromium.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const TYPES: Record<string, string> = { '.html': 'text/html', '.json': 'application/json' };
const execFileAsync = promisify(execFile);
/** What the release script answered at each run: its exit code and output. */
const runs: { tag: string; code: number; output: string }[] = [];
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

async function sh(cwd: string, command: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, {
      cwd,
      env: { ...process.env, ...env },
      maxBuffer: 1 << 24,
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (e) {
    const error = e as { code?: number; stdout?: string; stderr?: string; message: string };
    return { code: typeof error.code === 'number' ? error.code : 1, output: `${error.stdout}${error.stderr}` };
  }
}

/** A git repository holding this working tree (tracked and new files), its node_modules linked. */
async function repositoryOfThisTree(repo: string): Promise<void> {
  const listed = await sh(ROOT, 'git', ['ls-files', '-co', '--exclude-standard', '-z']);
  const files = listed.output.split('\0').filter(Boolean);
  await Promise.all(
    files.map(async (file) => {
      if (!(await stat(join(ROOT, file)).catch(() => null))?.isFile()) return;
      await mkdir(dirname(join(repo, file)), { recursive: true });
      await cp(join(ROOT, file), join(repo, file));
    }),
  );
  await symlink(join(ROOT, 'node_modules'), join(repo, 'node_modules'));
  const git = (...args: string[]) =>
    sh(repo, 'git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args]);
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('commit', '-qm', `contract ${current}`);
  await git('tag', `v${current}`);
  // The next release: the contract's version raised, in the source and in the committed bundle.
  const yaml = join(repo, 'openapi/openapi.yaml');
  await writeFile(yaml, (await readFile(yaml, 'utf8')).replace(`version: ${current}`, `version: ${next}`));
  const bundle = join(repo, 'generated/openapi.json');
  const later = JSON.parse(await readFile(bundle, 'utf8')) as { info: { version: string } };
  later.info.version = next;
  await writeFile(bundle, `${JSON.stringify(later, null, 2)}\n`);
  await git('commit', '-qam', `contract ${next}`);
  await git('tag', `v${next}`);
}

/** scripts/docs-release.sh as the workflow runs it, at the tag checked out (npm ci left out: node_modules is linked). */
async function release(repo: string, pages: string, checkout: string, tag = checkout) {
  await sh(repo, 'git', ['checkout', '-q', '-f', checkout]);
  const result = await sh(repo, 'bash', ['scripts/docs-release.sh'], {
    RELEASE_TAG: tag,
    PAGES_REMOTE: pages,
    DOCS_RELEASE_INSTALL: '0',
  });
  runs.push({ tag, ...result });
}

beforeAll(async () => {
  requireChromium();
  dir = await mkdtemp(join(tmpdir(), 'docs-versions-'));
  const [repo, pages] = [join(dir, 'repo'), join(dir, 'pages.git')];
  await repositoryOfThisTree(repo);
  await sh(dir, 'git', ['init', '-q', '--bare', pages]);
  // A tag that is not the checked-out contract's version is refused before anything is pushed.
  await release(repo, pages, `v${current}`, 'v9.9.9');
  await release(repo, pages, `v${current}`);
  await release(repo, pages, `v${next}`);
  await sh(dir, 'git', ['clone', '-q', '--branch', 'gh-pages', pages, join(dir, 'site')]);
  server = await listenOnLoopback(staticHost(join(dir, 'site')), { closeConnections: true });
  context = await launchChromium(join(dir, 'profile'));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the release script, run at two tags', () => {
  it('refuses a tag that is not the contract version (exit 2), publishes each release tag (exit 0)', () => {
    expect(runs.map((r) => [r.tag, r.code])).toEqual([
      ['v9.9.9', 2],
      [`v${current}`, 0],
      [`v${next}`, 0],
    ]);
    expect(runs[0]?.output).toContain(`the tag v9.9.9 is not the contract's version (${current})`);
  });

  it('pushed one commit per release to gh-pages: both version folders, latest, the sender, versions.json', async () => {
    const log = await sh(join(dir, 'site'), 'git', ['log', '--format=%s']);
    expect(log.output.trim().split('\n')).toEqual([`docs v${next}`, `docs v${current}`]);
    for (const folder of [`v${current}`, `v${next}`, 'latest'])
      expect((await readdir(join(dir, 'site', folder))).sort()).toEqual(['console-frame.html', 'index.html']);
    expect(await stat(join(dir, 'site/.nojekyll')).then((s) => s.isFile())).toBe(true);
    expect(await readFile(join(dir, 'site/index.html'), 'utf8')).toContain('url=latest/');
  });

  it("wrote the changelog from the tags into latest/'s page, and every page links to it", async () => {
    const latest = await readFile(join(dir, 'site/latest/index.html'), 'utf8');
    expect(latest).toContain(`v${next} (${next})`);
    expect(latest).toContain(`v${current} (${current})`);
    const oldest = await readFile(join(dir, 'site', `v${current}`, 'index.html'), 'utf8');
    expect(oldest).toContain('"changelog":"../latest/#/section/changelog"');
    // The older version's own changelog was written at its tag: it knows nothing of the later one.
    expect(oldest).not.toContain(`v${next} (${next})`);
  });
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
