// The state file (`--state-file`, `startMock({ stateFile })`): every session's state as an
// append-only log of JSON lines (append-log.ts). A line is one of
//   {"s":id,"fresh":seed|null}      the session starts again from this seed (created, or reset);
//                                   an import's also names it ("imp":token, see MockSession.importId)
//   {"s":id,"m":meta,"r":[[kind,key,value],...]}   these records now have these values
//   {"s":id,"drop":true}            the session was dropped (idle)
//   {"s":id,"j":[entry,...]}        these calls were added to the session's request journal
// The lines of one commit form a group: all but its last carry `"more":true`, and a group the
// file does not hold whole (a crash during its write) is cut off at open, so a commit is all or
// nothing. A request's changes are appended and synced before its response is sent; processing
// jobs and webhook outcomes are appended as they happen, journal entries on the turn after their
// answer (a crash just after an answer may lose its entry, never a record).
//
// Start-up reads no session's records. When the file has grown to twice its size after the last
// compaction (and past `compactBytes`), it is rewritten as a compact image: a first line
// {"imageV3":{id:[offset,length],...},"bytes":n} indexing one block per session (a fresh line and
// its records, one group), then the blocks, then the lines appended since. A block's records are
// in columns (`{"s":id,"m":meta,"c":[...]}`, record-columns.ts); appended lines keep `"r"`. A
// block's projects and analyses come last: a line `{"s":id,"m":meta,"x":header,"xb":[...]}` (the
// header of their index, lazy-image.ts, and the byte lengths of the lines after it), the index's
// sections (`"q"` lines), and their parts (`"c"` lines). Reading the block parses the header line
// and skips the others: each is read from the file and parsed when first needed. Files of the
// versions before are read as they are: `{"imageV2":` (its index line holds the whole index, a
// `"k"` line the keys) and `{"image":` (blocks of `"r"` lines). Each new first line makes the
// releases before refuse a file they would misread (they know no such first line: "damaged at
// line 1"); a first line of a version after this one is refused, naming it. Opening reads the
// index and scans only the lines after the image, by their first and last bytes (no JSON parsing),
// to learn which byte ranges belong to which session. A session's records are read and replayed
// when it is first asked for (`load`); the runtime also loads them all in the background a second
// after start, so pending processing resumes.
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { MockSeed } from '../domain/seed.ts';
import type { MockSession } from '../session.ts';
import type { JournalEntry } from '../sessions/request-journal.ts';
import { AppendLog, StateFileError } from './append-log.ts';
import {
  adoptImage,
  isSectioned,
  partCount,
  splitImage,
  type ImageIndex,
  type ImageKeys,
  type LazyImage,
  type SectionedIndex,
} from './lazy-image.ts';
import { changedRecords, untracked } from './change-tracking.ts';
import { restoreJobs } from './pending-jobs.ts';
import { fromColumns, toColumns } from './record-columns.ts';
import {
  allRecords,
  applyMeta,
  applyRecord,
  metaOf,
  seedOfLine,
  takeChanges,
  type Meta,
  type RecordOp,
} from './session-records.ts';

const OPS_PER_LINE = 1000;
export const DEFAULT_COMPACT_BYTES = 16 * 1024 * 1024;
const SCAN_CHUNK = 4 * 1024 * 1024;
/** A session's lines are read this much at a time (more for a longer line). */
const READ_WINDOW = 4 * 1024 * 1024;
const MORE_SUFFIX = Buffer.from(',"more":true}');
const DROP_SUFFIX = ',"drop":true}';
const ID_PREFIX = '{"s":"';

interface Line {
  s: string;
  fresh?: MockSeed | null;
  /** With `fresh`: the session starts again as this import (its token; settleImports reads it at a restart). */
  imp?: string;
  m?: Meta;
  r?: RecordOp[];
  /** Records in columns (a compacted block). */
  c?: unknown;
  /**
   * The index of a compacted block's projects and analyses: the next line holds their keys (`k`),
   * the lines after it their parts (`c`), each parsed on first touch (lazy-image.ts).
   */
  x?: ImageIndex | SectionedIndex;
  /** With `x`: the byte lengths of the lines after it, its keys' (version 2) or sections' and its parts' (read from the file when first needed). */
  xb?: number[];
  k?: ImageKeys;
  /** A section of an image's index (a version 3 header's). */
  q?: unknown;
  drop?: true;
  j?: JournalEntry[];
  more?: true;
}

/** A read handle on the file, and the loads using it. */
interface Reader {
  handle: FileHandle;
  users: number;
  retired: boolean;
}

/** A byte range of the file: [offset, length]. */
type Extent = [number, number];

/** Makes a session from a seed, without its seed projects (the file holds every record). */
export type SessionFactory = (id: string, seed: MockSeed | undefined) => MockSession;

export class StateStore {
  private compactedSize: number;
  private readonly soon = new Set<MockSession>();
  /** Sessions on file not read yet: the byte ranges of their lines, in order. */
  private readonly unread: Map<string, Extent[]>;

  private readonly log: AppendLog;
  /** Reads sessions; a compaction replaces it, and the old one is closed once its last load is done. */
  private reader: Reader;
  private readonly sessions: () => Iterable<MockSession>;
  private readonly restore: SessionFactory;
  private readonly compactBytes: number;

  private constructor(
    log: AppendLog,
    reader: FileHandle,
    unread: Map<string, Extent[]>,
    options: { restore: SessionFactory; sessions: () => Iterable<MockSession>; compactBytes?: number },
  ) {
    this.log = log;
    this.reader = { handle: reader, users: 0, retired: false };
    this.unread = unread;
    this.sessions = options.sessions;
    this.restore = options.restore;
    this.compactBytes = options.compactBytes ?? DEFAULT_COMPACT_BYTES;
    this.compactedSize = log.size;
  }

  /** Opens the file: reads its image index and scans the lines after it; no session is read yet. */
  static async open(
    path: string,
    options: { restore: SessionFactory; sessions: () => Iterable<MockSession>; compactBytes?: number },
  ): Promise<StateStore> {
    let store: StateStore | undefined;
    const log = await AppendLog.open(path, async () => store?.maybeCompact());
    let reader: FileHandle | undefined;
    try {
      reader = await open(path, 'r');
      const { unread, end } = await scan(reader, log.size, path);
      if (end < log.size) await log.cut(end);
      store = new StateStore(log, reader, unread, options);
      return store;
    } catch (error) {
      await reader?.close();
      await log.close();
      throw error;
    }
  }

  /** Ids of the sessions on file not read yet. */
  unreadIds(): string[] {
    return [...this.unread.keys()];
  }

  /** Whether the session is on file and not read yet. */
  isUnread(id: string): boolean {
    return this.unread.has(id);
  }

  /**
   * Reads a session on file and replays its lines; its jobs are scheduled again. Replaying is
   * synchronous work: it yields every few milliseconds, so other sessions' requests are answered
   * meanwhile; a load in the `background` (nobody waits for it) also pauses as long as it worked,
   * until `urgent` turns true.
   */
  load(id: string, pace: { background: boolean } = { background: false }): Promise<MockSession> {
    const extents = this.unread.get(id);
    if (!extents) return Promise.reject(new Error(`session ${id} is not on file`));
    const reader = this.reader;
    reader.users += 1;
    return (async () => {
      const replay = new Replay(id, this.log.path, this.restore);
      const path = this.log.path;
      let since = performance.now();
      for (const [offset, length] of extents) {
        const end = offset + length;
        // The extent is read a window at a time: an image's keys and parts are skipped, not read.
        let window = Buffer.alloc(0);
        let windowAt = offset;
        for (let pos = offset; pos < end; ) {
          const newline = window.indexOf(10, pos - windowAt);
          if (newline < 0) {
            const kept = window.subarray(pos - windowAt);
            // A long line (an image's index) grows the window fourfold a step: fewer copies of its start.
            const more = Math.min(end - pos - kept.length, Math.max(READ_WINDOW, 3 * kept.length));
            if (more <= 0) throw new StateFileError(`the state file ${path} ends inside session ${id}`);
            const grown = Buffer.allocUnsafe(kept.length + more);
            kept.copy(grown);
            await readFully(reader.handle, grown, kept.length, more, pos + kept.length, () => {
              throw new StateFileError(`the state file ${path} ends inside session ${id}`);
            });
            window = grown;
            windowAt = pos;
            continue;
          }
          let line: Line;
          try {
            line = JSON.parse(window.toString('utf8', pos - windowAt, newline)) as Line;
          } catch {
            replay.abandon();
            throw damagedAt(path, pos, id);
          }
          replay.apply(line);
          const at = pos;
          pos = windowAt + newline + 1;
          if (line.x !== undefined) {
            const lengths = line.xb;
            const damaged = () => {
              replay.abandon();
              return damagedAt(path, at, id);
            };
            let count = -1;
            let sections = 0;
            try {
              if (typeof line.x === 'object' && line.x !== null) {
                if (isSectioned(line.x)) sections = Number.isInteger(line.x.sections) ? line.x.sections : -1;
                count = sections < 0 ? -1 : partCount(line.x) + (isSectioned(line.x) ? sections : 1);
              }
            } catch {
              throw damaged();
            }
            if (
              !Array.isArray(lengths) ||
              lengths.length !== count ||
              !lengths.every((n) => Number.isInteger(n) && n > 0)
            )
              throw damaged();
            // The keys' line (version 2) or the sections' lines, then the parts' lines: read and parsed when first needed.
            const before = isSectioned(line.x) ? sections : 1;
            const lines = lengths.map((bytes, i) => {
              const from = pos;
              pos += bytes + 1;
              const field = i >= before ? 'c' : isSectioned(line.x) ? 'q' : 'k';
              return () => fieldOfRange(reader.handle.fd, from, bytes, field, path, id);
            });
            if (pos > end) throw damaged();
            // The file stays open for them (a compaction's new file does not close it) until they are built.
            reader.users += 1;
            try {
              replay.adopt({
                index: line.x,
                keys: isSectioned(line.x) ? () => undefined : lines[0]!,
                sections: isSectioned(line.x) ? lines.slice(0, before) : [],
                parts: lines.slice(before),
                release: () => this.letGo(reader),
              });
            } catch {
              this.letGo(reader);
              throw damaged();
            }
          }
          if (performance.now() - since > 10) {
            await new Promise((resolve) =>
              pace.background ? setTimeout(resolve, performance.now() - since) : setImmediate(resolve),
            );
            since = performance.now();
          }
        }
      }
      const session = replay.done();
      this.unread.delete(id);
      return session;
    })().finally(() => this.letGo(reader));
  }

  /** A load, or a session's records read from the file when first needed, is done with a read handle. */
  private letGo(reader: Reader): void {
    reader.users -= 1;
    if (reader.retired && reader.users === 0) void reader.handle.close();
  }

  /**
   * Appends the session's changes (with `force`, its meta values even when no record changed)
   * and resolves once they, and everything appended before, are durable.
   */
  commit(session: MockSession, force: boolean): Promise<void> {
    const lines = this.changesOf(session, force);
    if (!lines.length) return this.log.durable();
    let last = this.log.durable();
    lines.forEach((line, i) => {
      last = this.log.append(JSON.stringify(i < lines.length - 1 ? { ...line, more: true } : line));
    });
    return last;
  }

  /** A change outside any request (a job ran, a delivery ended): appended on the next turn. */
  commitSoon(session: MockSession): void {
    if (this.soon.size === 0) {
      setImmediate(() => {
        const due = [...this.soon];
        this.soon.clear();
        for (const s of due)
          this.commit(s, false).catch((error) => console.error(`Writing the state file failed: ${String(error)}`));
      });
    }
    this.soon.add(session);
  }

  dropped(id: string): void {
    this.unread.delete(id);
    // Nothing of it may follow its drop line: a replay would find records of an unknown session.
    for (const session of this.soon) if (session.id === id) this.soon.delete(session);
    this.log
      .append(JSON.stringify({ s: id, drop: true }))
      .catch((error) => console.error(`Writing the state file failed: ${String(error)}`));
  }

  /** Closes the file; the caller waits for its loads first. */
  async close(): Promise<void> {
    await this.log.close();
    await this.reader.handle.close();
  }

  private changesOf(session: MockSession, force: boolean): Line[] {
    const taken = takeChanges(session, force);
    const lines: Line[] = [];
    if (taken) {
      if (taken.fresh !== undefined) lines.push({ s: session.id, fresh: taken.fresh, ...importOf(session) });
      lines.push(...recordLines(session.id, metaOf(session.state), taken.ops));
    }
    const journal = session.journal.takeUnwritten();
    if (journal.length) lines.push({ s: session.id, j: journal });
    return lines;
  }

  /** One session as a fresh line and its records, one group: its block of the image, a line a part. */
  private static blockOf(session: MockSession): { parts: Buffer[]; length: number } {
    const parts = [
      Buffer.from(
        `${JSON.stringify({ s: session.id, fresh: seedOfLine(session.state.seed), ...importOf(session), more: true })}\n`,
      ),
    ];
    const meta = metaOf(session.state);
    const { eager, index, sections, parts: lazy } = splitImage([...allRecords(session.state)], OPS_PER_LINE);
    const records: (Line | (() => Line))[] = columnLines(session.id, meta, eager);
    /** Where the index line goes: it names the byte lengths of the lines after it. */
    const indexAt = records.length;
    if (index)
      records.push(
        ...sections.map((section): Line => ({ s: session.id, m: meta, q: section })),
        // In columns as each is written: all at once they held a big session twice in memory.
        ...lazy.map((ops) => () => ({ s: session.id, m: meta, c: toColumns(ops) })),
      );
    session.journal.takeUnwritten();
    const journal = session.journal.list();
    if (journal.length) records.push({ s: session.id, j: journal });
    const written = records.map((made, i) => {
      const line = typeof made === 'function' ? made() : made;
      // An index line always comes before these: none is the first, and only the group's last has no `more`.
      return Buffer.from(`${JSON.stringify(i < records.length - 1 ? { ...line, more: true } : line)}\n`);
    });
    if (index) {
      const xb = written.slice(indexAt, indexAt + sections.length + lazy.length).map((line) => line.length - 1);
      written.splice(
        indexAt,
        0,
        Buffer.from(`${JSON.stringify({ s: session.id, m: meta, x: index, xb, more: true })}\n`),
      );
    }
    parts.push(...written);
    return { parts, length: parts.reduce((sum, part) => sum + part.length, 0) };
  }

  private async maybeCompact(): Promise<void> {
    if (this.log.size < Math.max(this.compactBytes, 2 * this.compactedSize)) return;
    await this.compact();
  }

  /** Rewrites the file as its image: every session's block, sessions not read yet copied as they are. */
  private async compact(): Promise<void> {
    // Built at once, so the file holds one moment of the state; changes after it are appended after it.
    const blocks = [...this.sessions()].map((session) => [session.id, StateStore.blockOf(session)] as const);
    const queued = this.log.takeQueued();
    const index: Record<string, Extent> = {};
    let bytes = 0;
    for (const [id, block] of blocks) {
      index[id] = [bytes, block.length];
      bytes += block.length;
    }
    const copied = [...this.unread].map(([id, extents]) => {
      const length = extents.reduce((sum, [, l]) => sum + l, 0);
      index[id] = [bytes, length];
      bytes += length;
      return extents;
    });
    const head = Buffer.from(`${JSON.stringify({ imageV3: index, bytes })}\n`);
    const reader = this.reader.handle;
    const logPath = this.log.path;
    const rewritten = this.log.rewrite(
      (async function* () {
        yield head;
        for (const [, block] of blocks) yield* block.parts;
        for (const extents of copied)
          for (const [offset, length] of extents) {
            const part = Buffer.allocUnsafe(length);
            await readFully(reader, part, 0, length, offset, () => {
              throw new StateFileError(`the state file ${logPath} ends inside a session it copies at a compaction`);
            });
            yield part;
          }
      })(),
    );
    try {
      await rewritten;
    } catch (error) {
      queued.settle(error);
      throw error;
    }
    queued.settle();
    for (const id of this.unread.keys()) {
      const [offset, length] = index[id]!;
      this.unread.set(id, [[head.length + offset, length]]);
    }
    // A load under way keeps the byte ranges it started with, in the file it started on.
    const old = this.reader;
    this.reader = { handle: await open(this.log.path, 'r'), users: 0, retired: false };
    old.retired = true;
    if (old.users === 0) await old.handle.close();
    this.compactedSize = this.log.size;
  }
}

/** One session's lines applied in order: each fresh line starts it again from its seed. */
class Replay {
  private session: MockSession | undefined;
  private jobs = new Map<number, { due: number; job: never }>();

  private readonly id: string;
  private readonly path: string;
  private readonly restore: SessionFactory;

  constructor(id: string, path: string, restore: SessionFactory) {
    this.id = id;
    this.path = path;
    this.restore = restore;
  }

  apply(line: Line): void {
    if (line.fresh !== undefined) {
      this.abandon();
      this.session = this.restore(this.id, line.fresh ?? undefined);
      this.session.importId = typeof line.imp === 'string' ? line.imp : undefined;
      this.jobs = new Map();
    }
    const session = this.session;
    if (!session)
      throw new StateFileError(
        `the state file ${this.path} is damaged (records of session ${this.id} before its start); it was not written by this mock, or edited`,
      );
    if (line.m) applyMeta(session.state, line.m);
    if (line.j) session.journal.restore(line.j);
    const records = line.r;
    const columns = line.c;
    if (records || columns !== undefined)
      untracked(session.state, () => {
        try {
          if (records) for (const op of records) applyRecord(session.state, session.storage, this.jobs, op);
          if (columns !== undefined)
            fromColumns(columns, (op) => applyRecord(session.state, session.storage, this.jobs, op));
        } catch (error) {
          throw new StateFileError(
            `the state file ${this.path} is damaged (${(error as Error).message}, in session ${this.id}); it was not written by this mock, or edited`,
          );
        }
      });
  }

  /** Takes an image's projects and analyses as they are: each is built when first touched. */
  adopt(image: LazyImage): void {
    const state = this.session?.state;
    if (!state)
      throw new StateFileError(
        `the state file ${this.path} is damaged (records of session ${this.id} before its start); it was not written by this mock, or edited`,
      );
    try {
      untracked(state, () => adoptImage(state, image));
    } catch (error) {
      throw new StateFileError(
        `the state file ${this.path} is damaged (${(error as Error).message}, in session ${this.id}); it was not written by this mock, or edited`,
      );
    }
  }

  /** The session as the file left it, its pending jobs scheduled again. */
  done(): MockSession {
    const session = this.session;
    if (!session) throw new StateFileError(`the state file ${this.path} holds no start of session ${this.id}`);
    restoreJobs(session.state.scheduler, this.jobs);
    changedRecords(session.state)?.clear();
    session.journal.takeUnwritten();
    return session;
  }

  abandon(): void {
    this.session?.state.scheduler.cancelAll();
  }
}

/** The fresh line's mark of the import the session's state comes from (none after a reset). */
function importOf(session: MockSession): { imp?: string } {
  return session.importId === undefined ? {} : { imp: session.importId };
}

function recordLines(id: string, meta: Meta, ops: RecordOp[]): Line[] {
  if (!ops.length) return [{ s: id, m: meta }];
  const lines: Line[] = [];
  for (let at = 0; at < ops.length; at += OPS_PER_LINE)
    lines.push({ s: id, m: meta, r: ops.slice(at, at + OPS_PER_LINE) });
  return lines;
}

/** A compacted block's records: in columns, as many records a line as `recordLines`. */
function columnLines(id: string, meta: Meta, ops: RecordOp[]): Line[] {
  if (!ops.length) return [{ s: id, m: meta }];
  const lines: Line[] = [];
  for (let at = 0; at < ops.length; at += OPS_PER_LINE)
    lines.push({ s: id, m: meta, c: toColumns(ops.slice(at, at + OPS_PER_LINE)) });
  return lines;
}

/** What one line says, read from its first bytes (the writer puts `s` first) and its end. */
interface LineHead {
  id: string;
  fresh: boolean;
  drop: boolean;
  more: boolean;
}

function headOf(start: string, last: Buffer): LineHead | undefined {
  if (!start.startsWith(ID_PREFIX)) return undefined;
  const close = start.indexOf('"', ID_PREFIX.length);
  if (close < 0) return undefined;
  const id = start.slice(ID_PREFIX.length, close);
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(id)) return undefined;
  const rest = start.slice(close + 1);
  if (last.at(-1) !== 0x7d) return undefined;
  const drop = rest.startsWith(DROP_SUFFIX);
  const fresh = rest.startsWith(',"fresh":');
  // Records (`"m"`) and journal entries (`"j"`) are a session's lines like any other.
  if (!drop && !fresh && !rest.startsWith(',"m":') && !rest.startsWith(',"j":')) return undefined;
  return {
    id,
    fresh,
    drop,
    more: last.length >= MORE_SUFFIX.length && last.subarray(-MORE_SUFFIX.length).equals(MORE_SUFFIX),
  };
}

/**
 * The sessions of the file and the byte ranges of their lines: the image's index (when the file
 * starts with one), then every line after it. `end` is where the last whole group ends (a torn
 * line or a group cut short by a crash is after it).
 */
async function scan(
  reader: FileHandle,
  size: number,
  path: string,
): Promise<{ unread: Map<string, Extent[]>; end: number }> {
  const unread = new Map<string, Extent[]>();
  let from = 0;
  let lineNumber = 0;
  let afterImage = false;
  if (size > 0) {
    const first = await readLine(reader, 0, size);
    // `{"imageV2":` and `{"image":` are the versions before's images: read alike.
    const newer = /^\{"imageV(\d+)":/.exec(first?.text ?? '');
    if (newer && Number(newer[1]) > 3)
      throw new StateFileError(
        `the state file ${path} was written by a newer release of portfolio-mock (image version ${newer[1]}; this release reads up to 3): run that release or a later one`,
      );
    if (first && (newer || first.text.startsWith('{"image":'))) {
      let image: {
        imageV3?: Record<string, Extent>;
        imageV2?: Record<string, Extent>;
        image?: Record<string, Extent>;
        bytes: number;
      };
      try {
        image = JSON.parse(first.text) as typeof image;
      } catch {
        throw new StateFileError(`the state file ${path} is damaged at line 1 (its image index is not JSON)`);
      }
      from = first.length + image.bytes;
      if (from > size) throw new StateFileError(`the state file ${path} is cut short inside its compacted image`);
      for (const [id, [offset, length]] of Object.entries(image.imageV3 ?? image.imageV2 ?? image.image ?? {}))
        unread.set(id, [[first.length + offset, length]]);
      afterImage = true;
    }
  }
  const damaged = (why: string) =>
    new StateFileError(
      `the state file ${path} is damaged at line ${lineNumber}${afterImage ? ' after its compacted image' : ''} (${why}); it was not written by this mock, or edited`,
    );
  let end = from;
  let group: [LineHead, Extent][] = [];
  const chunk = Buffer.allocUnsafe(SCAN_CHUNK);
  let lineStart = from;
  let start = '';
  let previous = Buffer.alloc(0);
  for (let at = from; at < size; ) {
    const { bytesRead } = await reader.read(chunk, 0, Math.min(SCAN_CHUNK, size - at), at);
    if (bytesRead === 0) break;
    const bytes = chunk.subarray(0, bytesRead);
    let pos = 0;
    for (;;) {
      if (at + pos === lineStart) start = bytes.toString('latin1', pos, Math.min(bytesRead, pos + 96));
      else if (pos === 0 && start.length < 96)
        start += bytes.toString('latin1', 0, Math.min(bytesRead, 96 - start.length));
      const newline = bytes.indexOf(10, pos);
      if (newline < 0) {
        previous = Buffer.from(bytes.subarray(Math.max(0, bytesRead - 16)));
        break;
      }
      lineNumber += 1;
      // The line's last bytes: in this chunk, or partly in the one before.
      const first = Math.max(lineStart - at, 0);
      const last =
        newline - 16 >= first || lineStart >= at
          ? bytes.subarray(Math.max(first, newline - 16), newline)
          : Buffer.concat([previous, bytes.subarray(0, newline)]).subarray(-16);
      const head = headOf(start, last);
      if (!head) throw damaged('not a line of a state file');
      const lineEnd = at + newline + 1;
      group.push([head, [lineStart, lineEnd - lineStart]]);
      if (!head.more) {
        for (const [line, extent] of group) {
          if (line.drop) unread.delete(line.id);
          else if (line.fresh) unread.set(line.id, [extent]);
          else {
            const extents = unread.get(line.id);
            if (!extents) throw damaged(`records of an unknown session ${line.id}`);
            const tail = extents.at(-1)!;
            // Adjacent lines are one range: a session's history reads in few calls.
            if (tail[0] + tail[1] === extent[0]) tail[1] += extent[1];
            else extents.push(extent);
          }
        }
        group = [];
        end = lineEnd;
      }
      lineStart = lineEnd;
      start = '';
      pos = newline + 1;
      if (pos >= bytesRead) break;
    }
    at += bytesRead;
  }
  return { unread, end };
}

/** The line starting at `offset` (without its newline) and its length with it; undefined when torn. */
async function readLine(
  reader: FileHandle,
  offset: number,
  size: number,
): Promise<{ text: string; length: number } | undefined> {
  const parts: Buffer[] = [];
  for (let at = offset; at < size; ) {
    const part = Buffer.allocUnsafe(Math.min(64 * 1024, size - at));
    const { bytesRead } = await reader.read(part, 0, part.length, at);
    if (bytesRead === 0) break;
    const newline = part.subarray(0, bytesRead).indexOf(10);
    if (newline >= 0) {
      parts.push(part.subarray(0, newline));
      const text = Buffer.concat(parts).toString('utf8');
      return { text, length: at + newline + 1 - offset };
    }
    parts.push(part.subarray(0, bytesRead));
    at += bytesRead;
  }
  return undefined;
}

function damagedAt(path: string, at: number, id: string): StateFileError {
  return new StateFileError(
    `the state file ${path} is damaged at byte ${at} (not JSON, in session ${id}); it was not written by this mock, or edited`,
  );
}

async function readFully(
  handle: FileHandle,
  into: Buffer,
  from: number,
  length: number,
  position: number,
  ended: () => never,
): Promise<void> {
  for (let read = 0; read < length; ) {
    const { bytesRead } = await handle.read(into, from + read, length - read, position + read);
    if (bytesRead === 0) ended();
    read += bytesRead;
  }
}

/** An image's keys (`k`), a section of its index (`q`) or a part's records in columns (`c`), read from the file and parsed when first needed. */
function fieldOfRange(
  fd: number,
  at: number,
  length: number,
  field: 'k' | 'q' | 'c',
  path: string,
  id: string,
): unknown {
  const bytes = Buffer.allocUnsafe(length);
  for (let read = 0; read < length; ) {
    // Synchronous: a table builds a record inside a request's rule.
    const got = readSync(fd, bytes, read, length - read, at + read);
    if (got === 0) throw damagedAt(path, at, id);
    read += got;
  }
  let line: Line;
  try {
    line = JSON.parse(bytes.toString('utf8')) as Line;
  } catch {
    throw damagedAt(path, at, id);
  }
  const value = line[field];
  if (line.s !== id || typeof value !== 'object' || value === null) throw damagedAt(path, at, id);
  return value;
}
