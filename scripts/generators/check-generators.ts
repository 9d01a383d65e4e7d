// Proof that the contract is usable outside our toolchain: each third-party generator builds a client
// from the bundle into a temporary folder, and its output plus a small typed consumer compile under
// `tsc --strict` with the project's TypeScript.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientGenerator } from './generator.ts';
import { heyApi } from './hey-api.ts';
import { kubb } from './kubb.ts';
import { orval } from './orval.ts';
import { loadPinned } from './pinned-module.ts';
import { typeCheck } from './type-check.ts';

export const DEFAULT_SPEC = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));
export const GENERATORS: readonly ClientGenerator[] = [heyApi, orval, kubb];

export interface GeneratorCheck {
  generator: string;
  /** Files the generator wrote, relative to its output folder. */
  files: string[];
  /** Type errors of the output and the consumer (`file:line: TSnnnn: message`); empty when everything compiles. */
  problems: string[];
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? listFiles(dir, join(prefix, e.name)) : Promise.resolve([join(prefix, e.name)]),
    ),
  );
  return nested.flat().sort();
}

/**
 * Generates with one generator and type-checks the output with `consumers` (file name to source, written beside the
 * output and compiled in the same program; default: the generator's own consumer as consumer.ts on the published
 * bundle, none on another). Throws, naming the generator, when it is missing or cannot generate.
 */
export async function checkGenerator(
  generator: ClientGenerator,
  options: { spec?: string; consumers?: Record<string, string> } = {},
): Promise<GeneratorCheck> {
  const spec = resolve(options.spec ?? DEFAULT_SPEC);
  const consumers = options.consumers ?? (spec === DEFAULT_SPEC ? { 'consumer.ts': generator.consumer } : {});
  const module = await loadPinned(generator.specifier, generator.pinned, generator.versionOf);
  const dir = await mkdtemp(join(tmpdir(), `generator-${generator.name.replace(/\W+/g, '-')}-`));
  try {
    const output = join(dir, 'client');
    try {
      await generator.generate(module, spec, output);
    } catch (error) {
      throw new Error(`${generator.name} could not generate a client from ${spec}: ${(error as Error).message}`);
    }
    const files = await listFiles(output).catch(() => []);
    if (files.length === 0) throw new Error(`${generator.name} wrote nothing for ${spec}.`);
    // ESM, so the output's `.js` specifiers and a consumer's top-level code resolve as in a real project.
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
    const roots = files.filter((f) => f.endsWith('.ts')).map((f) => join(output, f));
    for (const [name, source] of Object.entries(consumers)) {
      await writeFile(join(dir, name), source);
      roots.push(join(dir, name));
    }
    return { generator: generator.name, files, problems: typeCheck(roots, dir) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
