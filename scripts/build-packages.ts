// `npm run build:packages`: builds the four npm packages of packages/<name>/ into their dist/
// folders from the sources where they live (openapi/ → generated/, client/, mocks/,
// contract-tests/). JavaScript by esbuild (already the project's bundler), declarations by the
// TypeScript compiler's API.
// Every package is versioned with the contract's info.version; a mismatch stops the build.
import { chmod, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import type TypeScript from 'typescript';
import { stringify } from 'yaml';
import { ensureDocs, SITE_FILES } from './docs.ts';
import { precompiledValidators } from './mock-validators.ts';
import { projectOptions, sharingHost, ts } from './typescript-api.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts: string[]) => join(ROOT, ...parts);

export const PACKAGE_NAMES = ['contract', 'client', 'mock', 'conformance'] as const;
export type PackageName = (typeof PACKAGE_NAMES)[number];

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  /** Optional peers: packages an entry imports or a command runs, installed by the user who needs them (the mock's msw and playwright-core, the conformance broker's Pact CLI and diff's Redocly). */
  peerDependencies?: Record<string, string>;
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

/** The contract's info.version, which every package carries. */
export async function contractVersion(): Promise<string> {
  return (await readJson<{ info: { version: string } }>(at('generated/openapi.json'))).info.version;
}

const NODE_TARGET = 'node22.12';
const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The npm packages a bundle imports at run time (its external imports), by package name. */
function externalPackages(metafile: Metafile): Set<string> {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || nodeBuiltins.has(path) || path.startsWith('.')) continue;
      names.add(path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]!);
    }
  }
  return names;
}

/** Packages whose binaries the code runs (found with createRequire().resolve, which no import shows). */
const RUN_AS_BINARIES: Record<string, string[]> = {
  '@portfolio-integration/conformance': ['@pact-foundation/pact-cli', '@redocly/cli'],
};

/** A package must declare every package its bundles import or run (as a dependency or a peer), and nothing else. */
function checkDependencies(manifest: Manifest, ...metafiles: Metafile[]): void {
  const used = new Set([
    ...metafiles.flatMap((metafile) => [...externalPackages(metafile)]),
    ...(RUN_AS_BINARIES[manifest.name] ?? []),
  ]);
  const dependencies = Object.keys(manifest.dependencies ?? {});
  // A peer may be needed for types alone (the Playwright entry's playwright-core): only dependencies must be used.
  const declared = new Set([...dependencies, ...Object.keys(manifest.peerDependencies ?? {})]);
  const missing = [...used].filter((name) => !declared.has(name));
  const unused = dependencies.filter((name) => !used.has(name));
  if (missing.length || unused.length) {
    throw new Error(
      `${manifest.name}: dependencies do not match what the build imports (missing: ${missing.join(', ') || 'none'}; unused: ${unused.join(', ') || 'none'})`,
    );
  }
}

/** Resolves an import of the client's main entry from the Node entry to the built main entry beside it. */
function mainEntryExternal(extension: string): Plugin {
  return {
    name: 'client-main-entry-external',
    setup(context) {
      // Only the secondary entries' bundles use this plugin; the main entry's files never import index.ts.
      context.onResolve({ filter: /^\.\/index\.ts$/ }, (args) =>
        args.importer.startsWith(join(ROOT, 'client', 'src'))
          ? { path: `./index${extension}`, external: true }
          : undefined,
      );
    },
  };
}

/**
 * CommonJS output only: openapi-fetch's CommonJS build puts createClient on `exports.default`, but
 * esbuild reads a default import from a `"type": "module"` source with Node's interop (the whole
 * `module.exports`). This shim hands the client the function itself.
 */
const openapiFetchDefault: Plugin = {
  name: 'openapi-fetch-cjs-default',
  setup(context) {
    context.onResolve({ filter: /^openapi-fetch$/ }, (args) =>
      args.namespace === 'file' ? { path: 'openapi-fetch', namespace: 'openapi-fetch-default' } : undefined,
    );
    context.onLoad({ filter: /.*/, namespace: 'openapi-fetch-default' }, () => ({
      contents: "module.exports = require('openapi-fetch').default;",
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};

async function bundle(options: BuildOptions): Promise<Metafile> {
  const result = await build({
    bundle: true,
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    ...options,
  });
  return result.metafile!;
}

/**
 * Emits declarations for `entries` into outDir, `.ts` specifiers rewritten to `.js`; `exactOptional`
 * for sources kept under that flag (client/tsconfig.json). In this process, through the TypeScript
 * API: the packages' programs share one compiler host, so the files they have in common (lib files,
 * @types/node, generated/types.ts) are parsed once. Only declarations are emitted, and only their
 * diagnostics (a type that cannot be named, a syntax error) stop the build: the full type check of the
 * same files with the same flags is `npm run typecheck`'s (tsconfig.json, client/tsconfig.json).
 */
async function declarations(entries: string[], outDir: string, exactOptional: boolean, layout: Layout): Promise<void> {
  const emitted = `${outDir}.emit`;
  const options: TypeScript.CompilerOptions = {
    ...projectOptions(),
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    exactOptionalPropertyTypes: exactOptional,
    rootDir: ROOT,
    outDir: emitted,
  };
  const program = ts.createProgram({ rootNames: entries, options, host: sharingHost(options, sourceFiles) });
  const problems = [...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics()];
  // File by file: a forced declaration emit of the whole program would also write the imported JSON
  // contract as a type (openapi.d.json.ts), which tsc's normal emit leaves out.
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file) || file.fileName.endsWith('.json'))
      continue;
    problems.push(...emitDeclarationsOnly(program, file).diagnostics);
  }
  if (problems.length) {
    const text = ts.formatDiagnostics(problems, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => ROOT,
      getNewLine: () => '\n',
    });
    throw new Error(`tsc could not emit the declarations:\n${text}`);
  }
  await relocate(emitted, outDir, layout, entries);
  await rm(emitted, { recursive: true, force: true });
}

/**
 * `program.emit` with its sixth parameter, forceDtsEmit: internal in TypeScript 5.9 (what its
 * language service uses for declaration output), it skips the full type check of the file that a
 * plain emit runs first. Another TypeScript would ignore the extra argument and check in full.
 */
const emitDeclarationsOnly = (program: TypeScript.Program, file: TypeScript.SourceFile): TypeScript.EmitResult =>
  (program.emit as (...args: unknown[]) => TypeScript.EmitResult)(file, undefined, undefined, true, undefined, true);

/**
 * Parsed files every declaration program of this build reuses (emptied when a build starts):
 * @types/node, generated/types.ts and the code both packages share are parsed once.
 */
const sourceFiles = new Map<string, TypeScript.SourceFile | undefined>();

/**
 * Where a package's declarations go, by the repository folder they were emitted from (root-relative,
 * ending in `/`): the product's own `src/` becomes the package's root, so the declarations read as the
 * package's paths, not the repository's.
 */
type Layout = [from: string, to: string][];

/**
 * Moves emitted declarations from their repository paths to the package's (`layout`), rewriting each
 * relative specifier to the file's new place (`.ts` specifiers become `.js`, what consumers resolve).
 * Only the declarations an entry's declarations reach are kept: a file the package bundles but whose
 * types no entry exposes has nothing to tell a consumer.
 */
async function relocate(emitted: string, outDir: string, layout: Layout, entries: string[]): Promise<void> {
  const place = (rel: string): string => {
    const rule = layout.find(([from]) => rel.startsWith(from));
    if (!rule) throw new Error(`a declaration outside the package's layout: ${rel}`);
    return rule[1] + rel.slice(rule[0].length);
  };
  const moved = new Map<string, { text: string; imports: string[] }>();
  for (const entry of await readdir(emitted, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const from = relative(emitted, join(entry.parentPath, entry.name)).split(sep).join('/');
    const to = place(from);
    const imports: string[] = [];
    const text = (await readFile(join(emitted, from), 'utf8')).replace(
      /(['"])(\.{1,2}\/[^'"]+)\.ts\1/g,
      (_, quote: string, specifier: string) => {
        const target = place(posix.join(posix.dirname(from), `${specifier}.ts`));
        imports.push(target.replace(/\.ts$/, '.d.ts'));
        const next = posix.relative(posix.dirname(to), target).replace(/\.ts$/, '.js');
        return `${quote}${next.startsWith('.') ? next : `./${next}`}${quote}`;
      },
    );
    moved.set(to, { text, imports });
  }
  const reached = new Set<string>();
  const visit = (file: string): void => {
    if (reached.has(file) || !moved.has(file)) return;
    reached.add(file);
    for (const next of moved.get(file)!.imports) visit(next);
  };
  for (const entry of entries) visit(place(relative(ROOT, entry).split(sep).join('/')).replace(/\.ts$/, '.d.ts'));
  for (const file of reached) {
    await mkdir(dirname(join(outDir, file)), { recursive: true });
    await writeFile(join(outDir, file), moved.get(file)!.text);
  }
}

async function fresh(name: PackageName): Promise<{ dir: string; dist: string; manifest: Manifest }> {
  const dir = at('packages', name);
  const dist = join(dir, 'dist');
  await rm(dist, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  return { dir, dist, manifest: await readJson<Manifest>(join(dir, 'package.json')) };
}

async function buildContract(): Promise<void> {
  const { dist } = await fresh('contract');
  const contract = await readFile(at('generated/openapi.json'), 'utf8');
  await writeFile(join(dist, 'openapi.json'), contract);
  await writeFile(join(dist, 'openapi.yaml'), stringify(JSON.parse(contract), { lineWidth: 0 }));
  // openapi-typescript's output holds types only, so it is a declaration file as it stands.
  await cp(at('generated/types.ts'), join(dist, 'types.d.ts'));
}

/** A product's declarations at the package's root, what it shares and the contract's types beside them. */
const layoutOf = (productSrc: string): Layout => [
  [productSrc, ''],
  ['common/src/', 'common/'],
  ['openapi/', 'contract/'],
  ['generated/', 'generated/'],
];

async function buildClient(): Promise<void> {
  const { dist, manifest } = await fresh('client');
  const entries = [at('client/src/index.ts'), at('client/src/node.ts'), at('client/src/receiver.ts')];
  const formats = [
    { dir: 'esm', format: 'esm', type: 'module' },
    { dir: 'cjs', format: 'cjs', type: 'commonjs' },
  ] as const;
  for (const { dir, format, type } of formats) {
    const outdir = join(dist, dir);
    const common = {
      outdir,
      format,
      platform: 'neutral',
      target: ['es2022', NODE_TARGET],
      mainFields: ['module', 'main'],
    } satisfies BuildOptions;
    // The main entry stays free of Node modules; the Node entry imports the built main entry.
    const interop = format === 'cjs' ? [openapiFetchDefault] : [];
    const main = await bundle({ ...common, entryPoints: [entries[0]!], plugins: [...interop, leanContractDocument] });
    if (Object.keys(main.inputs).some((input) => input.startsWith('node:')))
      throw new Error('the client main entry imports a Node module');
    const node = await bundle({ ...common, entryPoints: [entries[1]!], plugins: [mainEntryExternal('.js')] });
    const receiver = await bundle({ ...common, entryPoints: [entries[2]!], plugins: [mainEntryExternal('.js')] });
    // The receiver runs on Workers, Deno and Bun too.
    if (Object.keys(receiver.inputs).some((input) => input.startsWith('node:')))
      throw new Error('the client receiver entry imports a Node module');
    checkDependencies(manifest, {
      inputs: { ...main.inputs, ...node.inputs, ...receiver.inputs },
      outputs: { ...main.outputs, ...node.outputs, ...receiver.outputs },
    });
    await writeFile(join(dist, dir, 'package.json'), `${JSON.stringify({ type })}\n`);
  }
  await declarations(entries, join(dist, 'esm'), true, layoutOf('client/src/'));
  await cp(join(dist, 'esm'), join(dist, 'cjs'), {
    recursive: true,
    filter: (src) => !src.endsWith('.js') && !src.endsWith('package.json'),
  });
}

/** Keys of prose and samples: what a reader of the docs needs, never the client at run time. */
const PROSE_KEYS = new Set(['description', 'summary', 'example', 'examples', 'x-codeSamples', 'externalDocs', 'tags']);

/** The contract without its prose and samples; under `properties` the keys are field names and stay. */
export function leanContract(node: unknown, parentKey = ''): unknown {
  if (Array.isArray(node)) return node.map((item) => leanContract(item));
  if (typeof node !== 'object' || node === null) return node;
  const names = parentKey === 'properties' || parentKey === 'patternProperties';
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => names || !PROSE_KEYS.has(key))
      .map(([key, value]) => [key, leanContract(value, names ? '' : key)]),
  );
}

/** The client's bundles carry the contract's facts (security, limits, x- facts, webhook schemas), not its prose. */
const leanContractDocument: Plugin = {
  name: 'lean-contract-document',
  setup(context) {
    context.onLoad({ filter: /[\\/]generated[\\/]openapi\.json$/ }, async (args) => ({
      contents: JSON.stringify(leanContract(JSON.parse(await readFile(args.path, 'utf8')))),
      loader: 'json',
    }));
  },
};

/**
 * In a bundle of the mock one folder below the root of its package or tree, its documents are the
 * generated/ folder beside that folder (mocks/src/documents-dir.ts): the package's dist/, the oracle
 * model's .oracle-model/ (scripts/bundle-oracle-model.ts).
 */
export const documentsDirOfPackage: Plugin = {
  name: 'mock-documents-dir',
  setup(context) {
    context.onLoad({ filter: /[\\/]mocks[\\/]src[\\/]documents-dir\.ts$/ }, () => ({
      contents: "export const DOCUMENTS_DIR = new URL('../generated/', import.meta.url);",
      loader: 'ts',
    }));
  },
};

/** Lets the bundled packages' CommonJS `require` calls (of Node's own modules) work in an ESM chunk. */
const REQUIRE_BANNER =
  "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";

async function buildNodeBin(
  name: 'mock' | 'conformance',
  entries: string[],
  plugins: Plugin[] = [],
  /** Further entries built apart (the mock's browser entries), whose imports the manifest declares too. */
  more: (dist: string) => Promise<Metafile[]> = async () => [],
  /**
   * Carry the npm packages inside the chunks instead of importing them from node_modules (the
   * mock: docs/decisions/2026-11-mock-packages-bundled.md); their licences go to
   * dist/THIRD-PARTY-NOTICES.md.
   */
  inlinePackages = false,
): Promise<{ dist: string }> {
  const { dist, manifest } = await fresh(name);
  const metafile = await bundle({
    entryPoints: entries.map((entry) => at(entry)),
    plugins,
    outdir: dist,
    format: 'esm',
    platform: 'node',
    target: NODE_TARGET,
    splitting: true,
    // Chunks beside the entries: the mock finds the documents it reads relative to its code.
    chunkNames: '[name]-[hash]',
    ...(inlinePackages ? { packages: 'bundle', banner: { js: REQUIRE_BANNER } } : {}),
  });
  checkDependencies(manifest, metafile, ...(await more(dist)));
  if (inlinePackages) await writeFile(join(dist, 'THIRD-PARTY-NOTICES.md'), await thirdPartyNotices(metafile));
  await chmod(join(dist, 'bin.js'), 0o755);
  return { dist };
}

/** The MIT licence's terms, for a package that declares MIT but ships no licence file. */
const MIT_TEXT = `Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the
following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial
portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT
LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO
EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE
USE OR OTHER DEALINGS IN THE SOFTWARE.`;

/** The folder of the npm package an input of a bundle comes from (`node_modules/@scope/name`), or undefined for our own code. */
function packageFolderOf(input: string): string | undefined {
  // Not node_modules/.cache/: the validators the build compiled (scripts/mock-validators.ts) are ours.
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/.][^/]*)\//.exec(input);
  return match?.[1];
}

/**
 * The notice of every npm package a bundle carries: name, version, licence and the package's own
 * licence text (MIT, ISC, BSD and the like ask for it to travel with copies). A package without a
 * licence file, other than the two kinds below, stops the build.
 */
async function thirdPartyNotices(metafile: Metafile): Promise<string> {
  const folders = [...new Set(Object.keys(metafile.inputs).flatMap((input) => packageFolderOf(input) ?? []))];
  const notices = await Promise.all(
    folders.map(async (folder) => {
      const manifest = await readJson<{ name: string; version: string; license?: string; author?: unknown }>(
        at(folder, 'package.json'),
      );
      const title = `${manifest.name} ${manifest.version} (${manifest.license ?? 'see the text'})`;
      const licenceFile = (await readdir(at(folder))).find((file) => /^(un)?licen[cs]e(\.(md|txt))?$/i.test(file));
      if (licenceFile) return { title, text: (await readFile(at(folder, licenceFile), 'utf8')).trim() };
      // A package that declares MIT in its manifest but ships no text (abstract-logging): the MIT text with its author.
      if (manifest.license === 'MIT' && typeof manifest.author === 'string')
        return { title, text: `Copyright (c) ${manifest.author.replace(/\s*<.*$/, '')}\n\n${MIT_TEXT}` };
      // A public-domain dedication (postgres: Unlicense) asks for no notice.
      if (manifest.license === 'Unlicense')
        return { title, text: 'Released into the public domain (The Unlicense, https://unlicense.org).' };
      throw new Error(`${manifest.name} is bundled into the mock but ships no licence file`);
    }),
  );
  notices.sort((a, b) => a.title.localeCompare(b.title));
  const unique = [...new Map(notices.map((notice) => [notice.title, notice])).values()];
  return [
    '# Third-party notices',
    '',
    'The JavaScript files of this package carry these npm packages inside them (bundled at build time).',
    '',
    ...unique.flatMap(({ title, text }) => [`## ${title}`, '', '```', text, '```', '']),
  ].join('\n');
}

/** Entries of the mock that run in a browser or a test runner, not only in Node: no Node built-in, their documents inlined. */
const MOCK_BROWSER_ENTRIES = ['mocks/src/msw/index.ts', 'mocks/src/playwright/index.ts'];

/** One browser entry as dist/<folder>/index.js (`@portfolio-integration/mock/<folder>`), its npm imports left to the user's bundler. */
function buildBrowserEntry(entry: string, dist: string): Promise<Metafile> {
  const folder = posix.basename(posix.dirname(entry));
  return bundle({
    entryPoints: [at(entry)],
    outfile: join(dist, folder, 'index.js'),
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
  });
}

async function buildMock(): Promise<void> {
  const { dist } = await buildNodeBin(
    'mock',
    ['mocks/src/index.ts', 'mocks/src/bin.ts'],
    [documentsDirOfPackage, precompiledValidators(at('node_modules/.cache/mock-validators'))],
    (out) => Promise.all(MOCK_BROWSER_ENTRIES.map((entry) => buildBrowserEntry(entry, out))),
    true,
  );
  // The mock reads its two documents at start-up from the package's generated/ (documentsDirOfPackage).
  await mkdir(at('packages/mock/generated'), { recursive: true });
  await cp(at('generated/openapi.json'), at('packages/mock/generated/openapi.json'));
  await cp(at('generated/control-api.json'), at('packages/mock/generated/control-api.json'));
  // The site is its page and the console's sender: dist/docs/ may also hold the browser test's
  // screenshot, not shipped.
  const page = await ensureDocs('dist/docs');
  await mkdir(join(dist, 'docs'));
  for (const file of SITE_FILES) await cp(join(dirname(page), file), join(dist, 'docs', file));
  await declarations(
    [at('mocks/src/index.ts'), ...MOCK_BROWSER_ENTRIES.map((entry) => at(entry))],
    dist,
    false,
    layoutOf('mocks/src/'),
  );
}

/**
 * The conformance oracle's model is the mock, imported through its face (mocks/src/index.ts): in the
 * conformance bundle that import is the mock package (an optional peer), not a second copy of the mock.
 */
const mockFaceAsPackage: Plugin = {
  name: 'mock-face-as-package',
  setup(context) {
    context.onResolve({ filter: /[\\/]mocks[\\/]src[\\/]index\.ts$/ }, () => ({
      path: '@portfolio-integration/mock',
      external: true,
    }));
  },
};

async function buildConformance(): Promise<void> {
  await buildNodeBin('conformance', ['conformance/src/bin.ts'], [mockFaceAsPackage]);
}

const BUILDERS: Record<PackageName, () => Promise<void>> = {
  contract: buildContract,
  client: buildClient,
  mock: buildMock,
  conformance: buildConformance,
};

export async function buildPackages(names: readonly PackageName[] = PACKAGE_NAMES): Promise<void> {
  const version = await contractVersion();
  for (const name of names) {
    const manifest = await readJson<Manifest>(at('packages', name, 'package.json'));
    // A package of this toolkit needs its siblings of the same release (conformance's oracle, the mock).
    for (const [dependency, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies }))
      if (dependency.startsWith('@portfolio-integration/') && range !== version)
        throw new Error(
          `${manifest.name} depends on ${dependency} ${range}, the contract's info.version is ${version}`,
        );
    if (manifest.version !== version) {
      throw new Error(
        `${manifest.name} is version ${manifest.version}, the contract's info.version is ${version}: set the package's version to it`,
      );
    }
  }
  sourceFiles.clear();
  await Promise.all(names.map((name) => BUILDERS[name]()));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildPackages();
    console.log(`built ${PACKAGE_NAMES.map((name) => `packages/${name}`).join(', ')}`);
  } catch (error) {
    console.error(`build:packages: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
