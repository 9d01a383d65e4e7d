import { describe, expect, it } from 'vitest';
import { resolver } from '../../src/diff/schema-values.ts';

const base = {
  components: { schemas: { Open: { properties: { '': { type: 'string' }, name: { type: 'integer' } } } } },
};
const head = { components: { schemas: { Open: { properties: { '': { type: 'number' } } } } } };

describe('resolver', () => {
  const resolve = resolver(
    { 'https://base.test/c.json': base, 'https://head.test/c.json': head },
    'https://base.test/c.json',
  );

  it('resolves local references and references into another document by its id', () => {
    expect(resolve('#/components/schemas/Open/properties/name')).toEqual({ type: 'integer' });
    expect(resolve('https://head.test/c.json#/components/schemas/Open/properties/')).toEqual({ type: 'number' });
  });

  it('resolves a property whose name is empty to that property, not to its parent', () => {
    expect(resolve('#/components/schemas/Open/properties/')).toEqual({ type: 'string' });
  });

  it('resolves a reference without a fragment to the whole document of that id', () => {
    expect(resolve('https://head.test/c.json')).toBe(head);
    expect(resolve('https://unknown.test/c.json')).toBeUndefined();
  });

  it('leaves a $anchor reference unresolved instead of failing the comparison', () => {
    expect(resolve('#Open')).toBeUndefined();
    expect(resolve('https://head.test/c.json#Open')).toBeUndefined();
  });
});
