// The structural walk is Redocly's `diff` (experimental, @redocly/cli 2.77.0, pinned exactly). Redocly
// exports no API for it, and starting its CLI costs more than a comparison (the change corpus makes 73;
// docs/decisions/2026-11-contract-diff.md). So the diff engine runs in this process, called as the CLI's `diff` command
// calls it: the command's chunk and the configuration loader are found from the CLI's entry
// (lib/index.js), the engine, document reader and node type name from the chunk's import statements
// (the bundle's names are minified), once per process; anything not found fails with one line naming
// the installed version. The changes keep the fields of the command's JSON report that we read.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface RedoclyChange {
  /** Where the walk met the change: a pointer through the paths or webhooks, `#/...`. */
  path: string;
  typeName: string;
  kind: 'added' | 'removed' | 'modified';
  impact: 'major' | 'minor' | 'patch' | 'none';
  property?: string;
  verdicts: { ruleId: string; impact: string; message: string; location?: { pointer: string } }[];
  base?: { pointer: string; value?: unknown };
  revision?: { pointer: string; value?: unknown };
}

/** What the engine gives per change (the fields the CLI's JSON report is made from). */
interface EngineChange {
  path: string;
  node: unknown;
  kind: RedoclyChange['kind'];
  impact: RedoclyChange['impact'];
  property?: string;
  verdicts: { location?: { pointer: string }; [k: string]: unknown }[];
  base?: { location: { pointer: string }; value?: unknown };
  revision?: { location: { pointer: string }; value?: unknown };
}

interface Document {
  source: { absoluteRef: string; body: string };
  parsed: unknown;
}

interface Resolver {
  resolveDocument(from: null, ref: string, force: boolean): Promise<Document | Error>;
  parseDocument(source: Document['source'], force?: boolean): Document;
}

interface Engine {
  config: { resolve: unknown };
  Resolver: new (config: unknown) => Resolver;
  diff: (args: { base: Document; revision: Document; config: unknown; externalRefResolver: Resolver }) => Promise<{
    changes: EngineChange[];
    problems: { severity: string; ignored?: boolean; message: string; ruleId?: string }[];
  }>;
  typeName: (node: unknown) => string;
}

/** Where @redocly/cli is installed: an optional peer of the conformance package, needed by `diff` only. */
function redoclyRoot(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json'));
  } catch {
    throw new Error(
      'diff needs @redocly/cli beside this package (npm install --save-dev @redocly/cli@2.77.0, about 15 MB); verify, pact-verify, receiver and broker do not',
    );
  }
}

let engine: Promise<Engine> | undefined;

/** The module and export name behind a local name of a bundle file's `import{x as y}from"../../../conformance/src/diff/z.js"`. */
function importOf(
  code: string,
  local: string | undefined,
  fromDir: string,
): { file: string; name: string } | undefined {
  for (const [, names, file] of code.matchAll(/import\{([^}]*)\}from"(\.[^"]+)"/g)) {
    for (const spec of (names as string).split(',')) {
      const [name, as = name] = spec.trim().split(/\s+as\s+/) as [string, string?];
      if (as === local) return { file: join(fromDir, file as string), name };
    }
  }
  return undefined;
}

async function loadEngine(): Promise<Engine> {
  const cliRoot = redoclyRoot();
  const version = (JSON.parse(readFileSync(join(cliRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const missing = (what: string) =>
    new Error(
      `structural walk: cannot find ${what} in @redocly/cli ${version} (read as the bundle of 2.77.0 is laid out; install 2.77.0 or update structural-walk.ts)`,
    );
  const from = async (ref: { file: string; name: string } | undefined, what: string) => {
    const value = ref && ((await import(pathToFileURL(ref.file).href)) as Record<string, unknown>)[ref.name];
    if (typeof value !== 'function') throw missing(what);
    return value as (...args: never[]) => unknown;
  };
  const lib = join(cliRoot, 'lib');
  const index = readFileSync(join(lib, 'index.js'), 'utf8');
  const chunkPath = /handleDiff:[\w$]+\}=await import\("(\.\/chunks\/[\w-]+\.js)"\)/.exec(index)?.[1];
  if (!chunkPath) throw missing('the diff command');
  const chunkFile = join(lib, chunkPath);
  const chunk = readFileSync(chunkFile, 'utf8');
  const local = (pattern: RegExp) => pattern.exec(chunk)?.[1];
  const loadConfig = await from(
    importOf(index, /await ([\w$]+)\(\{configPath:/.exec(index)?.[1], lib),
    'the configuration loader',
  );
  const diff = await from(
    importOf(
      chunk,
      local(/await ([\w$]+)\(\{base:[\w$]+,revision:[\w$]+,config:[\w$]+,externalRefResolver:[\w$]+\}\)/),
      dirname(chunkFile),
    ),
    'the diff engine',
  );
  const resolver = await from(
    importOf(chunk, local(/new ([\w$]+)\([\w$]+\.resolve\)/), dirname(chunkFile)),
    'the document resolver',
  );
  const typeName = await from(
    importOf(chunk, local(/typeName:([\w$]+)\([\w$]+\.node\)/), dirname(chunkFile)),
    'the node type name',
  );
  // Redocly's default configuration: an empty (not absent) path keeps the repository's redocly.yaml,
  // our lint rules, out, as the CLI run in an empty folder did.
  const config = (await (loadConfig as (o: { configPath: string }) => Promise<Engine['config']>)({
    configPath: '',
  })) as Engine['config'];
  return {
    config,
    Resolver: resolver as unknown as Engine['Resolver'],
    diff: diff as unknown as Engine['diff'],
    typeName: typeName as unknown as Engine['typeName'],
  };
}

/** The CLI's order of changes: by path, then by the property a modification changed. */
function byPathThenProperty(a: EngineChange, b: EngineChange): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  const [p, q] = [a.kind === 'modified' ? (a.property ?? '') : '', b.kind === 'modified' ? (b.property ?? '') : ''];
  return p === q ? 0 : p < q ? -1 : 1;
}

/** The changes from one contract to another, each given as its JSON text. */
export async function structuralWalk(baseText: string, headText: string): Promise<RedoclyChange[]> {
  const { config, Resolver, diff, typeName } = await (engine ??= loadEngine());
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-'));
  try {
    const [b, h] = [join(dir, 'base.json'), join(dir, 'head.json')];
    writeFileSync(b, baseText);
    writeFileSync(h, headText);
    // Both files are JSON we wrote: read as JSON, not through Redocly's YAML parser (the same document, faster).
    class JsonResolver extends Resolver {
      override parseDocument(source: Document['source'], force?: boolean): Document {
        return source.absoluteRef === b || source.absoluteRef === h
          ? { source, parsed: JSON.parse(source.body) }
          : super.parseDocument(source, force);
      }
    }
    const resolver = new JsonResolver(config.resolve);
    const read = async (file: string) => {
      const doc = await resolver.resolveDocument(null, file, true);
      if (doc instanceof Error) throw doc;
      return doc;
    };
    let result: Awaited<ReturnType<Engine['diff']>>;
    try {
      const [baseDoc, headDoc] = await Promise.all([read(b), read(h)]);
      result = await diff({ base: baseDoc, revision: headDoc, config, externalRefResolver: resolver });
    } catch (e) {
      throw new Error(`redocly diff failed: ${(e as Error).message.split('\n')[0]}`);
    }
    // The CLI fails when the head contract has errors (unresolved references): the diff can miss changes there.
    const error = result.problems.find((p) => p.severity === 'error' && !p.ignored);
    if (error)
      throw new Error(
        `redocly diff failed: the head contract has errors, so the diff can miss breaking changes: ${error.message.split('\n')[0]} (${error.ruleId})`,
      );
    const changes: RedoclyChange[] = result.changes.sort(byPathThenProperty).map((c) => ({
      path: c.path,
      typeName: typeName(c.node),
      kind: c.kind,
      impact: c.impact,
      verdicts: c.verdicts.map(({ location, ...v }) => ({
        ...(v as Omit<RedoclyChange['verdicts'][number], 'location'>),
        location: location && { pointer: location.pointer },
      })),
      property: c.kind === 'modified' ? c.property : undefined,
      base: c.base && { pointer: c.base.location.pointer, value: c.base.value },
      revision: c.revision && { pointer: c.revision.location.pointer, value: c.revision.value },
    }));
    // As the report file gave them: plain JSON, nothing shared with the engine's documents.
    return JSON.parse(JSON.stringify(changes)) as RedoclyChange[];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
