// npm run docs:provider-states: writes docs/provider-states.md from the pacts' state declarations;
// with --check, exits 1 when the page on disk is not what they give today.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { PROVIDER_STATES_DOC, renderProviderStatesDoc } from '../contract-tests/pact/provider-states-doc.ts';

const file = fileURLToPath(PROVIDER_STATES_DOC);
const page = renderProviderStatesDoc();
if (process.argv.includes('--check')) {
  const onDisk = await readFile(file, 'utf8').catch(() => '');
  if (onDisk !== page) {
    console.error(`${file} is out of date: run npm run docs:provider-states`);
    process.exitCode = 1;
  }
} else {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page);
}
