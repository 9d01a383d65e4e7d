// The docs build end to end without a browser: one self-contained page with the Open questions
// section, generated/ untouched, and staleness detected from the stamp. Redocly's build-docs costs
// about 1.3 CPU-seconds, so the site is built once: by ensureDocs, over a site from another source.
// (buildDocs, the same build from a source given, is the browser test's.)
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { CONTENT_SECURITY_POLICY, remoteAssets } from '../../scripts/docs-offline.ts';
import { readDocsPages } from '../../scripts/docs-pages.ts';
import { SITE_CSS } from '../../scripts/docs-style.ts';
import { CONSOLE_FRAME, consoleFramePolicy } from '../../scripts/docs-console/frame.ts';
import { consoleOperations } from '../../scripts/docs-console/operations.ts';
import { DOCS_PAGES, docsUpToDate, ensureDocs, REDOC_OPTIONS } from '../../scripts/docs.ts';
import { countSourceGapMarks } from './source-gap-marks.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const sha = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

let out: string;
let index: string;
let html: string;
let generatedBefore: string;
/** What docsUpToDate said of the site from another source, before ensureDocs rebuilt it. */
let staleBefore: boolean;
const PLACEHOLDER = '<!DOCTYPE html><title>a site from another source</title>\n';

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'docs-site-'));
  generatedBefore = await sha(join(ROOT, 'generated/openapi.json'));
  await writeFile(join(out, 'index.html'), PLACEHOLDER);
  await writeFile(join(out, 'docs-source.sha256'), 'not-the-hash\n');
  staleBefore = !(await docsUpToDate(out));
  index = await ensureDocs(out);
  html = await readFile(index, 'utf8');
}, 120_000);
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

/** The definition the page renders, as embedded by build-docs. */
function embeddedDefinition(page: string): typeof contract {
  const match = page.match(/const __redoc_definition = (\{.*?\});\n/s);
  if (!match?.[1]) throw new Error('The page embeds no __redoc_definition.');
  return JSON.parse(match[1]) as typeof contract;
}

describe('the docs build', () => {
  it('writes index.html into the folder given and returns its path', () => {
    expect(index).toBe(join(out, 'index.html'));
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  });

  it('inlines Redoc and loads nothing from another host', () => {
    expect(html).toContain('Redoc');
    expect(remoteAssets(html)).toEqual([]);
    expect(html).toContain(CONTENT_SECURITY_POLICY);
  });

  it('renders the contract with an Open questions section listing every x-gap mark', async () => {
    const definition = embeddedDefinition(html);
    expect(Object.keys(definition.paths)).toEqual(Object.keys(contract.paths));
    expect(Object.keys(definition.webhooks)).toEqual(Object.keys(contract.webhooks));
    const openQuestions = definition.info.description.split('\n# Open questions\n')[1] ?? '';
    const rows = openQuestions.match(/^\| \d+ \| /gm) ?? [];
    expect(rows).toHaveLength(await countSourceGapMarks(join(ROOT, 'openapi')));
  });

  it('renders every Markdown file of docs/ as a top-level section, after the guides and before Open questions', async () => {
    const description = embeddedDefinition(html).info.description;
    const pages = await readDocsPages(DOCS_PAGES);
    expect(pages.map((p) => p.title)).toContain('The stateful mock');
    const at = pages.map((p) => description.indexOf(`\n# ${p.title}\n`));
    expect(at.every((i) => i > description.indexOf('\n# Limits\n'))).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(Math.max(...at)).toBeLessThan(description.indexOf('\n# Open questions\n'));
  });

  it("turns Redoc's telemetry off: in the options of the build and in the page's own", () => {
    expect(REDOC_OPTIONS.disableTelemetry).toBe(true);
    const options = JSON.parse(html.match(/const __redoc_options = (\{.*?\});/s)?.[1] ?? 'null') as {
      disableTelemetry?: boolean;
    } | null;
    expect(options?.disableTelemetry).toBe(true);
  });

  it('carries the site style (codes kept whole in table cells) in its head', () => {
    const head = html.slice(0, html.search(/<\/head>/i));
    expect(head).toContain(SITE_CSS);
    expect(SITE_CSS).toMatch(/td code[^{]*\{[^}]*word-break: normal/);
  });

  it('links only inside the page: every relative link is a #/… address of a section the page has', () => {
    const hrefs = [...html.matchAll(/<a\b[^<>]*?\bhref="([^"]*)"/g)].map((m) => m[1]!);
    const targets = new Set([...html.matchAll(/\b(?:id|data-section-id)="\/?([^"]*)"/g)].map((m) => m[1]!));
    const relative = hrefs.filter((href) => !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href));
    expect(relative.length).toBeGreaterThan(100);
    const dead = relative.filter(
      (href) => !href.startsWith('#/') || !targets.has(href.slice(2).replaceAll("'", '&#x27;')),
    );
    expect(dead.filter((href) => href !== '#/')).toEqual([]);
  });

  it("keeps the page's own connections to its origin, and writes the console's sender beside it", async () => {
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self';");
    const frame = await readFile(join(out, CONSOLE_FRAME), 'utf8');
    const script = frame.match(/<script>([\s\S]*)<\/script>/)?.[1] ?? '';
    // Its policy allows exactly its script (by hash) and leaves connect-src to that script.
    expect(frame).toContain(`content="${consoleFramePolicy(script)}"`);
    expect(consoleFramePolicy(script)).not.toMatch(/default-src|connect-src/);
    expect(script).toContain('connect-src ${origin}');
  });

  it('gives the console a file picker per binary part of the two multipart uploads', () => {
    const forms = Object.fromEntries(consoleOperations(contract).map((op) => [op.id, op.form]));
    expect(forms.uploadFundFiles).toEqual([
      { name: 'files', file: true, multiple: true, required: true, example: '' },
      { name: 'folderPath', file: false, multiple: false, required: false, example: 'uploads/ws-4821/fund-7f3a2c' },
    ]);
    // Its parts are not shown: the example's assumed part is offered.
    expect(forms.uploadAnalysisFiles).toEqual([
      { name: 'files', file: true, multiple: true, required: false, example: '' },
    ]);
    expect(forms.createProject).toBeUndefined();
  });

  it('leaves generated/ untouched', async () => {
    expect(await sha(join(ROOT, 'generated/openapi.json'))).toBe(generatedBefore);
  });
});

describe('docsUpToDate and ensureDocs', () => {
  it('call a fresh build up to date and do not rebuild it', async () => {
    expect(await docsUpToDate(out)).toBe(true);
    const before = (await stat(index)).mtimeMs;
    expect(await ensureDocs(out)).toBe(index);
    expect((await stat(index)).mtimeMs).toBe(before);
  });

  it('call a build from another source stale, and rebuild it (the build above)', async () => {
    expect(staleBefore).toBe(true);
    expect(html).not.toBe(PLACEHOLDER);
    expect(await docsUpToDate(out)).toBe(true);
  });

  it('call a missing site stale', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'docs-none-'));
    try {
      expect(await docsUpToDate(empty)).toBe(false);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
