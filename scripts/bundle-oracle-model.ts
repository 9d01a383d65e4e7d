// The first step of `npm run test:mutation`: bundles the mock's in-process face from the ORIGINAL
// sources into .oracle-model/model.js (git-ignored; Stryker's sandbox copies it, unmutated), before Stryker copies the tree and mutates
// mocks/src/domain. The oracle's mutation test imports this bundle as its model, so the model
// shares none of the mutated code while the mock it checks is the mutated one.
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ORACLE_MODEL_BUNDLE = '.oracle-model/model.js';

/** The bundle sits one folder below the root: the documents it reads are ../generated/. */
const sameDocumentsDir: Plugin = {
  name: 'oracle-model-documents-dir',
  setup(context) {
    context.onLoad({ filter: /[\\/]mocks[\\/]src[\\/]documents-dir\.ts$/ }, () => ({
      contents: "export const DOCUMENTS_DIR = new URL('../generated/', import.meta.url);",
      loader: 'ts',
    }));
  },
};

await build({
  entryPoints: [`${ROOT}mocks/src/in-process.ts`],
  outfile: `${ROOT}${ORACLE_MODEL_BUNDLE}`,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  logLevel: 'warning',
  plugins: [sameDocumentsDir],
});
console.log(`bundled the oracle's model from the unmutated sources: ${ORACLE_MODEL_BUNDLE}`);
