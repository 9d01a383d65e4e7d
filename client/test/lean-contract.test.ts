// The client package's bundles embed the contract without its prose (scripts/build-packages.ts):
// descriptions, summaries, examples and code samples go; field names that happen to be those words stay.
import { expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { leanContract } from '../../scripts/build-packages.ts';

it('drops prose and samples, keeps every fact and every field named like a prose key', () => {
  const lean = leanContract({
    info: { title: 't', version: '1', description: 'long' },
    paths: { '/a': { get: { summary: 's', 'x-codeSamples': [{}], security: [{ apiKey: [] }], 'x-gap': 'g' } } },
    components: {
      schemas: {
        Project: {
          description: 'prose',
          example: { description: 'x' },
          properties: {
            description: { type: 'string', description: 'the company description' },
            tags: { type: 'array' },
          },
        },
      },
      examples: { Big: { value: {} } },
    },
  });
  expect(lean).toEqual({
    info: { title: 't', version: '1' },
    paths: { '/a': { get: { security: [{ apiKey: [] }], 'x-gap': 'g' } } },
    components: { schemas: { Project: { properties: { description: { type: 'string' }, tags: { type: 'array' } } } } },
  });
  const size = (v: unknown) => JSON.stringify(v).length;
  expect(size(leanContract(contract))).toBeLessThan(size(contract) / 2);
});
