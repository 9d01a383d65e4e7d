// A contract that reaches a schema through a `$anchor` (`$ref: '#Name'`, legal in OpenAPI 3.1): the
// comparison runs, although Redocly then names changes from the anchor (`#Name/...`), which is no
// JSON pointer, and the change under the anchor's user is still found.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import type { Json } from '../../src/diff/types.ts';

function withAnchor(xType?: string): Json {
  const doc = JSON.parse(readFileSync(new URL('../../../generated/openapi.json', import.meta.url), 'utf8')) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  const schemas = doc.components.schemas;
  schemas.Founder.$anchor = 'FounderAnchor';
  schemas.AnchorUser = { type: 'object', properties: { x: xType ? { type: xType } : { $ref: '#FounderAnchor' } } };
  const body = doc.paths['/integration/project'].post.requestBody.content['application/json'];
  body.schema = {
    allOf: [body.schema, { type: 'object', properties: { anchorUser: { $ref: '#/components/schemas/AnchorUser' } } }],
  };
  return doc;
}

it('compares contracts with a $anchor reference, and finds the break behind it', async () => {
  const report = await diffContracts(
    { label: 'base', doc: withAnchor() },
    { label: 'head', doc: withAnchor('integer') },
    '/nonexistent-pacts',
  );
  const breaking = report.findings.filter((f) => f.severity === 'breaking');
  expect(breaking.map((f) => f.location)).toEqual(['/components/schemas/AnchorUser/properties/x/type']);
  expect(report.findings.some((f) => f.location.startsWith('FounderAnchor'))).toBe(true);
}, 60_000);
