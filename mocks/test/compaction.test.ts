// PostgreSQL compaction's image (persistence/postgres/compaction.ts), without a database: built
// from a quiet session it is the image a whole write makes, byte for byte, and that is the image
// splitImage describes; built while the session changes between its turns, the image and the
// records changed meanwhile give the session as it is at the end, and each part agrees with the
// index written with it (a reader checks them); a session read back lazily is written without
// building its records; the index's sort is cut in steps and sorts as a plain sort does.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { benchSeed } from '../../bench/bench-seed.ts';
import { MockRuntime } from '../src/runtime.ts';
import { trackChanges, watchChanges } from '../src/persistence/change-tracking.ts';
import { adoptImage, drained, indexSteps, splitImage } from '../src/persistence/lazy-image.ts';
import { imageParts, IMAGE_PART } from '../src/persistence/postgres/cluster-store.ts';
import { compactionDue, imageOf } from '../src/persistence/postgres/compaction.ts';
import { fromColumns, toColumns } from '../src/persistence/record-columns.ts';
import { allRecords, recordValue, type RecordOp } from '../src/persistence/session-records.ts';
import type { RecordKind } from '../src/domain/state.ts';
import type { ProjectRecord } from '../src/domain/records.ts';
import { DEFAULT_SESSION } from '../src/sessions/session-header.ts';
import { builtReadBack } from './support/read-back-built.ts';

const unpack = (packed: string) => JSON.parse(inflateRawSync(Buffer.from(packed, 'base64')).toString('utf8'));
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function sessionOf(projects: number) {
  const runtime = await MockRuntime.create({ seed: benchSeed(projects) });
  return { runtime, state: runtime.session(DEFAULT_SESSION).state };
}

it('is due past its rows threshold and an eighth of its image', () => {
  expect(compactionDue(undefined)).toBe(false);
  expect(compactionDue({ rows: 9_999, imageRecords: 0 })).toBe(false);
  expect(compactionDue({ rows: 10_000, imageRecords: 0 })).toBe(true);
  expect(compactionDue({ rows: 10_000, imageRecords: 800_001 })).toBe(false);
  expect(compactionDue({ rows: 100_000, imageRecords: 800_000 })).toBe(true);
  expect(compactionDue({ rows: 150, imageRecords: 0 }, 150)).toBe(true);
});

it('builds, from a session nothing changes meanwhile, the image a whole write makes', async () => {
  const { runtime, state } = await sessionOf(2_500);
  try {
    const built = await imageOf(state, IMAGE_PART);
    const records = [...allRecords(state)];
    expect(built?.records).toBe(records.length);
    expect(built?.parts).toEqual(imageParts(records));
  } finally {
    await runtime.close();
  }
});

it('gives the session as it is at the end with the records changed while it was built, each part agreeing with its index', async () => {
  const { runtime, state } = await sessionOf(3_500);
  try {
    trackChanges(state);
    const watch = watchChanges(state);
    const keys = [...state.projects.keys()];
    const building = imageOf(state, IMAGE_PART);
    const project = (key: string) => state.projects.get(key)!;
    // Between its turns: a project of a part written already renamed, one of a part not written
    // yet given another owner in place (its index value; the mock changes records in place), one
    // replaced, one added.
    await turn();
    await turn();
    state.projects.set(keys[0]!, { ...project(keys[0]!), name: 'Renamed meanwhile' });
    (project(keys.at(-1)!) as { ownerUserId: string }).ownerUserId = 'another-owner';
    state.changed('project', keys.at(-1)!);
    state.projects.set(keys[1_500]!, { ...project(keys[1_500]!), name: 'Replaced meanwhile' });
    state.projects.set('added-meanwhile', { ...project(keys[2]!), id: 'added-meanwhile' });
    const built = (await building)!;
    watch.stop();
    expect(watch.changed.size).toBe(4);

    // The image read back as records, with what changed meanwhile over it, is the session now.
    const header = built.parts.findIndex((part) => part.startsWith('{"x3":'));
    const stored = new Map<string, unknown>();
    const put = ([kind, key, value]: RecordOp) => stored.set(`${kind}\t${key}`, value);
    for (const part of built.parts.slice(0, header)) fromColumns(JSON.parse(part), put);
    const index = unpack(JSON.parse(built.parts[header]!).x3);
    const lazy = built.parts.slice(header + 1 + index.sections).map(unpack);
    const lazyOps: RecordOp[] = [];
    for (const part of lazy) fromColumns(part, (op) => lazyOps.push(op));
    for (const op of lazyOps) put(op);
    for (const entry of watch.changed) {
      const [kind, key] = entry.split('\t') as [RecordKind, string];
      const value = recordValue(state, kind, key);
      if (value === null) stored.delete(entry);
      else stored.set(entry, value);
    }
    const now = new Map([...allRecords(state)].map(([kind, key, value]) => [`${kind}\t${key}`, value]));
    expect(JSON.parse(JSON.stringify([...stored].sort()))).toEqual(JSON.parse(JSON.stringify([...now].sort())));

    // The index and its sections are the ones of the parts' own records.
    const again = splitImage(lazyOps, IMAGE_PART);
    expect(again.index).toEqual(index);
    expect(built.parts.slice(header + 1, header + 1 + index.sections).map(unpack)).toEqual(again.sections);
    // The owner changed in place before its part was written is in the part and in the index.
    expect(lazyOps.find((op) => op[1] === keys.at(-1))?.[2]).toMatchObject({ ownerUserId: 'another-owner' });
  } finally {
    await runtime.close();
  }
});

/** The image splitImage describes, written at once (what imageParts wrote before image-writer.ts). */
function referenceImage(ops: RecordOp[]): string[] {
  const pack = (text: string) => deflateRawSync(text, { level: 1 }).toString('base64');
  const { eager, index, sections, parts: lazy } = splitImage(ops, IMAGE_PART);
  const parts: string[] = [];
  for (let at = 0; at < eager.length; at += IMAGE_PART)
    parts.push(JSON.stringify(toColumns(eager.slice(at, at + IMAGE_PART))));
  if (index)
    parts.push(
      JSON.stringify({ x3: pack(JSON.stringify(index)) }),
      ...sections.map((section) => pack(JSON.stringify(section))),
      ...lazy.map((part) => pack(JSON.stringify(toColumns(part)))),
    );
  return parts;
}

it('writes a part at a time the image splitImage describes', async () => {
  const { runtime, state } = await sessionOf(2_500);
  try {
    const records = [...allRecords(state)];
    expect(imageParts(records)).toEqual(referenceImage(records));
    // A project without its owner: projects are written eager, after the other eager records.
    const odd = records.map(
      (op): RecordOp =>
        op[0] === 'project' && op[1] === records.find((r) => r[0] === 'project')![1]
          ? [op[0], op[1], { ...(op[2] as object), ownerUserId: 7 }]
          : op,
    );
    expect(imageParts(odd)).toEqual(referenceImage(odd));
  } finally {
    await runtime.close();
  }
});

it('sorts an index column in steps, as a plain sort does', () => {
  // 20,000 owners out of order: runs of 8,192 sorted, then merged.
  const fields = Array.from({ length: 20_000 }, (_, i) => `u${(i * 7_919) % 1_013}`);
  const keys = fields.map((_, i) => `p${String(i).padStart(6, '0')}`);
  const steps = indexSteps([['project', { fields, keys, parts: [20_000] }]], 20_000);
  let yields = 0;
  let step = steps.next();
  for (; !step.done; step = steps.next()) yields += 1;
  expect(yields).toBeGreaterThanOrEqual(4);
  // The owners by position, then sorted (the keys are in order already: no sorted section).
  expect(step.value.sections).toHaveLength(3);
  const sorted = step.value.sections[1] as { v: string[]; o: number[] };
  const expected = fields
    .map((_, i) => i)
    .sort((a, b) => (fields[a]! < fields[b]! ? -1 : fields[a]! > fields[b]! ? 1 : a - b));
  expect(sorted.o).toEqual(expected);
  expect(sorted.v).toEqual(expected.map((i) => fields[i]));
  expect(drained(indexSteps([['project', { fields, keys, parts: [20_000] }]], 20_000))).toEqual(step.value);
});

it('writes a session read back lazily without building its records', async () => {
  const { runtime, state } = await sessionOf(3_000);
  const empty = await sessionOf(0);
  try {
    const records = [...allRecords(state)];
    const { index, sections, parts } = splitImage(records, IMAGE_PART);
    const stored = JSON.parse(JSON.stringify({ index, sections, parts: parts.map((part) => toColumns(part)) }));
    const lazy = empty.state;
    adoptImage(lazy, {
      index: stored.index,
      keys: () => undefined,
      sections: stored.sections.map((section: unknown) => () => structuredClone(section)),
      parts: stored.parts.map((part: unknown) => () => structuredClone(part)),
    });
    // One project built and changed in place, one replaced: the walk takes them as they are.
    const first = records.find((op) => op[0] === 'project')![1];
    (lazy.projects.get(first) as { name: string }).name = 'Changed in place';
    const [, tenth, value] = records.filter((op) => op[0] === 'project')[10]!;
    lazy.projects.set(tenth, { ...(value as ProjectRecord), name: 'Replaced' });
    const built = await imageOf(lazy, IMAGE_PART);
    expect(builtReadBack(lazy.projects)).toHaveLength(2);
    expect(builtReadBack(lazy.analyses)).toEqual([]);
    expect(built?.parts).toEqual(imageParts([...allRecords(lazy)]));
    expect(built?.records).toBe(records.length);
  } finally {
    await runtime.close();
    await empty.runtime.close();
  }
});

it('gives up when the records read back are all built meanwhile (the next write tries again)', async () => {
  const { runtime, state } = await sessionOf(3_000);
  const empty = await sessionOf(0);
  try {
    const records = [...allRecords(state)];
    const { index, sections, parts } = splitImage(records, IMAGE_PART);
    adoptImage(empty.state, {
      index: index!,
      keys: () => undefined,
      sections: sections.map((section) => () => structuredClone(section)),
      parts: parts.map((part) => () => toColumns(part)),
    });
    const building = imageOf(empty.state, IMAGE_PART);
    await turn();
    // A sorted list walks every project: they are built and held as the table's own entries.
    expect(empty.state.projects.count).toBe(3_000);
    [...empty.state.projects.values()];
    expect(await building).toBeUndefined();
  } finally {
    await runtime.close();
    await empty.runtime.close();
  }
});
