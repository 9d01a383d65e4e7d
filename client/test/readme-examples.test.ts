import { describe, expect, it } from 'vitest';
import { checkExamples, readmeText, tsBlocks, type ExampleProblem } from './support/readme-examples.ts';

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

const examples = tsBlocks(readmeText()).length;
let problems: ExampleProblem[] | undefined;
/** The README's examples, then the broken one, type-checked as one program, once for both tests. */
const checkAll = () => (problems ??= checkExamples([...tsBlocks(readmeText()), BROKEN]));

describe('client/README.md examples', () => {
  it('has examples, and every one type-checks against the client', SLOW, () => {
    expect(examples).toBeGreaterThanOrEqual(4);
    expect(checkAll().filter((p) => p.example <= examples)).toEqual([]);
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
