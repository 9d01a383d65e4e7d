// The validators the package's build compiles ahead of time (scripts/mock-validators.ts) judge every
// operation's parameters and bodies exactly as Ajv compiling them at run time does: same verdict,
// same errors, same coerced values.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMockValidators } from '../../../scripts/mock-validators.ts';
import { AjvValidators } from '../../src/http/ajv-validators.ts';
import { readOperations } from '../../src/http/contract-operations.ts';
import { RequestValidator, type ValidatorCompiler } from '../../src/http/request-validator.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOCUMENTS = [
  ['generated/openapi.json', 'https://contract.local/openapi.json'],
  ['generated/control-api.json', 'https://contract.local/control-api.json'],
] as const;

/** Records the schema of every key the RequestValidator asks for. */
class Recording implements ValidatorCompiler {
  readonly keys = new Map<string, { coerce: boolean; schema: object }>();
  compile(key: string, coerce: boolean, schema: () => object): ValidateFunction {
    this.keys.set(key, { coerce, schema: schema() });
    return (() => true) as unknown as ValidateFunction;
  }
}

/** Inputs for one validator: nothing, and every property it names set to text, a number's text, a negative. */
function inputs(schema: object): unknown[] {
  const names = Object.keys((schema as { properties?: object }).properties ?? {});
  const each = (value: unknown) => Object.fromEntries(names.map((name) => [name, value]));
  return [{}, each('x'), each('1'), each('-1'), each(''), { unknown: 1 }, [], 'text', null];
}

/** What a validator says of an input: its verdict, its errors (without the schema objects) and the input after coercion. */
function verdict(validate: ValidateFunction, input: unknown) {
  const data = structuredClone(input);
  const valid = validate(data);
  const errors = (validate.errors ?? []).map(
    ({ instancePath, schemaPath, keyword, params, message, parentSchema }) => ({
      instancePath,
      schemaPath,
      keyword,
      params,
      message,
      allowed: Object.keys((parentSchema as { properties?: object } | undefined)?.properties ?? {}),
    }),
  );
  return { valid, errors, data };
}

/** The keys whose validators differ on some input. */
function differences(
  ahead: (key: string) => ValidateFunction,
  atRunTime: (key: string, coerce: boolean, schema: object) => ValidateFunction,
  keys: Map<string, { coerce: boolean; schema: object }>,
): string[] {
  return [...keys].flatMap(([key, { coerce, schema }]) => {
    const runtime = atRunTime(key, coerce, schema);
    const compiled = ahead(key);
    return inputs(schema).some(
      (input) => JSON.stringify(verdict(runtime, input)) !== JSON.stringify(verdict(compiled, input)),
    )
      ? [key]
      : [];
  });
}

describe('validators compiled ahead of time', () => {
  let dir: string;
  let tables: { validatorCompiler(doc: object, id: string): ValidatorCompiler };

  beforeAll(async () => {
    // Inside the repository: the standalone code requires ajv's runtime and ajv-formats from
    // node_modules. Bundled as the package's build bundles it (that code's `require` is esbuild's).
    dir = await mkdtemp(join(ROOT, 'node_modules/.cache/mock-validators-test-'));
    await build({
      stdin: { contents: await writeMockValidators(dir), resolveDir: dir, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: join(dir, 'bundle.mjs'),
      logLevel: 'silent',
    });
    tables = await import(pathToFileURL(join(dir, 'bundle.mjs')).href);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  for (const [file, id] of DOCUMENTS)
    it(`judge every request of ${file} as Ajv at run time does`, async () => {
      const doc = JSON.parse(await readFile(join(ROOT, file), 'utf8')) as Record<string, unknown>;
      const recording = new Recording();
      new RequestValidator(doc, id, recording).prepare(readOperations(doc));
      expect(recording.keys.size).toBeGreaterThan(10);
      const ahead = tables.validatorCompiler(doc, id);
      const runtime = new AjvValidators(doc, id);
      expect(
        differences(
          (key) => ahead.compile(key, false, () => ({})),
          (key, coerce, schema) => runtime.compile(key, coerce, () => schema),
          recording.keys,
        ),
      ).toEqual([]);
    });

  it('the comparison finds validators that differ (parameters compiled without coercion)', async () => {
    const [file, id] = DOCUMENTS[0];
    const doc = JSON.parse(await readFile(join(ROOT, file), 'utf8')) as Record<string, unknown>;
    const recording = new Recording();
    new RequestValidator(doc, id, recording).prepare(readOperations(doc));
    const ahead = tables.validatorCompiler(doc, id);
    const runtime = new AjvValidators(doc, id);
    const found = differences(
      (key) => ahead.compile(key, false, () => ({})),
      (key, _coerce, schema) => runtime.compile(key, false, () => schema),
      recording.keys,
    );
    expect(found).toContain('listProjects:query');
  });

  it('a key the build did not compile is a clear error', () => {
    const [, id] = DOCUMENTS[0];
    expect(() => tables.validatorCompiler({}, id).compile('noSuchOperation:query', true, () => ({}))).toThrow(
      "The package's build compiled no validator noSuchOperation:query of https://contract.local/openapi.json",
    );
  });

  it('a parameter whose schema is a $ref to a number still must be written in decimal', () => {
    const doc = {
      paths: {
        '/x': { get: { operationId: 'getX', parameters: [{ name: 'n', in: 'query', schema: { $ref: '#/$defs/N' } }] } },
      },
      $defs: { N: { type: 'integer' } },
    };
    const id = 'https://contract.local/ref-test.json';
    const validator = new RequestValidator(doc, id, new AjvValidators(doc, id));
    const [op] = readOperations(doc);
    expect(validator.parameterErrors(op!, { query: { n: '0x10' }, headers: {}, params: {} })).toEqual([
      'query parameter n must be a decimal number',
    ]);
  });
});
