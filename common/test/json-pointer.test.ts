import { describe, expect, it } from 'vitest';
import { escapePointer, isPointer, pointerTokens, resolvePointer } from '../src/json-pointer.ts';

const doc = {
  components: { schemas: { 'a/b': { type: 'string' }, 'm~n': { type: 'number' } } },
  patternProperties: { '': { type: 'string' }, x: { type: 'boolean' } },
  allOf: [{ title: 'first' }],
};

describe('pointerTokens', () => {
  it('reads a URI fragment or a bare pointer, unescaping each token', () => {
    expect(pointerTokens('#/components/schemas/a~1b')).toEqual(['components', 'schemas', 'a/b']);
    expect(pointerTokens(`/components/schemas/${escapePointer('m~n')}`)).toEqual(['components', 'schemas', 'm~n']);
  });

  it('keeps empty tokens: a trailing slash names the property whose name is empty', () => {
    expect(pointerTokens('#/patternProperties/')).toEqual(['patternProperties', '']);
    expect(pointerTokens('#/')).toEqual(['']);
  });

  it("takes '' and '#' for the whole document and refuses what is not a pointer", () => {
    expect(pointerTokens('')).toEqual([]);
    expect(pointerTokens('#')).toEqual([]);
    expect(() => pointerTokens('#components/schemas')).toThrow('Not a JSON pointer: "#components/schemas"');
  });

  it('tells a pointer from a $anchor reference', () => {
    expect(['', '#', '#/', '/a', '#/a/b'].filter(isPointer)).toHaveLength(5);
    expect(['#Name', '#Name/x', 'a/b'].some(isPointer)).toBe(false);
  });
});

describe('resolvePointer', () => {
  it('finds object members, array items and the member named by the empty string', () => {
    expect(resolvePointer(doc, '#/components/schemas/a~1b')).toEqual({ type: 'string' });
    expect(resolvePointer(doc, '#/components/schemas/m~0n')).toEqual({ type: 'number' });
    expect(resolvePointer(doc, '#/allOf/0/title')).toBe('first');
    expect(resolvePointer(doc, '#/patternProperties/')).toEqual({ type: 'string' });
    expect(resolvePointer(doc, '#')).toBe(doc);
  });

  it('gives undefined where there is no node, also below a value that is not a container', () => {
    expect(resolvePointer(doc, '#/components/schemas/Missing')).toBeUndefined();
    expect(resolvePointer(doc, '#/allOf/0/title/length')).toBeUndefined();
    expect(resolvePointer(undefined, '#/a')).toBeUndefined();
    expect(resolvePointer(doc, '#/components/schemas/constructor')).toBeUndefined();
    expect(resolvePointer(doc, '#components')).toBeUndefined();
  });
});
