// Writes everything under generated/ from the contract: the bundled spec and the TypeScript types,
// and the mock's control API document as JSON (the mock reads it at every start, where parsing YAML
// is dear: docs/decisions/2026-11-measured-costs.md).
// With --check it writes nothing and fails when generated/ differs from what the contract gives.
import openapiTS, { astToString, STRING, tsIntersection, tsLiteral, tsUnion } from 'openapi-typescript';
import ts from 'typescript';
import { readFile } from 'node:fs/promises';
import { load } from 'js-yaml';
import { BANNER, ROOT, bundleContract, serializeBundle, writeOutput } from './bundle.ts';

/**
 * A string with known values (`x-known-values`) types as their union, still open to any other string
 * (`string & {}` keeps the literals from collapsing into `string`): an editor offers the values the
 * specification names and refuses none it leaves open.
 */
function knownValues(schema: { type?: unknown; enum?: unknown; 'x-known-values'?: unknown }): ts.TypeNode | undefined {
  const known = schema['x-known-values'];
  if (schema.type !== 'string' || schema.enum !== undefined || !Array.isArray(known)) return undefined;
  const anyOther = tsIntersection([STRING, ts.factory.createTypeLiteralNode([])]);
  return tsUnion([...known.map((value) => tsLiteral(String(value))), anyOther]);
}

async function render(): Promise<Map<string, string>> {
  const doc = await bundleContract();
  const ast = await openapiTS(doc as never, {
    alphabetize: false,
    exportType: true,
    defaultNonNullable: false,
    emptyObjectsUnknown: true,
    transform: knownValues,
  });
  const types = `/* ${BANNER} */\n/* Types from openapi-typescript: paths, webhooks, components, operations. */\n\n${astToString(ast)}`;
  const control = load(await readFile(`${ROOT}mocks/control-api.openapi.yaml`, 'utf8'));
  return new Map([
    ['generated/openapi.json', serializeBundle(doc)],
    ['generated/types.ts', types],
    ['generated/control-api.json', `${JSON.stringify(control, null, 2)}\n`],
  ]);
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const outputs = await render();
  const stale: string[] = [];
  for (const [file, text] of outputs) {
    const path = `${ROOT}${file}`;
    if (check) {
      const current = await readFile(path, 'utf8').catch(() => null);
      if (current !== text) stale.push(file);
    } else {
      await writeOutput(path, text);
      console.log(`wrote ${file}`);
    }
  }
  if (stale.length > 0) {
    console.error(
      `generated/ is out of date with openapi/ or mocks/control-api.openapi.yaml: ${stale.join(', ')}. Run \`npm run generate\` and commit.`,
    );
    process.exit(1);
  }
  if (check) console.log('generated/ is up to date with openapi/ and mocks/control-api.openapi.yaml.');
}

await main();
