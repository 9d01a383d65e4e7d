// The counterexample search: at the instance path a change touches, try the probes drawn from both
// schemas on every seed of the exchange, and keep the first instance that one contract accepts and
// the other refuses, as Ajv judges the whole exchange on both sides.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Exchanges, Site, Target } from './exchanges.ts';
import { dedupe, isObject, probes, resolver, schemasAt } from './schema-values.ts';
import type { Counterexample, Json } from './types.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
/** Enough to reach every probe on every seed of one exchange; bounds the time a change can take. */
const MAX_CHECKS = 4000;

function newAjv(validateSchema: boolean): Ajv2020 {
  // Code optimisation off: the same validators, compiled about a fifth faster (each is used a few times).
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    validateFormats: true,
    inlineRefs: false,
    validateSchema,
    code: { optimize: false },
  });
  addFormats(ajv);
  // OpenAPI-only formats that put no constraint on a JSON value.
  for (const format of ['binary', 'password', 'int32', 'int64', 'float', 'double', 'byte']) ajv.addFormat(format, true);
  return ajv;
}

/**
 * Every schema is checked against the 2020-12 meta-schema, as Ajv checks what it adds or compiles, but by
 * one instance per process: compiling the meta-schema is the dearest part of an Ajv instance.
 */
let metaChecker: Ajv2020 | undefined;
const checkSchema = (schema: Json) => void (metaChecker ??= newAjv(true)).validateSchema(schema, true);

/**
 * Each contract's validators, compiled on first use in an Ajv instance of its own (it holds that contract
 * only, under its id): a contract judged against many others (the corpus's unedited contract, a release
 * in the changelog) is compiled once for all of them.
 */
const compiledOf = new WeakMap<Exchanges, (siteKey: string) => ValidateFunction | undefined>();

function validatorsOf(side: Exchanges): (siteKey: string) => ValidateFunction | undefined {
  let get = compiledOf.get(side);
  if (!get) {
    const ajv = newAjv(false);
    checkSchema(side.doc);
    ajv.addSchema(side.doc, side.id);
    const compiled = new Map<string, ValidateFunction>();
    get = (siteKey) => {
      const site = side.sites.get(siteKey);
      if (!site) return undefined;
      let fn = compiled.get(siteKey);
      if (!fn) {
        checkSchema(site.schema);
        fn = ajv.compile(site.schema);
        compiled.set(siteKey, fn);
      }
      return fn;
    };
    compiledOf.set(side, get);
  }
  return get;
}

export class Judge {
  readonly base: Exchanges;
  readonly head: Exchanges;

  constructor(base: Exchanges, head: Exchanges) {
    this.base = base;
    this.head = head;
    // Both contracts are added (and checked as schemas) at once, so a contract Ajv refuses fails here.
    validatorsOf(base);
    validatorsOf(head);
  }

  validator(side: Exchanges, siteKey: string): ValidateFunction | undefined {
    return validatorsOf(side)(siteKey);
  }

  /** Valid under one side; `undefined` side (the exchange does not exist there) accepts nothing. */
  check(side: Exchanges, siteKey: string, instance: unknown): { valid: boolean; error: string } {
    const fn = this.validator(side, siteKey);
    if (!fn)
      return { valid: false, error: `the ${side === this.base ? 'base' : 'head'} contract has no such exchange` };
    const valid = fn(instance) as boolean;
    // Under anyOf every branch complains: branches for another status or media type say so at /status or
    // /contentType; the deepest other complaint names the spot that refused.
    const errors = (fn.errors ?? []).filter((x) => !['anyOf', 'oneOf', 'if'].includes(x.keyword));
    const specific = errors.filter((x) => !/^\/(status|contentType)$/.test(x.instancePath));
    const depth = (path: string) => path.split('/').length;
    const e =
      [...(specific.length > 0 ? specific : errors)].sort((a, b) => depth(b.instancePath) - depth(a.instancePath))[0] ??
      fn.errors?.[0];
    const detail =
      e?.params && 'allowedValues' in e.params
        ? ` ${JSON.stringify(e.params.allowedValues)}`
        : e?.keyword === 'const'
          ? ` ${JSON.stringify(e.params.allowedValue)}`
          : '';
    return { valid, error: e ? `${e.instancePath || '/'} ${e.message ?? e.keyword}${detail}` : '' };
  }

  private readonly sameCache = new Map<string, boolean>();

  /** True when the exchange reads the same in both contracts (its schema and everything it references). */
  unchanged(siteKey: string): boolean {
    let same = this.sameCache.get(siteKey);
    if (same === undefined) {
      const b = this.base.sites.get(siteKey);
      const h = this.head.sites.get(siteKey);
      same = !!b && !!h && fingerprintOf(this.base, b) === fingerprintOf(this.head, h);
      this.sameCache.set(siteKey, same);
    }
    return same;
  }

  siteOf(key: string): Site | undefined {
    return this.head.sites.get(key) ?? this.base.sites.get(key);
  }

  /** An instance of the exchange one side accepts and the other refuses, in the direction that breaks someone. */
  find(target: Target): Counterexample | undefined {
    const site = this.siteOf(target.site);
    if (!site || this.unchanged(target.site)) return undefined;
    const [accepting, refusing] = site.consumerSends ? [this.base, this.head] : [this.head, this.base];
    const acceptingSite = accepting.sites.get(target.site);
    // A new operation's answers, like a removed one's, break nobody; a removed operation's requests do.
    if (!acceptingSite || (!site.consumerSends && !refusing.sites.has(target.site))) return undefined;
    const verdict = site.consumerSends
      ? 'accepted by the base contract, refused by the head contract'
      : 'allowed by the head contract, not by the base contract';
    const seeds = [...acceptingSite.seeds, ...(refusing.sites.get(target.site)?.seeds ?? [])];
    const schemas = [accepting, refusing].flatMap((side) => {
      const s = side.sites.get(target.site);
      return s ? schemasAt(s.schema, target.path, side.resolve) : [];
    });
    // A spot the base contract does not declare in a request (a new optional property) is not probed: an old
    // consumer sending an undeclared field with a type the new contract now gives it is not a realistic break.
    const declared = schemasAt(acceptingSite.schema, target.path, accepting.resolve).length > 0;
    const values =
      site.consumerSends && !declared
        ? []
        : probes(schemas, resolver({ [this.base.id]: this.base.doc, [this.head.id]: this.head.doc }, accepting.id));
    let checks = 0;
    for (const seed of seeds) {
      for (const instance of mutations(seed.instance, target.path, values)) {
        if (++checks > MAX_CHECKS) return undefined;
        if (!this.check(accepting, target.site, instance).valid) continue;
        const refused = this.check(refusing, target.site, instance);
        if (!refused.valid) return { exchange: target.site, verdict, instance, refusal: refused.error };
      }
    }
    return undefined;
  }
}

const fingerprints = new WeakMap<Exchanges, Map<string, string>>();

/** An exchange's fingerprint, computed once per contract (a contract judged against many is read once). */
function fingerprintOf(side: Exchanges, site: Site): string {
  let known = fingerprints.get(side);
  if (!known) fingerprints.set(side, (known = new Map()));
  let print = known.get(site.key);
  if (print === undefined) known.set(site.key, (print = fingerprint(side, site)));
  return print;
}

/** The exchange's schema with every node it reaches, the document's own id left out. */
function fingerprint(side: Exchanges, site: Site): string {
  const parts: string[] = [];
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node as Json)) {
        if (k === '$ref' && typeof v === 'string' && !seen.has(v)) {
          seen.add(v);
          const target = side.resolve(v);
          parts.push(`${v.replace(side.id, '')}=${JSON.stringify(target)}`);
          visit(target);
        } else visit(v);
      }
    }
  };
  visit(site.schema);
  return `${JSON.stringify(site.schema).split(side.id).join('')}|${parts.join('|')}`;
}

/** The seed itself, then the seed with the value at `path` replaced by each probe, removed, or reshaped. */
function* mutations(seed: Json, path: string[], values: unknown[]): Generator<Json> {
  yield seed;
  if (path.length === 0) return;
  const current = getAt(seed, path);
  if (current !== undefined) yield deleteAt(seed, path);
  const shaped: unknown[] = [];
  if (isObject(current)) {
    for (const k of Object.keys(current)) {
      const { [k]: _gone, ...rest } = current;
      shaped.push(rest);
    }
    shaped.push({ ...current, unexpectedProperty: 'x' });
  }
  for (const v of dedupe([...shaped, ...values])) yield setAt(seed, path, v);
  // A probe merged into the existing object reaches keywords (if/then, required) that depend on siblings.
  for (const v of values) if (isObject(v) && isObject(current)) yield setAt(seed, path, { ...current, ...v });
}

function getAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const k of path) node = node && typeof node === 'object' ? (node as Json)[k] : undefined;
  return node;
}

/** A copy of one container, its members shared. */
const shallow = (node: object): Json => (Array.isArray(node) ? ([...node] as unknown as Json) : { ...(node as Json) });

// A mutation copies the containers on its path only and shares the rest with its seed (and a probe with
// the schema it came from): nothing edits an instance once made, and Ajv validates without changing data.
/** A copy of `root` whose containers on `path` (all but its last key) are copied too, made where missing; and the last of them. */
function copyPath(root: Json, path: string[]): { copy: Json; parent: Json } {
  const copy = shallow(root);
  let parent = copy;
  path.slice(0, -1).forEach((k, i) => {
    const child = parent[k];
    parent = parent[k] =
      child && typeof child === 'object'
        ? shallow(child)
        : /^\d+$/.test(path[i + 1] ?? '')
          ? ([] as unknown as Json)
          : {};
  });
  return { copy, parent };
}

function setAt(root: Json, path: string[], value: unknown): Json {
  const { copy, parent } = copyPath(root, path);
  parent[path[path.length - 1] as string] = value;
  return copy;
}

/** Only for a value that is there (mutations() asks first), so every container on the path exists. */
function deleteAt(root: Json, path: string[]): Json {
  const { copy, parent } = copyPath(root, path);
  const last = path[path.length - 1] as string;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}
