// Values drawn from JSON Schemas: one valid-looking sample, and the probes a counterexample search
// tries at a changed spot (enum and const values, bounds and one past them, formats, each branch).
import { resolvePointer } from '../../../common/src/index.ts';
import type { Json } from './types.ts';

export type Resolve = (ref: string) => unknown;

/**
 * Resolves `#/...` (local), `<id>#/...` and `<id>` (a whole document) references inside the documents given by id.
 * A `$anchor` reference (`#Name`) resolves to nothing here, as before: Ajv follows it when it validates.
 * Each reference is looked up once (the documents are not edited while they are read).
 */
export function resolver(docs: Record<string, unknown>, localId: string): Resolve {
  const found = new Map<string, unknown>();
  return (ref) => {
    if (found.has(ref)) return found.get(ref);
    const hash = ref.indexOf('#');
    const id = hash === 0 ? localId : hash < 0 ? ref : ref.slice(0, hash);
    const node = resolvePointer(docs[id], hash < 0 ? '' : ref.slice(hash));
    found.set(ref, node);
    return node;
  };
}

function deref(schema: unknown, resolve: Resolve, depth = 0): Json | boolean | undefined {
  if (typeof schema === 'boolean') return schema;
  if (!schema || typeof schema !== 'object') return undefined;
  const s = schema as Json;
  if (typeof s.$ref === 'string' && depth < 20) {
    const target = deref(resolve(s.$ref), resolve, depth + 1);
    const { $ref: _ref, ...siblings } = s;
    return typeof target === 'object' ? { ...target, ...siblings } : target;
  }
  return s;
}

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10',
  date: '2025-06-30',
  'date-time': '2025-06-30T12:00:00Z',
  uri: 'https://example.com/a',
  email: 'someone@example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
};

const typeOf = (s: Json): string | undefined =>
  Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') as string | undefined) : (s.type as string | undefined);

/** One instance of the schema: examples first, then const/enum/default, then built from the keywords. */
export function sample(schema: unknown, resolve: Resolve, full = false, depth = 0): unknown {
  const s = deref(schema, resolve);
  if (s === true || s === undefined) return 'x';
  if (s === false || depth > 12) return undefined;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('example' in s) return s.example;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('default' in s) return s.default;
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((p) => sample(p, resolve, full, depth + 1));
    const own = s.properties || s.type ? sample({ ...s, allOf: undefined }, resolve, full, depth + 1) : undefined;
    return [...parts, own].reduce(
      (acc: unknown, p) => (isObject(acc) && isObject(p) ? { ...acc, ...p } : (p ?? acc)),
      undefined,
    );
  }
  const branches = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0 && !s.properties)
    return sample(branches[0], resolve, full, depth + 1);
  const type = typeOf(s) ?? (s.properties || s.required ? 'object' : s.items ? 'array' : undefined);
  switch (type) {
    case 'object': {
      const out: Json = {};
      const props = (s.properties ?? {}) as Json;
      const required = new Set([
        ...((s.required as string[]) ?? []),
        ...(((deref(s.then, resolve) as Json | undefined)?.required as string[]) ?? []),
      ]);
      for (const [k, v] of Object.entries(props))
        if (full || required.has(k)) out[k] = sample(v, resolve, full, depth + 1);
      for (const k of required) if (!(k in out)) out[k] = 'x';
      return out;
    }
    case 'array': {
      const n = Math.max(1, Number(s.minItems ?? 1));
      return Array.from({ length: n }, () => sample(s.items, resolve, full, depth + 1));
    }
    case 'string':
      return FORMAT_SAMPLES[s.format as string] ?? 'x'.repeat(Math.max(1, Number(s.minLength ?? 1)));
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number'
        ? s.minimum
        : typeof s.exclusiveMinimum === 'number'
          ? s.exclusiveMinimum + 1
          : 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

export const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every subschema that can apply at an instance path below a schema (through refs and composition). */
export function schemasAt(schema: unknown, path: string[], resolve: Resolve, depth = 0): Json[] {
  const s = deref(schema, resolve);
  if (!s || typeof s !== 'object' || depth > 40) return [];
  const out: Json[] = [];
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    for (const b of (s[key] as unknown[]) ?? []) out.push(...schemasAt(b, path, resolve, depth + 1));
  for (const key of ['if', 'then', 'else']) if (s[key]) out.push(...schemasAt(s[key], path, resolve, depth + 1));
  if (path.length === 0) return [s, ...out];
  const [head, ...rest] = path as [string, ...string[]];
  const props = s.properties as Json | undefined;
  if (props && head in props) out.push(...schemasAt(props[head], rest, resolve, depth + 1));
  else if (/^\d+$/.test(head) && s.items) out.push(...schemasAt(s.items, rest, resolve, depth + 1));
  else if (isObject(s.additionalProperties)) out.push(...schemasAt(s.additionalProperties, rest, resolve, depth + 1));
  return out;
}

/** Probe values for a spot whose schemas are given: each schema's own values, bounds and one past, formats, types. */
export function probes(schemas: Json[], resolve: Resolve): unknown[] {
  const values: unknown[] = [null, true, false, 0, 1, -1, 0.5, 1e6, -1e6, '', 'x', 'not-a-valid-value', [], {}];
  values.push(...Object.values(FORMAT_SAMPLES));
  for (const s of schemas) {
    if (Array.isArray(s.enum)) values.push(...s.enum);
    if ('const' in s) values.push(s.const);
    if (Array.isArray(s.examples)) values.push(...s.examples);
    if ('default' in s) values.push(s.default);
    for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
      const n = s[key];
      if (typeof n === 'number') values.push(n, n - 1, n + 1, n - 0.5, n + 0.5);
    }
    for (const key of ['minLength', 'maxLength']) {
      const n = s[key];
      if (typeof n === 'number') for (const len of [n - 1, n, n + 1]) if (len >= 0) values.push('x'.repeat(len));
    }
    if (typeof s.format === 'string') values.push(`not-a-${s.format}`);
    for (const full of [false, true]) {
      const v = sample(s, resolve, full);
      values.push(v);
      if (Array.isArray(v)) {
        values.push([...v, ...v]);
        for (const key of ['minItems', 'maxItems']) {
          const n = s[key];
          if (typeof n === 'number')
            for (const len of [n - 1, n + 1]) if (len >= 0) values.push(Array.from({ length: len }, () => v[0]));
        }
      }
    }
    for (const key of ['anyOf', 'oneOf'])
      for (const b of (s[key] as unknown[]) ?? []) values.push(sample(b, resolve, false), sample(b, resolve, true));
  }
  return dedupe(values);
}

export function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v) ?? 'undefined';
    if (v === undefined || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
