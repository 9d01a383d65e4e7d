// The catalogue itself: stable, unique ids named after their area; every rule says where it comes
// from and what it costs; the docs page is what the catalogue gives today.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/live/catalogue/index.ts';
import { catalogueMarkdown } from '../../../scripts/catalogue-page.ts';
import { contractOperations } from '../../src/live/operation-index.ts';

const PAGE = new URL('../../../docs/conformance-catalogue.md', import.meta.url);

describe('the rule catalogue', () => {
  it('names every rule <area>.<kebab-case>, once', () => {
    for (const rule of catalogue) expect(rule.id).toMatch(new RegExp(`^${rule.area}\\.[a-z0-9]+(?:-[a-z0-9]+)*$`));
    expect(new Set(catalogue.map((r) => r.id)).size).toBe(catalogue.length);
  });

  it('quotes a sentence, calls operations of the contract and declares a cost for every rule', () => {
    const known = new Set(contractOperations().map((op) => op.operationId));
    for (const rule of catalogue) {
      expect(rule.spec.length, rule.id).toBeGreaterThan(10);
      for (const op of rule.operations) expect(known.has(op), `${rule.id}: ${op}`).toBe(true);
      expect(rule.cost.records, rule.id).toBeGreaterThanOrEqual(0);
    }
  });

  it('has a docs page equal to what npm run docs:catalogue writes today', async () => {
    const page = await readFile(PAGE, 'utf8').catch(() => '(missing)');
    expect(page, 'docs/conformance-catalogue.md is stale: run npm run docs:catalogue').toBe(catalogueMarkdown());
  });
});
