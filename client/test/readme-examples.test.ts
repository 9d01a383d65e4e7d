import { describe, expect, it } from 'vitest';
import { checkExamples, README_FILES, readmeText, tsBlocks, type ExampleProblem } from './support/readme-examples.ts';

// A whole-program type-check takes seconds, more on a busy machine.
const SLOW = { timeout: 180_000 };

/** An example that reads a field the summary does not have. */
const BROKEN = [
  "import { createIntegrationClient } from '@portfolio-integration/client';",
  "const client = createIntegrationClient({ baseUrl: 'http://127.0.0.1:4010/api' });",
  "const summary = await client.getFundRunSummary('id');",
  'console.log(summary.data.noSuchField);',
  '',
].join('\n');

const blocks = README_FILES.flatMap((file) => tsBlocks(readmeText(file)).map((code) => ({ file, code })));
const examples = blocks.length;
let problems: ExampleProblem[] | undefined;
/** The READMEs' examples, then the broken one, type-checked as one program, once for both tests. */
const checkAll = () => (problems ??= checkExamples([...blocks.map((b) => b.code), BROKEN]));

describe('README examples (client, root, the four packages), under every strict flag', () => {
  it('has examples, and every one type-checks against the client', SLOW, () => {
    expect(examples).toBeGreaterThanOrEqual(8);
    const found = checkAll()
      .filter((p) => p.example <= examples)
      .map((p) => `${blocks[p.example - 1]!.file} example ${p.example}, line ${p.line}: ${p.message}`);
    expect(found).toEqual([]);
  });

  it('reports an example that misuses the client', SLOW, () => {
    const broken = checkAll().filter((p) => p.example > examples);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatchObject({
      example: examples + 1,
      line: 4,
      message: expect.stringContaining("'noSuchField'"),
    });
  });
});
