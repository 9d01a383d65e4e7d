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

/**
 * The anchor Redoc gives a section heading: lower case, spaces to `-`, characters outside slugify's
 * default set dropped (`The mock for a team: sessions, state file` -> `the-mock-for-a-team:-sessions-state-file`).
 */
export function sectionSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\w\s$*_+~.()'"!\-:@]+/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/**
 * A link from one page to another (`[x](team-mock.md)`) goes to that page's section of the site, which
 * is one HTML file. Any other relative link would reach a file the site does not have: refused.
 */
export function withSiteLinks(page: DocsPage, titles: ReadonlyMap<string, string>): DocsPage {
  const siteTarget = (target: string): string => {
    if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target)) return target;
    const title = titles.get(target);
    if (title === undefined)
      throw new Error(
        `docs/${page.file} links to ${target}, which is not a page of the site (a docs/*.md file) nor an absolute URL`,
      );
    return `#/section/${sectionSlug(title)}`;
  };
  const lines = mapOutsideFences(page.markdown.split('\n'), (line) =>
    line
      // Inline links `[x](team-mock.md)`, then reference definitions `[x]: team-mock.md "title"`.
      .replace(/\]\(([^()\s]+)\)/g, (_link, target: string) => `](${siteTarget(target)})`)
      .replace(
        /^( {0,3}\[[^\]]+\]:[ \t]*)(<[^>]*>|\S+)/,
        (_definition, head: string, target: string) => `${head}${siteTarget(target.replace(/^<(.*)>$/, '$1'))}`,
      ),
  );
  return { ...page, markdown: lines.join('\n') };
}

/** Every `*.md` of the folder as a page, in file-name order; none when the folder does not exist. */
export async function readDocsPages(dir: string): Promise<DocsPage[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = names.filter((name) => name.toLowerCase().endsWith('.md')).sort();
  const pages = await Promise.all(files.map(async (file) => toPage(file, await readFile(join(dir, file), 'utf8'))));
  const titles = new Map(pages.map((page) => [page.file, page.title]));
  return pages.map((page) => withSiteLinks(page, titles));
}

/** A copy of the contract whose info.description ends with the pages. */
export function withPages<T extends object>(doc: T, pages: DocsPage[]): T {
  const copy = structuredClone(doc) as { info?: { description?: unknown } };
  if (!copy.info) throw new Error('The contract has no info object to hold the documentation pages.');
  const description = typeof copy.info.description === 'string' ? copy.info.description.trimEnd() : '';
  copy.info.description = [description, ...pages.map((page) => page.markdown.trimEnd())].join('\n\n');
  return copy as T;
}
