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

export interface MockBundleOptions {
  /**
   * Bundle the packages too, all but these (imported only when used, like the docs site's
   * @fastify/static): a child that is started many times then skips resolving and loading
   * about 150 module files at each start. The benchmarks keep packages external (as users run it).
   */
  inlinePackagesExcept?: string[];
}

/** Lets the packages' CommonJS `require` calls (of node's own modules) work inside the ESM bundle. */
const REQUIRE_BANNER =
  "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

/**
 * Bundles bench/mock-server.ts, or another child entry (packages external unless asked), into
 * node_modules/.cache/bench/, where node resolves those packages from the project's node_modules;
 * one file per process and entry, so a test and a benchmark running at once never share one.
 */
export async function buildMockBundle(
  entry: URL = new URL('../../bench/mock-server.ts', import.meta.url),
  options: MockBundleOptions = {},
): Promise<MockBundle> {
  const name = fileURLToPath(entry).split('/').at(-1)!.replace(/\.ts$/, '');
  const outfile = fileURLToPath(new URL(`../node_modules/.cache/bench/${name}.${process.pid}.mjs`, import.meta.url));
  const inline = options.inlinePackagesExcept;
  await build({
    entryPoints: [fileURLToPath(entry)],
    outfile,
    bundle: true,
    ...(inline ? { external: inline, banner: { js: REQUIRE_BANNER } } : { packages: 'external' as const }),
    platform: 'node',
    format: 'esm',
    target: 'node22',
    plugins: [keepImportMetaUrl],
    logLevel: 'silent',
  });
  return { path: outfile, remove: () => rm(outfile, { force: true }) };
}
