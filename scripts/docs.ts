// Builds the documentation site: a self-contained dist/docs/index.html rendered by
// `redocly build-docs --inlineBundle` (no CDN, see docs-offline.ts; Redoc's telemetry off) from a
// docs copy of the bundled contract that carries every page of the root docs/ folder
// (docs-pages.ts) and the generated Open questions section, with the console that sends an operation's
// request to a server the reader picks (docs-console/), and that console's sender beside it,
// console-frame.html. generated/ is never touched.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CONSOLE_FRAME, consoleFrameHtml } from './docs-console/frame.ts';
import { withConsole } from './docs-console/inject.ts';
import { withRelativeLinks } from './docs-links.ts';
import { makeSelfContained } from './docs-offline.ts';
import { readDocsPages, withPages } from './docs-pages.ts';
import { withSiteStyle } from './docs-style.ts';
import { withOpenQuestions } from './gaps.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONTRACT = join(ROOT, 'generated/openapi.json');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const REDOCLY_PACKAGE = join(ROOT, 'node_modules/@redocly/cli/package.json');
const OFFLINE = join(ROOT, 'scripts/docs-offline.ts');
const STYLE = join(ROOT, 'scripts/docs-style.ts');
const CONSOLE = ['console.js', 'inject.ts', 'operations.ts', 'frame.js', 'frame.ts'].map((file) =>
  join(ROOT, 'scripts/docs-console', file),
);
const LINKS = ['docs-links.ts', 'docs-body-end.ts'].map((file) => join(ROOT, 'scripts', file));
/** Every Markdown file here is a page of the site. */
export const DOCS_PAGES = join(ROOT, 'docs');
/** The files of the site, in the folder buildDocs and ensureDocs return the index.html of. */
export const SITE_FILES = ['index.html', CONSOLE_FRAME] as const;
/** Written next to index.html: the hash of the docs copy it was built from, to detect staleness. */
const STAMP = 'docs-source.sha256';

// Redoc options: open the success response; show every x- extension (x-gap, x-known-values,
// limits...) inline next to the node it belongs to, so open facts are visible where they apply;
// offer our x-codeSamples languages (Redoc lists only the languages named here) and the payload;
// no telemetry from the reader's browser (Redoc 3 sends it to otel.cloud.redocly.com unless told
// not to; this is the documented equivalent of `build-docs --disableTelemetry`, a flag
// @redocly/cli 2.77 refuses as an unknown argument).
export const REDOC_OPTIONS = {
  expandResponses: '200',
  showExtensions: true,
  jsonSamplesExpandLevel: 3,
  codeSamples: { languages: [{ lang: 'curl' }, { lang: 'TypeScript' }, { lang: 'Payload' }] },
  disableTelemetry: true,
};

/** The environment of the build: no usage data from the CLI itself, no colours, no update notice. */
export const BUILD_ENV = { NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } as const;

/**
 * The docs copy of the contract (with the pages and Open questions) as text, and a hash of
 * everything the page is made from: that copy, the Redoc options, the post-processing and the
 * Redocly version.
 */
interface DocsSource {
  text: string;
  hash: string;
}

async function docsSource(contractPath = CONTRACT, pagesDir = DOCS_PAGES): Promise<DocsSource> {
  const contract = JSON.parse(await readFile(contractPath, 'utf8')) as Record<string, unknown>;
  // Open questions are gathered from the contract alone, then appended after the pages.
  const text = `${JSON.stringify(withOpenQuestions(withPages(contract, await readDocsPages(pagesDir))), null, 2)}\n`;
  const hash = createHash('sha256')
    .update(text)
    .update(JSON.stringify(REDOC_OPTIONS))
    .update(JSON.stringify(BUILD_ENV));
  for (const file of [OFFLINE, STYLE, ...CONSOLE, ...LINKS, REDOCLY_PACKAGE]) hash.update(await readFile(file));
  return { text, hash: hash.digest('hex') };
}

/**
 * Builds the site into outDir and returns the absolute path of its index.html. contractPath
 * (a bundled contract) and pagesDir are for tests that need a site built from other sources.
 */
export async function buildDocs(outDir = 'dist/docs', contractPath = CONTRACT, pagesDir = DOCS_PAGES): Promise<string> {
  return writeSite(resolve(ROOT, outDir), await docsSource(contractPath, pagesDir));
}

/** Renders the site from an already computed docs source into the absolute folder out. */
async function writeSite(out: string, { text, hash }: DocsSource): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), 'docs-build-'));
  try {
    const source = join(work, 'openapi.json');
    await writeFile(source, text);
    const built = join(work, 'index.html');
    const args = [
      REDOCLY,
      'build-docs',
      source,
      '--inlineBundle',
      '--output',
      built,
      '--openapi',
      JSON.stringify(REDOC_OPTIONS),
    ];
    try {
      await run(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...BUILD_ENV }, maxBuffer: 1 << 24 });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string };
      throw new Error(`redocly build-docs failed:\n${err.stderr || err.stdout || err.message}`);
    }
    const page = withRelativeLinks(
      withConsole(withSiteStyle(makeSelfContained(await readFile(built, 'utf8'))), JSON.parse(text)),
    );
    await mkdir(out, { recursive: true });
    // Staged and renamed within the output folder so a reader never sees a half-written page;
    // the stamp goes first so an interrupted build is seen as stale.
    const staged = join(out, `.index.html.${process.pid}`);
    await writeFile(staged, page);
    await rm(join(out, STAMP), { force: true });
    await writeFile(join(out, CONSOLE_FRAME), consoleFrameHtml());
    await rename(staged, join(out, 'index.html'));
    await writeFile(join(out, STAMP), `${hash}\n`);
    return join(out, 'index.html');
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(join(out, `.index.html.${process.pid}`), { force: true });
  }
}

/** The source hash the site in out was built from, or null when it has no stamp or no index.html. */
async function builtHash(out: string): Promise<string | null> {
  const [stamp, isPage] = await Promise.all([
    readFile(join(out, STAMP), 'utf8').catch(() => null),
    // Only existence matters: the page is megabytes, so it is not read.
    stat(join(out, 'index.html')).then(
      (info) => info.isFile(),
      () => false,
    ),
  ]);
  return stamp === null || !isPage ? null : stamp.trim();
}

/** True when outDir holds a site built from today's contract with today's gaps and options. */
export async function docsUpToDate(outDir = 'dist/docs'): Promise<boolean> {
  const built = await builtHash(resolve(ROOT, outDir));
  return built !== null && built === (await docsSource()).hash;
}

/** Builds the site only when it is missing or stale; returns the index.html path. */
export async function ensureDocs(outDir = 'dist/docs'): Promise<string> {
  const out = resolve(ROOT, outDir);
  // The source is computed once, both to compare with the stamp and to build from.
  const [built, source] = await Promise.all([builtHash(out), docsSource()]);
  if (built === source.hash) return join(out, 'index.html');
  return writeSite(out, source);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const index = await buildDocs(process.argv[2]);
  console.log(`wrote ${index}`);
}
