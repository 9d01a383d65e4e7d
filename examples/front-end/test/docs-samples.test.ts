// docs/testing-a-front-end.md shows the example files the tests run, as a user writes them: each
// block after a `<!-- sample: <file> -->` line is that file with the repository's relative imports
// written as the package names.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url);
const PACKAGE_OF: Record<string, string> = {
  "'../../../client/src/index.ts'": "'@portfolio-integration/client'",
  "'../../../mocks/src/msw/index.ts'": "'@portfolio-integration/mock/msw'",
  "'../../../mocks/src/playwright/index.ts'": "'@portfolio-integration/mock/playwright'",
};

/** The page's samples: the file each names, and the code block under it. */
function samples(page: string): { file: string; code: string }[] {
  return [...page.matchAll(/<!-- sample: (\S+) -->\n```ts\n([\s\S]*?)\n```/g)].map((m) => ({
    file: m[1] ?? '',
    code: m[2] ?? '',
  }));
}

/** A repository file as the page must show it. */
function asUserWrites(text: string): string {
  let shown = text.trimEnd();
  for (const [relative, name] of Object.entries(PACKAGE_OF)) shown = shown.replaceAll(relative, name);
  return shown;
}

const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

describe('docs/testing-a-front-end.md', () => {
  const page = read('docs/testing-a-front-end.md');

  it('shows each sample file as the tests run it', () => {
    const found = samples(page);
    expect(found.map((s) => s.file)).toEqual([
      'examples/front-end/test/component-node.test.ts',
      'examples/front-end/src/main-msw.ts',
      'examples/front-end/e2e/playwright.config.ts',
      'examples/front-end/e2e/companies.spec.ts',
    ]);
    for (const { file, code } of found) expect(code, file).toBe(asUserWrites(read(file)));
  });

  it('tells a sample that drifted from its file', () => {
    const drifted = page.replace('await mock.settle();', 'await new Promise((r) => setTimeout(r, 3000));');
    const [first] = samples(drifted);
    expect(first?.code).not.toBe(asUserWrites(read(first?.file ?? '')));
  });
});
