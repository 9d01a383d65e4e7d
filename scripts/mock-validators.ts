// The mock package's request validators compiled at build time (Ajv's standalone code): every
// parameter and body validator of both documents, compiled by the same RequestValidator and Ajv
// options as at run time, written as modules the package's bundle carries instead of Ajv
// (docs/decisions/2026-11-mock-packages-bundled.md). An esbuild plugin puts them in place of
// mocks/src/http/compiled-validators.ts.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'esbuild';
import { CONTRACT_ID, CONTROL_ID } from '../mocks/src/contract-documents.ts';
import { createAjv } from '../mocks/src/http/ajv-validators.ts';
import { readOperations } from '../mocks/src/http/contract-operations.ts';
import { RequestValidator, type ValidatorCompiler } from '../mocks/src/http/request-validator.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const standaloneCode = standaloneModule as unknown as typeof standaloneModule.default;

/** The two documents the mock serves, by the id its validators give them. */
const DOCUMENTS = [
  { file: 'generated/openapi.json', id: CONTRACT_ID, name: 'service' },
  { file: 'generated/control-api.json', id: CONTROL_ID, name: 'control' },
] as const;

/** Compiles each key's validator into one of two Ajv instances with source code kept, and remembers its export name. */
class CompilingAhead implements ValidatorCompiler {
  readonly coercing: Ajv2020;
  readonly exact: Ajv2020;
  /** key → [coerced?, export name] */
  readonly exports = new Map<string, [boolean, string]>();

  constructor(doc: object, id: string) {
    this.coercing = createAjv(true, { source: true, esm: true }).addSchema(doc, id);
    this.exact = createAjv(false, { source: true, esm: true }).addSchema(doc, id);
  }

  compile(key: string, coerce: boolean, schema: () => object): ValidateFunction {
    const name = `v${this.exports.size}`;
    const ajv = coerce ? this.coercing : this.exact;
    ajv.addSchema(schema(), name);
    this.exports.set(key, [coerce, name]);
    return ajv.getSchema(name)!;
  }

  /** The standalone module of one Ajv: each of its validators exported under its name. */
  module(coerce: boolean): string {
    const names = [...this.exports.values()].filter(([c]) => c === coerce).map(([, name]) => name);
    return standaloneCode(coerce ? this.coercing : this.exact, Object.fromEntries(names.map((n) => [n, n])));
  }
}

/**
 * Writes the validators' modules into `dir` (inside the repository, where the standalone code's
 * `require("ajv/dist/runtime/…")` and `require("ajv-formats/dist/formats")` resolve) and returns
 * the text of the module that replaces compiled-validators.ts.
 */
export async function writeMockValidators(dir: string): Promise<string> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const imports: string[] = [];
  const tables: string[] = [];
  for (const { file, id, name } of DOCUMENTS) {
    const doc = JSON.parse(await readFile(join(ROOT, file), 'utf8')) as Record<string, unknown>;
    const ahead = new CompilingAhead(doc, id);
    new RequestValidator(doc, id, ahead).prepare(readOperations(doc));
    for (const coerce of [true, false]) {
      const module = `${name}-${coerce ? 'coercing' : 'exact'}`;
      await writeFile(join(dir, `${module}.js`), ahead.module(coerce));
      imports.push(`import * as ${module.replace('-', '_')} from './${module}.js';`);
    }
    const entries = [...ahead.exports].map(
      ([key, [coerce, exported]]) => `${JSON.stringify(key)}: ${name}_${coerce ? 'coercing' : 'exact'}.${exported}`,
    );
    tables.push(`${JSON.stringify(id)}: {\n  ${entries.join(',\n  ')}\n}`);
  }
  const precompiled = join(ROOT, 'mocks/src/http/precompiled-validators.ts');
  return [
    '// Written by scripts/mock-validators.ts when the package is built.',
    `import { PrecompiledValidators } from ${JSON.stringify(precompiled)};`,
    ...imports,
    `const TABLES = {\n${tables.join(',\n')}\n};`,
    'export function validatorCompiler(_doc, docId) {',
    '  return new PrecompiledValidators(TABLES[docId] ?? {}, docId);',
    '}',
    '',
  ].join('\n');
}

/** Puts the validators compiled into `dir` in place of mocks/src/http/compiled-validators.ts. */
export function precompiledValidators(dir: string): Plugin {
  return {
    name: 'mock-precompiled-validators',
    setup(context) {
      context.onLoad({ filter: /[\\/]mocks[\\/]src[\\/]http[\\/]compiled-validators\.ts$/ }, async () => ({
        contents: await writeMockValidators(dir),
        loader: 'js',
        resolveDir: dir,
      }));
    },
  };
}
