// Publishes the documentation site by version into a static tree any host serves as it is:
//   <site>/v<version>/index.html   each released contract version's site (and the files beside its
//                                  page, the console's sender), kept side by side
//   <site>/latest/                 a copy of the newest version's folder
//   <site>/versions.json           the versions, newest first
//   <site>/index.html              sends the reader to latest/
// Every version's page carries a version switcher and a link to the changelog, both relative and
// rewritten at each publish, so an old version lists the versions released after it.
import { bodyEnd } from '../docs-body-end.ts';
import { copyFile, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
const START = '<!-- version-switcher -->';
const END = '<!-- /version-switcher -->';
/** Redoc's address of the changelog page (docs/changelog.md, "# Changelog"). */
const CHANGELOG = '#/section/changelog';

function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i], pb[i]];
    if (x === y) continue;
    // A release sorts after its pre-releases (1.0.0 > 1.0.0-rc.1).
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

/** Links and sources of the page that start with `/`: they would break on a host serving the site under a folder. */
export function rootRelativeLinks(html: string): string[] {
  const tags = html.match(/<(?:a|link|script|img|iframe|source|form)\b[^>]*>/gi) ?? [];
  return tags.filter((tag) => /\b(?:src|href|action)\s*=\s*["']?\/(?!\/)/i.test(tag));
}

/**
 * The switcher of one page: `here` is the folder the page is in (`v0.1.0` or `latest`). Built by a
 * script, as the console is, since Redoc's start-up replaces markup it did not render.
 */
export function switcherBlock(versions: string[], here: string): string {
  const options = [
    { value: '../latest/', label: `latest (${versions[0]})`, selected: here === 'latest' },
    ...versions.map((v) => ({ value: `../v${v}/`, label: v, selected: here === `v${v}` })),
  ];
  const data = JSON.stringify({ options, changelog: `../latest/${CHANGELOG}` }).replace(/</g, '\\u003c');
  return [
    START,
    '<style>#version-switcher{position:fixed;top:8px;right:16px;z-index:1002;font:13px sans-serif;background:#fff;border:1px solid #ccc;border-radius:4px;padding:4px 8px}#version-switcher select{font:13px sans-serif}</style>',
    `<script id="version-switcher-script">(() => {
  const data = ${data};
  const nav = document.createElement('nav');
  nav.id = 'version-switcher';
  nav.setAttribute('aria-label', 'Contract version');
  const select = document.createElement('select');
  select.id = 'version-select';
  for (const o of data.options) select.append(new Option(o.label, o.value, o.selected, o.selected));
  select.addEventListener('change', () => { location.href = select.value; });
  const label = document.createElement('label');
  label.append('Version ', select);
  const changelog = document.createElement('a');
  changelog.id = 'version-changelog';
  changelog.href = data.changelog;
  changelog.textContent = 'Changelog';
  nav.append(label, ' ', changelog);
  document.body.append(nav);
})();</script>`,
    END,
  ].join('\n');
}

function withSwitcher(html: string, block: string): string {
  const start = html.indexOf(START);
  if (start >= 0) return `${html.slice(0, start)}${block}${html.slice(html.indexOf(END, start) + END.length)}`;
  const end = bodyEnd(html);
  return `${html.slice(0, end)}${block}\n${html.slice(end)}`;
}

/** The versions published in the tree, newest first. */
export async function publishedVersions(site: string): Promise<string[]> {
  const entries = await readdir(site, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && e.name.startsWith('v') && VERSION.test(e.name.slice(1)))
    .map((e) => e.name.slice(1))
    .sort((a, b) => compareVersions(b, a));
}

/**
 * Adds (or replaces) one version's site in the tree (its page, and the files given to keep beside
 * it), then rewrites latest/, the switchers of every version, versions.json and the root
 * index.html. Throws on a page with root-relative links.
 */
export async function publishVersion(
  site: string,
  version: string,
  builtIndex: string,
  besideIndex: string[] = [],
): Promise<string[]> {
  if (!VERSION.test(version)) throw new Error(`Not a release version: "${version}" (expected 1.2.3 or 1.2.3-rc.1)`);
  const page = await readFile(builtIndex, 'utf8');
  const absolute = rootRelativeLinks(page);
  if (absolute.length > 0)
    throw new Error(`The site has links from the host's root, which break under a folder:\n${absolute.join('\n')}`);
  await mkdir(join(site, `v${version}`), { recursive: true });
  await copyFile(builtIndex, join(site, `v${version}`, 'index.html'));
  for (const file of besideIndex) await copyFile(file, join(site, `v${version}`, basename(file)));
  const versions = await publishedVersions(site);
  const newest = versions[0]!;
  await rm(join(site, 'latest'), { recursive: true, force: true });
  await cp(join(site, `v${newest}`), join(site, 'latest'), { recursive: true });
  for (const folder of ['latest', ...versions.map((v) => `v${v}`)]) {
    const file = join(site, folder, 'index.html');
    await writeFile(file, withSwitcher(await readFile(file, 'utf8'), switcherBlock(versions, folder)));
  }
  await writeFile(join(site, 'versions.json'), `${JSON.stringify({ latest: newest, versions }, null, 2)}\n`);
  await writeFile(
    join(site, 'index.html'),
    '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=latest/"><link rel="icon" href="data:,"><title>Documentation</title></head>\n' +
      `<body><p><a href="latest/">The documentation of the latest contract version (${newest})</a></p></body></html>\n`,
  );
  return versions;
}
