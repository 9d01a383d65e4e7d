// The site's pages come from the root docs/ folder: one page per Markdown file, titled by its first
// heading (or its name), its headings kept under that title, in file-name order.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocsPages, sectionSlug, toPage, withPages, withSiteLinks } from '../../scripts/docs-pages.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docs-pages-'));
  await writeFile(join(dir, 'zeta.md'), '# Zeta page\n\nText.\n');
  await writeFile(join(dir, 'conformance-catalogue.md'), 'No heading here.\n\n# Rules\n\n## One\n');
  await writeFile(join(dir, 'notes.txt'), '# not a page\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readDocsPages', () => {
  it('reads every .md of the folder, in file-name order, and nothing else', async () => {
    const pages = await readDocsPages(dir);
    expect(pages.map((p) => [p.file, p.title])).toEqual([
      ['conformance-catalogue.md', 'Conformance catalogue'],
      ['zeta.md', 'Zeta page'],
    ]);
  });

  it('finds no page in a folder that does not exist', async () => {
    expect(await readDocsPages(join(dir, 'missing'))).toEqual([]);
  });
});

describe('toPage', () => {
  it('keeps every heading under the page title, but not lines in fenced code', () => {
    const page = toPage(
      'client.md',
      '\n# Client\n\n## Errors\n\n```sh\n# a shell comment\n```\n\n# Second top heading\n',
    );
    expect(page.title).toBe('Client');
    expect(page.markdown).toBe('# Client\n\n### Errors\n\n```sh\n# a shell comment\n```\n\n## Second top heading\n');
  });
});

describe('withPages', () => {
  it('appends the pages to a copy of the description, leaving the contract as it was', () => {
    const doc = { info: { title: 't', description: 'Intro.\n' } };
    const copy = withPages(doc, [toPage('a.md', '# A\n\nx'), toPage('b.md', '# B\n\ny')]);
    expect(copy.info.description).toBe('Intro.\n\n# A\n\nx\n\n# B\n\ny');
    expect(doc.info.description).toBe('Intro.\n');
  });
});

describe('withSiteLinks', () => {
  const titles = new Map([['team-mock.md', 'The team mock on several nodes (PostgreSQL store)']]);

  it("sends a link to another page to that page's section, as Redoc names it; code and URLs stay", () => {
    const page = toPage(
      'mock.md',
      '# Mock\n\nSee [team-mock.md](team-mock.md) and [x](https://x.example/a.md).\n\n```md\n[a](team-mock.md)\n```\n',
    );
    const linked = withSiteLinks(page, titles).markdown;
    expect(linked).toContain('[team-mock.md](#/section/the-team-mock-on-several-nodes-(postgresql-store))');
    expect(linked).toContain('[x](https://x.example/a.md)');
    expect(linked).toContain('```md\n[a](team-mock.md)\n```');
  });

  it('sends a reference-style definition to the section too, and refuses one the site cannot follow', () => {
    const page = toPage(
      'mock.md',
      '# Mock\n\nSee [the team mock][tm].\n\n[tm]: team-mock.md "Team"\n[u]: <https://x.example>\n',
    );
    const linked = withSiteLinks(page, titles).markdown;
    expect(linked).toContain('[tm]: #/section/the-team-mock-on-several-nodes-(postgresql-store) "Team"');
    expect(linked).toContain('[u]: https://x.example');
    const broken = toPage('mock.md', '# Mock\n\n[tm]: decisions/2026-11-x.md\n');
    expect(() => withSiteLinks(broken, titles)).toThrow(/docs\/mock\.md links to decisions\/2026-11-x\.md/);
  });

  it('refuses a relative link the site cannot follow, naming the page and the target', () => {
    const page = toPage('team-mock.md', '# T\n\n[record](decisions/2026-11-x.md)\n');
    expect(() => withSiteLinks(page, titles)).toThrow(/docs\/team-mock\.md links to decisions\/2026-11-x\.md/);
  });

  it('slugs titles the way the built site names its sections', () => {
    expect(sectionSlug('The mock for a team: sessions, state file, control API')).toBe(
      'the-mock-for-a-team:-sessions-state-file-control-api',
    );
  });
});
