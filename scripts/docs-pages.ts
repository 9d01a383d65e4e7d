// The site's extra pages: every Markdown file of the root `docs/` folder becomes a top-level
// section of the documentation (its own entry in the navigation, found by the search), placed
// after the contract's guides and before Open questions. The list comes from the folder, so a page
// added there (by hand or by an npm script) appears at the next build without touching this code.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DocsPage {
  /** File name inside the folder (`mock.md`). */
  file: string;
  /** The navigation entry: the file's first `# ` heading, or a title made from its name. */
  title: string;
  /** The page as it goes into the site: `# title`, then the file with its headings one level under it. */
  markdown: string;
}

/** `conformance-catalogue.md` -> `Conformance catalogue`. */
function titleFromName(file: string): string {
  const words = file.replace(/\.md$/i, '').replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Lines outside fenced code blocks, with a callback that may rewrite them. */
function mapOutsideFences(lines: string[], rewrite: (line: string) => string): string[] {
  let fence: string | undefined;
  return lines.map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      return line;
    }
    return fence === undefined ? rewrite(line) : line;
  });
}

/** A page from one Markdown file: its title, and its headings kept under that title. */
export function toPage(file: string, text: string): DocsPage {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  const heading = first >= 0 ? /^#\s+(.+?)\s*#*\s*$/.exec(lines[first] ?? '') : null;
  const title = heading?.[1] ?? titleFromName(file);
  const body = heading ? lines.slice(first + 1) : lines;
  // Under the page's own `# ` heading, the file's headings move one level down (at most to six),
  // so that a second `# ` in a file does not become a page of its own.
  const nested = mapOutsideFences(body, (line) => line.replace(/^(#{1,5})(?=\s)/, '$1#'));
  return { file, title, markdown: `# ${title}\n\n${nested.join('\n').trim()}\n` };
}

/** Every `*.md` of the folder as a page, in file-name order; none when the folder does not exist. */
export async function readDocsPages(dir: string): Promise<DocsPage[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = names.filter((name) => name.toLowerCase().endsWith('.md')).sort();
  return Promise.all(files.map(async (file) => toPage(file, await readFile(join(dir, file), 'utf8'))));
}

/** A copy of the contract whose info.description ends with the pages. */
export function withPages<T extends object>(doc: T, pages: DocsPage[]): T {
  const copy = structuredClone(doc) as { info?: { description?: unknown } };
  if (!copy.info) throw new Error('The contract has no info object to hold the documentation pages.');
  const description = typeof copy.info.description === 'string' ? copy.info.description.trimEnd() : '';
  copy.info.description = [description, ...pages.map((page) => page.markdown.trimEnd())].join('\n\n');
  return copy as T;
}
