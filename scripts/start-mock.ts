// `npm start [-- <portfolio-mock options>]`: the stateful mock from the clone, through the same
// command line and environment defaults as the package's `portfolio-mock` bin (mocks/src/cli.ts,
// defaultsFromEnvironment); the documentation site is rebuilt first when it is missing or stale
// (scripts/docs.ts decides).
import { fileURLToPath } from 'node:url';
import { defaultsFromEnvironment, main } from '../mocks/src/cli.ts';

const docsDir = fileURLToPath(new URL('../dist/docs', import.meta.url));

/** Builds the site when it is missing or stale; a failed build is reported and the mock runs without it. */
async function prepareDocs(): Promise<string | undefined> {
  try {
    // Imported here: with MOCK_NO_DOCS=1 the site's build code is never loaded.
    const { ensureDocs } = await import('./docs.ts');
    await ensureDocs(docsDir);
    return docsDir;
  } catch (error) {
    console.warn(`Building the documentation site failed, starting without it: ${String(error)}`);
    return undefined;
  }
}

const code = await main(process.argv.slice(2), {
  docsDir: prepareDocs,
  defaults: defaultsFromEnvironment(process.env),
});
process.exit(code);
