// Records in columns, for a session's block of a compacted state file and the parts of a session's
// image in PostgreSQL: consecutive records of one kind and the same fields are one group that
// names its fields once, keeps a field every record holds with the same string, number, boolean
// or null once, and holds each record as an array of the rest. A session of 100,000 projects is 45% fewer bytes to parse than as [kind, key, value]
// records, and its records are built by one object literal per group (same hidden class, no keys
// looked up per record): docs/decisions/2026-11-team-mock-start-up-quiet.md.
import type { RecordKind } from '../domain/state.ts';
import type { RecordOp } from './session-records.ts';

type Primitive = string | number | boolean | null;

/** One group: kind, every field in the records' own order, the fields held once, the keys, the rows. */
export interface ColumnGroup {
  k: RecordKind;
  /** Every field of the records, in their order. */
  f: string[];
  /** Fields every record holds with this value (not in the rows). */
  same: Record<string, Primitive>;
  /** The records' keys; absent when each key is the record's `id` field. */
  keys?: string[];
  /** A record each: the values of the fields not in `same`, in `f`'s order. */
  v: unknown[][];
}

/** Raw [kind, key, value] records (values that are not plain objects: arrays, jobs' wrappers, removals). */
export type ColumnPart = ColumnGroup | { r: RecordOp[] };

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** The fields JSON keeps (undefined values are left out), or undefined when the record is not for columns. */
function fieldsOf(value: unknown): string[] | undefined {
  if (!isPlainRecord(value)) return undefined;
  const fields = Object.keys(value).filter((f) => value[f] !== undefined);
  // `__proto__` as a literal's key would set the prototype: such a record stays a raw record.
  return fields.includes('__proto__') ? undefined : fields;
}

/** The records as parts, in their order. */
export function toColumns(ops: readonly RecordOp[]): ColumnPart[] {
  const parts: ColumnPart[] = [];
  let raw: RecordOp[] | undefined;
  let group: { kind: RecordKind; signature: string; fields: string[]; ops: RecordOp[] } | undefined;
  const flush = () => {
    if (group) parts.push(groupOf(group.kind, group.fields, group.ops));
    group = undefined;
  };
  for (const op of ops) {
    const fields = fieldsOf(op[2]);
    if (!fields) {
      flush();
      if (!raw) parts.push({ r: (raw = []) });
      raw.push(op);
      continue;
    }
    raw = undefined;
    const signature = fields.join('\u0000');
    if (!group || group.kind !== op[0] || group.signature !== signature) {
      flush();
      group = { kind: op[0], signature, fields, ops: [] };
    }
    group.ops.push(op);
  }
  flush();
  return parts;
}

function groupOf(kind: RecordKind, fields: string[], ops: RecordOp[]): ColumnGroup {
  const values = ops.map((op) => op[2] as Record<string, unknown>);
  const same: Record<string, Primitive> = {};
  for (const field of fields) {
    const first = values[0]![field];
    const primitive = first === null || ['string', 'number', 'boolean'].includes(typeof first);
    // Numbers that JSON cannot hold as they are (NaN, Infinity) stay in the rows, written as JSON writes them.
    if (primitive && (typeof first !== 'number' || Number.isFinite(first)) && values.every((v) => v[field] === first))
      same[field] = first as Primitive;
  }
  const varying = fields.filter((f) => !Object.hasOwn(same, f));
  const keyIsId = ops.every((op) => op[1] === (op[2] as Record<string, unknown>).id);
  return {
    k: kind,
    f: fields,
    same,
    ...(keyIsId ? {} : { keys: ops.map((op) => op[1]) }),
    v: values.map((value) => varying.map((f) => value[f])),
  };
}

type Maker = (row: unknown[], same: Record<string, Primitive>) => Record<string, unknown>;

/**
 * Makers by their code, kept across groups: the groups of one shape (200 of them for 100,000
 * projects) build their records with one function, compiled and optimized once.
 */
const makers = new Map<string, Maker>();
const MAX_MAKERS = 1_000;

/** A group's record maker: one object literal with the fields in their order. */
function makerOf(group: ColumnGroup): Maker {
  let slot = 0;
  const body = group.f
    .map(
      (field) =>
        `${JSON.stringify(field)}: ${Object.hasOwn(group.same, field) ? `same[${JSON.stringify(field)}]` : `row[${slot++}]`}`,
    )
    .join(', ');
  let maker = makers.get(body);
  if (!maker) {
    // A file of endless shapes (not one this mock writes) cannot grow it without bound.
    if (makers.size >= MAX_MAKERS) makers.clear();
    // Field names enter the code only as JSON string literals (and never `__proto__`: `check`).
    maker = new Function('row', 'same', `return { ${body} };`) as Maker;
    makers.set(body, maker);
  }
  return maker;
}

/** Whether a part read from a file has the shape `toColumns` writes (else the file is damaged). */
function check(group: ColumnGroup): boolean {
  if (typeof group.k !== 'string' || !Array.isArray(group.f) || !Array.isArray(group.v)) return false;
  if (typeof group.same !== 'object' || group.same === null) return false;
  if (!group.f.every((f) => typeof f === 'string' && f !== '__proto__')) return false;
  if (new Set(group.f).size !== group.f.length) return false;
  if (!Object.keys(group.same).every((f) => group.f.includes(f))) return false;
  const width = group.f.length - Object.keys(group.same).length;
  if (group.keys !== undefined && (!Array.isArray(group.keys) || group.keys.length !== group.v.length)) return false;
  if (group.keys === undefined && !group.f.includes('id')) return false;
  return group.v.every((row) => Array.isArray(row) && row.length === width);
}

/**
 * Hands each record of the parts to `apply`, in their order. Throws when a part is not one
 * `toColumns` writes (a damaged file).
 */
export function fromColumns(parts: unknown, apply: (op: RecordOp) => void): void {
  if (!Array.isArray(parts)) throw new Error('records in columns are not a list');
  for (const part of parts as ColumnPart[]) {
    if ('r' in part) {
      if (!Array.isArray(part.r)) throw new Error('raw records are not a list');
      for (const op of part.r) apply(op);
      continue;
    }
    if (!check(part)) throw new Error('a group of records in columns is not one this mock writes');
    const make = makerOf(part);
    const { same, keys, v, k } = part;
    for (let i = 0; i < v.length; i++) {
      const value = make(v[i]!, same);
      const key = keys ? keys[i]! : value.id;
      if (typeof key !== 'string') throw new Error('a record in columns has no string key');
      apply([k, key, value]);
    }
  }
}
