// `npm start`: the stateful mock on 127.0.0.1:$PORT (default 4010) with the documentation site at
// /docs/, rebuilt first when it is missing or older than the bundled contract.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultCredentials } from './domain/default-seed.ts';
import { startMock } from './server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const docsDir = `${root}dist/docs`;
const contractPath = `${root}generated/openapi.json`;

function docsAreStale(): boolean {
  const index = `${docsDir}/index.html`;
  return !existsSync(index) || statSync(index).mtimeMs < statSync(contractPath).mtimeMs;
}

/** Builds the site with scripts/docs.ts (written by the docs helper); without it, the mock runs without docs. */
async function prepareDocs(): Promise<string | undefined> {
  if (docsAreStale()) {
    const script = `${root}scripts/docs.ts`;
    if (!existsSync(script)) {
      console.warn('scripts/docs.ts is not there yet: starting without the documentation site');
      return existsSync(`${docsDir}/index.html`) ? docsDir : undefined;
    }
    try {
      const { buildDocs } = (await import(script)) as { buildDocs: (outDir?: string) => Promise<string> };
      await buildDocs(docsDir);
    } catch (error) {
      console.warn(`Building the documentation site failed, starting without it: ${String(error)}`);
      return undefined;
    }
  }
  return docsDir;
}

const port = Number(process.env.PORT ?? 4010);
// MOCK_NO_DOCS=1 skips the site (and its build): for quick starts in tests and benchmarks.
const docs = process.env.MOCK_NO_DOCS === '1' ? undefined : await prepareDocs();
const mock = await startMock({ port, docsDir: docs, logger: process.env.MOCK_LOG === '1' });
console.log(`Stateful mock: ${mock.baseUrl}`);
if (docs) console.log(`Documentation: ${mock.origin}/docs/`);
const { apiKey, accessToken } = defaultCredentials();
console.log(`API key: ${apiKey}  access token: ${accessToken}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void mock.close().then(() => process.exit(0));
  });
}
