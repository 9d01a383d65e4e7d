// PostgreSQL compaction's image (persistence/postgres/compaction.ts), without a database: built
// from a quiet session it is the image a whole write makes, byte for byte; built while the session
// changes between its turns, the image and the records changed meanwhile give the session as it
// is at the end, and each part agrees with the index written with it (a reader checks them).
import { inflateRawSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { benchSeed } from '../../bench/bench-seed.ts';
import { MockRuntime } from '../src/runtime.ts';
import { trackChanges, watchChanges } from '../src/persistence/change-tracking.ts';
import { splitImage } from '../src/persistence/lazy-image.ts';
import { imageParts, IMAGE_PART } from '../src/persistence/postgres/cluster-store.ts';
import { compactionDue, imageOf } from '../src/persistence/postgres/compaction.ts';
import { fromColumns } from '../src/persistence/record-columns.ts';
import { allRecords, recordValue, type RecordOp } from '../src/persistence/session-records.ts';
import type { RecordKind } from '../src/domain/state.ts';
import { DEFAULT_SESSION } from '../src/sessions/session-header.ts';

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
    // removed, one added.
    await turn();
    await turn();
    state.projects.set(keys[0]!, { ...project(keys[0]!), name: 'Renamed meanwhile' });
    (project(keys.at(-1)!) as { ownerUserId: string }).ownerUserId = 'another-owner';
    state.changed('project', keys.at(-1)!);
    state.projects.delete(keys[1_500]!);
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
