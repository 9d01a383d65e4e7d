// The benchmarked mock runs as one JavaScript file bundled by esbuild, so its start-up is the
// mock's own and not the TypeScript loader's (tsx is measured separately, see servers.ts).
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Each module keeps its own `import.meta.url`, so files it reads beside itself are still found. */
const keepImportMetaUrl: Plugin = {
  name: 'keep-import-meta-url',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
      loader: 'ts',
    }));
  },
};

export interface MockBundle {
  path: string;
  remove(): Promise<void>;
}

/**
 * Bundles bench/mock-server.ts (packages stay external) into node_modules/.cache/bench/, where
 * node resolves those packages from the project's node_modules; one file per process, so a test
 * and a benchmark running at once never share one.
 */
export async function buildMockBundle(): Promise<MockBundle> {
  const outfile = fileURLToPath(new URL(`../node_modules/.cache/bench/mock-server.${process.pid}.mjs`, import.meta.url));
  await build({
    entryPoints: [fileURLToPath(new URL('./mock-server.ts', import.meta.url))],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [keepImportMetaUrl],
    logLevel: 'silent',
  });
  return { path: outfile, remove: () => rm(outfile, { force: true }) };
}
