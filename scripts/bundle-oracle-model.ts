// The first step of `npm run test:mutation`: bundles the mock's in-process face from the ORIGINAL
// sources into .oracle-model/model.js (git-ignored; Stryker's sandbox copies it, unmutated), before Stryker copies the tree and mutates
// mocks/src/domain. The oracle's mutation test imports this bundle as its model, so the model
// shares none of the mutated code while the mock it checks is the mutated one.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { documentsDirOfPackage } from './build-packages.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ORACLE_MODEL_BUNDLE = '.oracle-model/model.js';

await build({
  entryPoints: [`${ROOT}mocks/src/in-process.ts`],
  outfile: `${ROOT}${ORACLE_MODEL_BUNDLE}`,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  logLevel: 'warning',
  // The bundle sits one folder below the root: the documents it reads are ../generated/.
  plugins: [documentsDirOfPackage],
});
console.log(`bundled the oracle's model from the unmutated sources: ${ORACLE_MODEL_BUNDLE}`);
