import { describe, expect, it } from 'vitest';
import { checkExamples, readmeText, tsBlocks } from './readme-examples.ts';

// A whole-program type-check takes seconds, more on a busy machine.
const SLOW = { timeout: 180_000 };

describe('client/README.md examples', () => {
  it('has examples, and every one type-checks against the client', SLOW, () => {
    expect(tsBlocks(readmeText()).length).toBeGreaterThanOrEqual(4);
    expect(checkExamples(readmeText())).toEqual([]);
  });

  it('reports an example that misuses the client', SLOW, () => {
    const broken = [
      '```ts',
      "import { createIntegrationClient } from '@portfolio-integration/client';",
      "const client = createIntegrationClient({ baseUrl: 'http://127.0.0.1:4010/api' });",
      "const summary = await client.getFundRunSummary('id');",
      'console.log(summary.data.noSuchField);',
      '```',
      '',
    ].join('\n');
    const problems = checkExamples(broken);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ example: 1, line: 4, message: expect.stringContaining("'noSuchField'") });
  });
});
