// Writes everything under generated/ from the contract: the bundled spec and the TypeScript types.
// With --check it writes nothing and fails when generated/ differs from what the contract gives.
import openapiTS, { astToString } from 'openapi-typescript';
import { readFile } from 'node:fs/promises';
import { BANNER, ROOT, bundleContract, serializeBundle, writeOutput } from './bundle.ts';

async function render(): Promise<Map<string, string>> {
  const doc = await bundleContract();
  const ast = await openapiTS(doc as never, { alphabetize: false, exportType: true, defaultNonNullable: false, emptyObjectsUnknown: true });
  const types = `/* ${BANNER} */\n/* Types from openapi-typescript: paths, webhooks, components, operations. */\n\n${astToString(ast)}`;
  return new Map([
    ['generated/openapi.json', serializeBundle(doc)],
    ['generated/types.ts', types],
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
    console.error(`generated/ is out of date with openapi/: ${stale.join(', ')}. Run \`npm run generate\` and commit.`);
    process.exit(1);
  }
  if (check) console.log('generated/ is up to date with openapi/.');
}

await main();
