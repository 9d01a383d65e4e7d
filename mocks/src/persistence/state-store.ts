// The state file (`--state-file`, `startMock({ stateFile })`): every session's state as an
// append-only log of JSON lines (append-log.ts). A line is one of
//   {"s":id,"fresh":seed|null}      the session starts again from this seed (created, or reset)
//   {"s":id,"m":meta,"r":[[kind,key,value],...]}   these records now have these values
//   {"s":id,"drop":true}            the session was dropped (idle)
//   {"s":id,"j":[entry,...]}        these calls were added to the session's request journal
// The lines of one commit form a group: all but its last carry `"more":true`, and a group the
// file does not hold whole (a crash during its write) is not replayed, so a commit is all or nothing.
// A request's changes are appended and synced before its response is sent; processing jobs and
// webhook outcomes are appended as they happen, journal entries on the turn after their answer
// (a crash just after an answer may lose its entry, never a record). When the file has grown to twice its size after
// the last compaction (and past `compactBytes`), it is rewritten as one fresh line and the records
// of each session. Reading it back replays the lines in order.
import type { MockSeed } from '../domain/seed.ts';
import type { MockSession } from '../session.ts';
import type { JournalEntry } from '../sessions/request-journal.ts';
import { AppendLog, StateFileError } from './append-log.ts';
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

interface Line {
  s: string;
  fresh?: MockSeed | null;
  m?: Meta;
  r?: RecordOp[];
  drop?: true;
  j?: JournalEntry[];
  more?: true;
}

/** Makes a session from a seed, without its seed projects (the file holds every record). */
export type SessionFactory = (id: string, seed: MockSeed | undefined) => MockSession;

export class StateStore {
  private compactedSize: number;
  private readonly soon = new Set<MockSession>();

  private readonly log: AppendLog;
  private readonly sessions: () => Iterable<MockSession>;
  private readonly compactBytes: number;

  private constructor(log: AppendLog, sessions: () => Iterable<MockSession>, compactBytes: number) {
    this.log = log;
    this.sessions = sessions;
    this.compactBytes = compactBytes;
    this.compactedSize = log.size;
  }

  /** Opens the file and replays it; answers the sessions it holds (their jobs scheduled again). */
  static async open(
    path: string,
    options: { restore: SessionFactory; sessions: () => Iterable<MockSession>; compactBytes?: number },
  ): Promise<{ store: StateStore; restored: Map<string, MockSession> }> {
    let store: StateStore | undefined;
    const { log, lines } = await AppendLog.open(path, async () => store?.maybeCompact());
    const restored = new Map<string, MockSession>();
    const jobs = new Map<string, Map<number, { due: number; job: never }>>();
    let group: [Line, number][] = [];
    lines.forEach((text, index) => {
      let parsed: Line;
      try {
        parsed = JSON.parse(text) as Line;
      } catch {
        throw new StateFileError(
          `the state file ${path} is damaged at line ${index + 1} (not JSON); it was not written by this mock, or edited`,
        );
      }
      group.push([parsed, index]);
      if (parsed.more) return;
      for (const [line, at] of group) replay(line, at);
      group = [];
    });
    function replay(line: Line, index: number): void {
      if (line.drop) {
        restored.get(line.s)?.state.scheduler.cancelAll();
        restored.delete(line.s);
        jobs.delete(line.s);
        return;
      }
      if (line.fresh !== undefined) {
        restored.set(line.s, options.restore(line.s, line.fresh ?? undefined));
        jobs.set(line.s, new Map());
      }
      const session = restored.get(line.s);
      if (!session)
        throw new StateFileError(
          `the state file ${path} is damaged at line ${index + 1} (records of an unknown session ${line.s})`,
        );
      if (line.m) applyMeta(session.state, line.m);
      if (line.j) session.journal.restore(line.j);
      for (const op of line.r ?? []) applyRecord(session.state, session.storage, jobs.get(line.s)!, op);
    }
    for (const [id, session] of restored) {
      for (const [seq, { due, job }] of jobs.get(id) ?? []) session.state.scheduler.restore(seq, due, job);
      session.state.dirty?.clear();
      session.journal.takeUnwritten();
    }
    store = new StateStore(log, options.sessions, options.compactBytes ?? DEFAULT_COMPACT_BYTES);
    return { store, restored };
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
    // Nothing of it may follow its drop line: a replay would find records of an unknown session.
    for (const session of this.soon) if (session.id === id) this.soon.delete(session);
    this.log
      .append(JSON.stringify({ s: id, drop: true }))
      .catch((error) => console.error(`Writing the state file failed: ${String(error)}`));
  }

  async close(): Promise<void> {
    await this.log.close();
  }

  private changesOf(session: MockSession, force: boolean): Line[] {
    const taken = takeChanges(session, force);
    const lines: Line[] = [];
    if (taken) {
      if (taken.fresh !== undefined) lines.push({ s: session.id, fresh: taken.fresh });
      lines.push(...recordLines(session.id, metaOf(session.state), taken.ops));
    }
    const journal = session.journal.takeUnwritten();
    if (journal.length) lines.push({ s: session.id, j: journal });
    return lines;
  }

  /** Every session as a fresh line and its records: the compacted file. */
  private *snapshotLines(): Generator<string> {
    for (const session of this.sessions()) {
      const lines: Line[] = [
        { s: session.id, fresh: seedOfLine(session.state.seed) },
        ...recordLines(session.id, metaOf(session.state), [...allRecords(session.state)]),
      ];
      session.journal.takeUnwritten();
      const journal = session.journal.list();
      if (journal.length) lines.push({ s: session.id, j: journal });
      for (const [i, line] of lines.entries())
        yield JSON.stringify(i < lines.length - 1 ? { ...line, more: true } : line);
    }
  }

  private async maybeCompact(): Promise<void> {
    if (this.log.size < Math.max(this.compactBytes, 2 * this.compactedSize)) return;
    // Built at once, so the file holds one moment of the state; changes after it are appended after it.
    await this.log.rewrite([...this.snapshotLines()]);
    this.compactedSize = this.log.size;
  }
}

function recordLines(id: string, meta: Meta, ops: RecordOp[]): Line[] {
  if (!ops.length) return [{ s: id, m: meta }];
  const lines: Line[] = [];
  for (let at = 0; at < ops.length; at += OPS_PER_LINE)
    lines.push({ s: id, m: meta, r: ops.slice(at, at + OPS_PER_LINE) });
  return lines;
}
