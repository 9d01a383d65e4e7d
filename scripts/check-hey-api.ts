// Proof that the contract is usable outside our toolchain: @hey-api/openapi-ts (pinned 0.95.x,
// newer versions need Node 22) generates a client from generated/openapi.json into a temporary
// folder, and the output plus a small consumer type-check strictly with the project's TypeScript.
// Usage: tsx scripts/check-hey-api.ts [path/to/openapi.json]
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_SPEC = join(ROOT, 'generated/openapi.json');
const PINNED_MINOR = '0.95.';

/** Typed calls against the generated SDK; the @ts-expect-error lines prove required inputs are enforced. */
const CONTRACT_CONSUMER = `
import { client } from './client.gen.js';
import { getFundRunSummary, listProjects, startFundRun, type FundRunSummary, type ProjectListPage } from './index.js';

client.setConfig({ baseUrl: 'http://127.0.0.1:4010/api', headers: { Authorization: 'mock-api-key' } });

export async function consume(): Promise<void> {
  const page = await listProjects({ query: { page: 0, pageSize: 100 } });
  const projects = (page.data as ProjectListPage | undefined)?.data;
  const summary = await getFundRunSummary({ query: { fundExtractionId: '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d' } });
  const status: FundRunSummary['status'] | undefined = summary.data?.data.status;
  await startFundRun({ body: { name: 'Fund', folderPath: 'uploads/x', projectMode: 'bookmark' } });
  // @ts-expect-error fundExtractionId is required
  await getFundRunSummary({ query: {} });
  // @ts-expect-error projectMode is an enum
  await startFundRun({ body: { name: 'Fund', folderPath: 'uploads/x', projectMode: 'everything' } });
  console.log(projects?.[0]?.companyName, status);
}
`;

export interface HeyApiCheck {
  /** Files the generator wrote, relative to its output folder. */
  files: string[];
  /** Type errors of the output and the consumer; empty when everything type-checks. */
  problems: string[];
}

export interface HeyApiCheckOptions {
  spec?: string;
  /** Extra module type-checked next to the output (imports it as `./index.js`). */
  consumer?: string;
  /** Module to generate with; only tests change it, to show a missing tool fails clearly. */
  generatorModule?: string;
}

type Generator = { createClient: (config: Record<string, unknown>) => Promise<unknown> };

async function loadGenerator(specifier: string): Promise<Generator> {
  let generator: Generator;
  let version: string;
  try {
    generator = (await import(specifier)) as Generator;
    const manifest = join(ROOT, 'node_modules', specifier, 'package.json');
    version = (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
  } catch (error) {
    throw new Error(`${specifier} is not installed (${(error as Error).message}). It is a pinned devDependency: run \`npm ci\`.`);
  }
  if (!version.startsWith(PINNED_MINOR)) {
    throw new Error(`${specifier} is ${version}, expected ${PINNED_MINOR}x (newer versions need Node 22). Run \`npm ci\`.`);
  }
  return generator;
}

/** The underlying message: hey-api wraps failures in a JobError whose own message is empty. */
function reason(error: unknown): string {
  const wrapped = (error as { originalError?: { error?: unknown } } | undefined)?.originalError?.error;
  if (wrapped !== undefined) return reason(wrapped);
  return error instanceof Error ? error.message || error.name : String(error);
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? listFiles(dir, join(prefix, e.name)) : Promise.resolve([join(prefix, e.name)]))),
  );
  return nested.flat().sort();
}

function typeCheck(files: string[]): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  };
  const program = ts.createProgram(files, options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

export async function checkHeyApi(options: HeyApiCheckOptions = {}): Promise<HeyApiCheck> {
  const { spec = DEFAULT_SPEC, consumer = spec === DEFAULT_SPEC ? CONTRACT_CONSUMER : undefined, generatorModule = '@hey-api/openapi-ts' } = options;
  const generator = await loadGenerator(generatorModule);
  const dir = await mkdtemp(join(tmpdir(), 'hey-api-'));
  try {
    const output = join(dir, 'client');
    // Passed parsed: a bare relative path would be read as a Hey API registry shorthand.
    const input = JSON.parse(await readFile(resolve(spec), 'utf8')) as unknown;
    try {
      await generator.createClient({ input, output, logs: { level: 'silent', path: dir } });
    } catch (error) {
      throw new Error(`@hey-api/openapi-ts could not generate a client from ${spec}: ${reason(error)}`);
    }
    const files = await listFiles(output);
    if (files.length === 0) throw new Error(`@hey-api/openapi-ts wrote nothing for ${spec}.`);
    // ESM, so the output's `.js` specifiers and a consumer's top-level code resolve as in a real project.
    await writeFile(join(output, 'package.json'), '{ "type": "module" }\n');
    const roots = files.filter((f) => f.endsWith('.ts')).map((f) => join(output, f));
    if (consumer !== undefined) {
      await writeFile(join(output, 'consumer.ts'), consumer);
      roots.push(join(output, 'consumer.ts'));
    }
    return { files, problems: typeCheck(roots).map((p) => p.replace(`${output}/`, '')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spec = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_SPEC;
  try {
    const { files, problems } = await checkHeyApi({ spec });
    if (problems.length > 0) {
      console.error(`hey-api output for ${spec} does not type-check:\n${problems.join('\n')}`);
      process.exit(1);
    }
    console.log(`hey-api generated ${files.length} files from ${spec}; they type-check (strict).`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
