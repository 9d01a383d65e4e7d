// Undeclared body properties, found through $ref, allOf/anyOf/oneOf, if/then/else, nested objects
// and arrays; open objects (no declared property) have none.
import { describe, expect, it } from 'vitest';
import { unknownFields, unknownFieldsHeader } from '../../src/http/unknown-fields.ts';

const doc = {
  components: {
    schemas: {
      Address: { type: 'object', properties: { city: { type: 'string' } } },
      Company: {
        type: 'object',
        allOf: [{ properties: { name: { type: 'string' } } }],
        anyOf: [{ properties: { website: { type: 'string' } } }, { properties: { email: { type: 'string' } } }],
        properties: {
          address: { $ref: '#/components/schemas/Address' },
          offices: { type: 'array', items: { $ref: '#/components/schemas/Address' } },
          extra: { type: 'object', description: 'open on purpose' },
          labels: { type: 'object', patternProperties: { '^x-': {} } },
        },
        if: { properties: { kind: { const: 'a' } } },
        then: { properties: { note: { type: 'string' } } },
      },
    },
  },
};
const company = { $ref: '#/components/schemas/Company' };

describe('unknownFields', () => {
  it('finds nothing in a body of declared properties only', () => {
    const body = {
      name: 'n',
      website: 'w',
      email: 'e',
      note: 'x',
      address: { city: 'c' },
      offices: [{ city: 'd' }],
      extra: { anything: 1 },
      labels: { 'x-a': 1 },
    };
    expect(unknownFields(doc, company, body)).toEqual([]);
  });

  it('names undeclared properties at every depth by their dotted path', () => {
    const body = {
      nam: 'typo',
      address: { city: 'c', zip: '1' },
      offices: [{ city: 'd' }, { town: 'e' }],
      labels: { other: 1 },
    };
    expect(unknownFields(doc, company, body)).toEqual(['nam', 'address.zip', 'offices.1.town', 'labels.other']);
  });

  it('finds nothing in what is not an object', () => {
    expect(unknownFields(doc, company, 'text')).toEqual([]);
    expect(unknownFields(doc, { type: 'object' }, { any: 1 })).toEqual([]);
  });
});

describe('unknownFieldsHeader', () => {
  it('percent-encodes what a header cannot carry and bounds the list', () => {
    expect(unknownFieldsHeader(['a b', 'c,d', '50%', 'é\n'])).toBe('a%20b, c%2Cd, 50%25, %C3%A9%0A');
    expect(unknownFieldsHeader(['x'.repeat(150)])).toBe('x'.repeat(100));
    expect(unknownFieldsHeader(Array.from({ length: 25 }, (_, i) => `f${i}`))).toMatch(/, f19, \(5 more\)$/);
  });
});
