// `npm run pact:update-published`: copies the HTTP pact recorded by `npm run test:pact` into
// conformance/src/pact/published/, the copy the conformance package ships.
import { copyFile } from 'node:fs/promises';
import { HTTP_CONSUMER, HTTP_PROVIDER, pactFilePath } from '../conformance/src/pact/pact-location.ts';
import { PUBLISHED_PACT_DIR } from '../contract-tests/pact/support/published-pact.ts';

const from = pactFilePath(HTTP_CONSUMER, HTTP_PROVIDER);
const to = pactFilePath(HTTP_CONSUMER, HTTP_PROVIDER, PUBLISHED_PACT_DIR);
try {
  await copyFile(from, to);
  console.log(`${to} updated from ${from}`);
} catch (error) {
  console.error(
    `pact:update-published: cannot copy ${from} (run npm run test:pact first): ${(error as NodeJS.ErrnoException).code ?? error}`,
  );
  process.exitCode = 1;
}
