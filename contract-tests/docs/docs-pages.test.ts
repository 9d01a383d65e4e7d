// The site's pages come from the root docs/ folder: one page per Markdown file, titled by its first
// heading (or its name), its headings kept under that title, in file-name order.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocsPages, toPage, withPages } from '../../scripts/docs-pages.ts';

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
