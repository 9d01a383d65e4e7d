// The PostgreSQL store (`--store postgres://...`): several mock nodes share one database, and each
// session is owned by one node at a time through a lease row (mock_sessions.owner, lease_until in
// database time, and a fence that rises with every change of owner). The owner holds the session
// in memory and answers for it; every write of its records is one statement (one transaction when
// it carries uploaded files' bytes) that applies only while the owner and fence still match, so a
// node that lost a session (paused, cut off, killed and restarted) can never write to it again,
// and no change is applied twice. A node renews all its leases in one statement every quarter
// lease, on a connection of its own, skipping rows another transaction holds, so a big write of
// one session never holds up the others' renewal; a session whose node stopped renewing is
// claimed by the next node it is asked of. Changes of owner are announced on the channel
// `mock_session` (LISTEN/NOTIFY), so other nodes forget where they forwarded it and what they
// kept of it.
import { randomUUID } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Sql, TransactionSql } from 'postgres';
import type { MockSeed } from '../../domain/seed.ts';
import {
  drained,
  isSectioned,
  partCount,
  sectionPiece,
  type ImageIndex,
  type LazyImage,
  type SectionedIndex,
} from '../lazy-image.ts';
import { fromColumns } from '../record-columns.ts';
import type { Meta, RecordOp } from '../session-records.ts';
import { assembleImage, lazyKindsOf, writeImage } from './image-writer.ts';
import { checkSchema, migrate, SchemaTooNewError, schemaVersion } from './migrations.ts';

export { SchemaTooNewError } from './migrations.ts';

export const DEFAULT_LEASE_MS = 5_000;
const CHANNEL = 'mock_session';
/** Uploaded bytes go to the database and back in chunks of this size (a row each). */
const FILE_CHUNK = 1 << 20;
/** Records read back per round trip when a session is claimed. */
const RECORD_BATCH = 5_000;
/** Sessions whose files made on this disk are remembered (a few hundred bytes each). */
const MADE_SESSIONS = 10_000;
/** A session written whole with at least this many records is stored as an image (mock_images). */
const IMAGE_RECORDS = 10_000;
/**
 * Records per part of an image (a row of mock_images), and parts read back per round trip: a
 * big session's packed parts are about 60 KB each, so a claim reads 100,000 projects' 200 parts
 * in three round trips (each one waits for the server to be scheduled on a busy machine).
 */
export const IMAGE_PART = 1_000;
const IMAGE_BATCH = 100;

export class SessionMovedError extends Error {}
export class StoreUnavailableError extends Error {}
/** What the database holds is not what this mock writes (edited by hand). */
export class StoreDamagedError extends Error {}

/** A session as the database holds it, once claimed. */
export interface ClaimedSession {
  fence: number;
  /** Undefined: the session was never written (new); null: the default seed. */
  seed: MockSeed | null | undefined;
  meta: Meta | undefined;
  /**
   * Its records in write order, in batches (read as they are applied: a big session is never all in
   * memory twice); an image's projects and analyses as one `LazyImage`, parsed when touched.
   */
  records: AsyncIterable<RecordOp[] | LazyImage>;
  /** Whether uploaded files are stored (`readFiles` puts them on this node's disk). */
  files: boolean;
}

/** An uploaded file to store: its folder's id, its name, and where its bytes are on this node. */
export interface FileToStore {
  folderId: string;
  name: string;
  path: string;
}

export type Claim = { owned: ClaimedSession } | { elsewhere: string | undefined };

/** One write of a session: a fresh start replaces every record; otherwise these records change. */
export interface SessionWrite {
  fresh?: { seed: MockSeed | null };
  meta: Meta;
  upserts: RecordOp[];
  deletes: [string, string][];
  /** Files uploaded since the last write: their bytes are stored in the same transaction. */
  files?: FileToStore[];
  /**
   * A compaction (compaction.ts): the session's image as of a moment, sent ahead (`stageImage`),
   * replacing its rows and image; `upserts` and `deletes` are what changed since, written over it.
   */
  image?: StagedImage;
}

/**
 * A compaction's image sent ahead of its write (`ClusterStore.stageImage`): its parts are in a
 * transaction left open, past STAGED_PART, seen by nobody; the write that names it commits them as
 * the session's image. `discard` rolls it back when that write never comes (nothing once it did).
 */
export interface StagedImage {
  readonly records: number;
  /** Runs the compaction's write in the staged transaction: commits when it answers rows, else rolls back. */
  finish<T extends unknown[]>(body: (tx: TransactionSql) => Promise<T>): Promise<T>;
  discard(): Promise<void>;
}

/** Parts of a staged image are numbered from here until their write renumbers them (a part number is an int). */
const STAGED_PART = 1 << 30;

export interface ClusterStoreOptions {
  url: string;
  /** Default: a random id per process. */
  nodeId?: string;
  /** How long a lease lasts without renewal (default 5 s); failover takes at most about this long. */
  leaseMs?: number;
  /** Told of every session another node claimed. */
  onMoved?: (sessionId: string, owner: string) => void;
  /** A session written whole with at least this many records is stored as an image (default IMAGE_RECORDS). */
  imageRecords?: number;
}

/** Loads the client only when a cluster store is asked for: a mock without one needs nothing installed. */
async function connect(url: string, max = 10): Promise<Sql> {
  const { default: postgres } = await import('postgres');
  return postgres(url, {
    max,
    idle_timeout: 30,
    connect_timeout: 5,
    onnotice: () => {},
    // json values are written as text and cast in SQL; read back parsed (the default).
  });
}

interface Lease {
  fence: number;
  /** performance.now() of the claim: a renewal asked before it does not know the lease yet. */
  since: number;
  /** performance.now() until which the lease surely holds (renewal time + lease - margin). */
  validUntil: number;
  /** The session has an image: a removed record is written as a json null (it may be in the image). */
  imaged: boolean;
  /** Rows of mock_records it has (read back, or counted by its writes), and about how many records its image holds. */
  rows: number;
  imageRecords: number;
}

export class ClusterStore {
  readonly nodeId: string;
  readonly leaseMs: number;
  private readonly imageRecords: number;
  private readonly sql: Sql;
  /** Renewals have a connection of their own: writes that fill the pool never delay them. */
  private readonly renewal: Sql;
  private readonly leases = new Map<string, Lease>();
  private renewer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private healthy = true;
  /** Set once a renewal found the database migrated by a newer release: this node stops serving it. */
  outdated: SchemaTooNewError | undefined;
  private readonly options: ClusterStoreOptions;
  /** Per session (most recent last), the files `readFiles` made on this node's disk. */
  private readonly made = new Map<string, Map<string, MadeFile>>();

  private constructor(sql: Sql, renewal: Sql, options: ClusterStoreOptions) {
    this.sql = sql;
    this.renewal = renewal;
    this.options = options;
    this.nodeId = options.nodeId ?? `node-${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.imageRecords = options.imageRecords ?? IMAGE_RECORDS;
  }

  /** Connects, applies the migrations the database lacks and listens for sessions changing owner. */
  static async open(options: ClusterStoreOptions): Promise<ClusterStore> {
    const sql = await connect(options.url);
    let store: ClusterStore | undefined;
    // The listening connection is opened while the migrations are checked: one round trip less at start.
    const listening = sql.listen(CHANNEL, (payload) => store?.heard(payload));
    // Handled now: a refusal while the migrations are checked must not go unhandled meanwhile.
    listening.catch(() => {});
    let listened: Awaited<typeof listening>;
    try {
      await migrate(sql);
      listened = await listening;
    } catch (error) {
      await sql.end({ timeout: 1 });
      if (error instanceof SchemaTooNewError)
        throw new SchemaTooNewError(error.found, `the database ${redact(options.url)}`);
      throw new StoreUnavailableError(`cannot use the database ${redact(options.url)}: ${(error as Error).message}`);
    }
    // Connected on its first renewal, once the node listens: nothing more at start.
    store = new ClusterStore(sql, await connect(options.url, 1), options);
    store.unlisten = () => listened.unlisten();
    return store;
  }

  /** Registers this node and where other nodes reach it; starts renewing its leases. */
  async register(url: string): Promise<void> {
    await this.sql`
      INSERT INTO mock_nodes (id, url) VALUES (${this.nodeId}, ${url})
      ON CONFLICT (id) DO UPDATE SET url = excluded.url, heartbeat_at = now()`;
    this.renewer = setInterval(() => void this.renew(), Math.max(50, this.leaseMs / 4));
    this.renewer.unref();
  }

  /** Whether the database answered the last renewal (readiness). */
  get available(): boolean {
    return this.healthy && !this.outdated;
  }

  async ping(): Promise<boolean> {
    if (this.outdated) return false;
    try {
      await this.sql`SELECT 1`;
      return true;
    } catch {
      return false;
    }
  }

  /** Whether this node surely still owns the session (without asking the database). */
  holds(id: string): boolean {
    const lease = this.leases.get(id);
    return lease !== undefined && performance.now() < lease.validUntil;
  }

  /**
   * Takes the session when nobody owns it, its owner's lease ran out, or this node owns it already
   * (then its records are read back); else answers where its owner is reached.
   */
  async claim(id: string): Promise<Claim> {
    if (this.outdated) throw new StoreUnavailableError(this.outdated.message);
    const asked = performance.now();
    const rows = await this.sql<
      {
        fence: string;
        seed: MockSeed | null;
        meta: Meta | null;
        written: boolean;
        files: boolean;
        imaged: boolean;
        dropped: boolean;
      }[]
    >`
      INSERT INTO mock_sessions (id, owner, lease_until, fence)
      VALUES (${id}, ${this.nodeId}, now() + ${this.leaseMs} * interval '1 millisecond', 1)
      ON CONFLICT (id) DO UPDATE SET
        owner = excluded.owner,
        lease_until = excluded.lease_until,
        -- A new owner fences out the old one; the same owner keeps its fence (and its records in memory).
        fence = CASE WHEN mock_sessions.owner = excluded.owner THEN mock_sessions.fence ELSE mock_sessions.fence + 1 END
      WHERE mock_sessions.owner IS NULL OR mock_sessions.owner = ${this.nodeId} OR mock_sessions.lease_until < now()
      RETURNING fence, seed, meta, written_at IS NOT NULL AS written,
        EXISTS (SELECT 1 FROM mock_files f WHERE f.session_id = mock_sessions.id) AS files,
        EXISTS (SELECT 1 FROM mock_images i WHERE i.session_id = mock_sessions.id AND i.part >= 0) AS imaged,
        EXISTS (SELECT 1 FROM mock_images i WHERE i.session_id = mock_sessions.id AND i.part < 0) AS dropped`.catch(
      unavailable,
    );
    const row = rows[0];
    if (!row) {
      const [owner] = await this.sql<{ url: string | null }[]>`
        SELECT n.url FROM mock_sessions s LEFT JOIN mock_nodes n ON n.id = s.owner WHERE s.id = ${id}`.catch(
        unavailable,
      );
      return { elsewhere: owner?.url ?? undefined };
    }
    const fence = Number(row.fence);
    // `since` is when the claim is known done: a renewal asked after it sees the claimed row.
    const lease: Lease = {
      fence,
      since: performance.now(),
      validUntil: asked + this.leaseMs * 0.8,
      imaged: row.imaged,
      // Both counted as they are read back.
      rows: 0,
      imageRecords: 0,
    };
    this.leases.set(id, lease);
    // An image set aside by a write its last owner did not clean up after (it stopped first).
    if (row.dropped) this.removeSetAside(id);
    // Not waited for: other nodes forget the session when it arrives (or at their next renewal).
    void this.sql`SELECT pg_notify(${CHANNEL}, ${`${id}\t${this.nodeId}`})`.catch(() => {});
    if (!row.written) return { owned: { fence, seed: undefined, meta: undefined, records: batches([]), files: false } };
    // The image first (parts in order, up to its index: its keys and lazy parts are fetched apart,
    // when asked), then what changed since, in write order.
    // Its index is found by its first bytes (`substr` of an uncompressed value reads its first chunk only).
    const image = lease.imaged
      ? this.sql<ImageRow[]>`
          SELECT part, data, xmin::text AS version FROM mock_images
          WHERE session_id = ${id} AND part >= 0 AND part <= coalesce(
            (SELECT min(part) FROM mock_images WHERE session_id = ${id} AND part >= 0 AND substr(data, 1, 6) IN ('{"xz":', '{"x3":')),
            2147483647)
          ORDER BY part`.cursor(IMAGE_BATCH)
      : [];
    const records = this.sql<StoredRecord[]>`
      SELECT kind, key, value FROM mock_records WHERE session_id = ${id} ORDER BY seq`.cursor(RECORD_BATCH);
    return {
      owned: {
        fence,
        seed: row.seed,
        meta: row.meta ?? undefined,
        records: batches(
          records,
          image,
          (version, parts) => this.imageRows(id, fence, version, parts),
          (rows, imaged) => {
            lease.rows += rows;
            lease.imageRecords += imaged;
          },
        ),
        files: row.files,
      },
    };
  }

  /**
   * Parts of a claimed session's image, only while this node still owns the session under `fence`
   * and the image is the one claimed (its rows' `xmin`: an image is written in one transaction):
   * else `SessionMovedError`, never another image's part.
   */
  private async imageRows(id: string, fence: number, version: string, parts: number[]): Promise<Map<number, string>> {
    const rows = await this.sql<{ part: number; data: string }[]>`
      SELECT i.part, i.data FROM mock_images i JOIN mock_sessions s ON s.id = i.session_id
      WHERE i.session_id = ${id} AND s.owner = ${this.nodeId} AND s.fence = ${fence}
        AND i.xmin::text = ${version} AND i.part = ANY(${parts}::int[])`.catch(unavailable);
    if (rows.length !== parts.length)
      throw new SessionMovedError(`session ${id} was taken over, or its image replaced, while its parts were fetched`);
    return new Map(rows.map((r) => [r.part, r.data]));
  }

  /**
   * Writes a session's changes in one statement, applied only while this node still owns it
   * under `fence` (the fence the session in memory was claimed with).
   */
  async write(id: string, fence: number, change: SessionWrite): Promise<void> {
    if (this.outdated) throw new StoreUnavailableError(this.outdated.message);
    const lease = this.leases.get(id);
    if (!lease || lease.fence !== fence) throw new SessionMovedError(`session ${id} is not owned by this node`);
    // With an image, a removed record may be in it: removed by a json null written over it (kept
    // until the next image; the keys of removed records, jobs' and deliveries' numbers, are never used again).
    // A compaction's changes go over its new image.
    const imaged = (lease.imaged && !change.fresh) || change.image !== undefined;
    const upserts = imaged
      ? [...change.upserts, ...change.deletes.map(([kind, key]): RecordOp => [kind as RecordOp[0], key, null])]
      : change.upserts;
    const deletes = imaged ? [] : change.deletes;
    const toImage = change.fresh !== undefined && upserts.length >= this.imageRecords;
    /** A write that replaces every row and the image: a fresh start, or a compaction. */
    const whole = change.fresh !== undefined || change.image !== undefined;
    const kinds = toImage ? [] : upserts.map((op) => op[0]);
    const keys = toImage ? [] : upserts.map((op) => op[1]);
    const values = toImage ? [] : upserts.map((op) => JSON.stringify(op[2]));
    // Written out now, as the values are: the records are live objects that later requests change.
    const image = toImage ? imageParts(upserts) : [];
    // Objects go as json parameters; text would be stored as a JSON string.
    const meta = this.sql.json(change.meta as never);
    const files = change.files ?? [];
    let owned: { owned: number; inserted?: number; deleted?: number }[];
    /** When a long write extended the lease before its commit (performance.now()). */
    let extendedAt: number | undefined;
    /** A whole write set the image before it aside (removed once the write is in). */
    let movedAside = false;
    if (whole) {
      const seed = change.fresh && this.sql.json(change.fresh.seed as never);
      const body = async (tx: TransactionSql) => {
        // A compaction keeps the seed and the stored files.
        const rows = await tx<{ owned: number }[]>`
          UPDATE mock_sessions SET ${seed ? tx`seed = ${seed},` : tx``} meta = ${meta}, written_at = now()
          WHERE id = ${id} AND owner = ${this.nodeId} AND fence = ${lease.fence}
          RETURNING 1 AS owned`;
        if (!rows.length) return rows;
        await tx`DELETE FROM mock_records WHERE session_id = ${id}`;
        if (seed) await tx`DELETE FROM mock_files WHERE session_id = ${id}`;
        // Set aside (negative part numbers, below any set aside before), not deleted: moving the
        // rows costs a small part of deleting a big image's values inside the write (measured in
        // docs/team-mock.md, "Start-up"). Removed after the commit (removeSetAside), or by the
        // next claim.
        const setAside = await tx<{ moved: number }[]>`
          WITH moved AS (
            UPDATE mock_images SET part = (SELECT least(coalesce(min(part), 0), 0) FROM mock_images WHERE session_id = ${id}) - 1 - part
            WHERE session_id = ${id} AND part >= 0 AND part < ${STAGED_PART} RETURNING 1
          ) SELECT count(*)::int AS moved FROM moved`;
        if (setAside[0]!.moved > 0) movedAside = true;
        if (change.image) {
          // The staged parts (sent before the session's turn) become its image: renumbered in place.
          await tx`UPDATE mock_images SET part = part - ${STAGED_PART} WHERE session_id = ${id} AND part >= ${STAGED_PART}`;
        } else {
          await storeImage(tx, id, image);
        }
        if (!toImage)
          for (let at = 0; at < upserts.length; at += 5000)
            await tx`
              INSERT INTO mock_records (session_id, kind, key, value)
              SELECT ${id}, k, r, v::json
              FROM unnest(${kinds.slice(at, at + 5000)}::text[], ${keys.slice(at, at + 5000)}::text[], ${values.slice(at, at + 5000)}::text[]) AS t(k, r, v)`;
        await storeFiles(tx, id, files);
        extendedAt = await this.extendLease(tx, id, lease);
        return rows;
      };
      owned = await (change.image ? change.image.finish(body) : this.sql.begin(body)).catch(unavailable);
    } else {
      const statement = (q: Sql | TransactionSql) => q<{ owned: number; inserted: number; deleted: number }[]>`
        WITH owner AS (
          UPDATE mock_sessions SET meta = ${meta}, written_at = now()
          WHERE id = ${id} AND owner = ${this.nodeId} AND fence = ${lease.fence}
          RETURNING id
        ), upserted AS (
          INSERT INTO mock_records (session_id, kind, key, value)
          SELECT owner.id, k, r, v::json FROM owner, unnest(${kinds}::text[], ${keys}::text[], ${values}::text[]) AS t(k, r, v)
          ON CONFLICT (session_id, kind, key) DO UPDATE SET value = excluded.value
          -- A row inserted (not updated) has no xmax: the rows a compaction would fold are counted.
          RETURNING xmax = 0 AS inserted
        ), deleted AS (
          DELETE FROM mock_records m USING owner, unnest(${deletes.map((d) => d[0])}::text[], ${deletes.map((d) => d[1])}::text[]) AS d(k, r)
          WHERE m.session_id = owner.id AND m.kind = d.k AND m.key = d.r
          RETURNING 1
        )
        SELECT count(*)::int AS owned, max(u.n)::int AS inserted, max(d.n)::int AS deleted
        FROM owner, (SELECT count(*) FILTER (WHERE inserted) AS n FROM upserted) u, (SELECT count(*) AS n FROM deleted) d`;
      // With files: their bytes and the folder's record in one transaction (an upload is all there or not at all).
      owned = await (files.length
        ? this.sql.begin(async (tx) => {
            const rows = await statement(tx);
            if (rows[0]?.owned) {
              await storeFiles(tx, id, files);
              extendedAt = await this.extendLease(tx, id, lease);
            }
            return rows;
          })
        : statement(this.sql)
      ).catch(unavailable);
      if (owned[0]?.owned === 0) owned = [];
    }
    if (!owned.length) {
      this.leases.delete(id);
      throw new SessionMovedError(`session ${id} was taken over by another node`);
    }
    if (movedAside) this.removeSetAside(id);
    if (extendedAt !== undefined) lease.validUntil = Math.max(lease.validUntil, extendedAt + this.leaseMs * 0.8);
    if (whole) {
      lease.imaged = toImage || change.image !== undefined;
      lease.rows = toImage ? 0 : upserts.length;
      lease.imageRecords = change.image?.records ?? (toImage ? upserts.length : 0);
    } else lease.rows += (owned[0]?.inserted ?? 0) - (owned[0]?.deleted ?? 0);
  }

  /**
   * Sends a compaction's image (parts as `imageParts` makes them) in a transaction left open, before
   * the session's turn among its writes: the write that names it (`SessionWrite.image`) then only
   * renumbers them, so the session's writes wait for less. The caller discards it when that write
   * never comes.
   */
  async stageImage(id: string, parts: string[], records: number): Promise<StagedImage> {
    if (this.outdated) throw new StoreUnavailableError(this.outdated.message);
    const conn = await this.sql.reserve().catch(unavailable);
    let open = true;
    const end = async (statement: 'COMMIT' | 'ROLLBACK') => {
      if (!open) return;
      open = false;
      try {
        await conn.unsafe(statement);
      } finally {
        conn.release();
      }
    };
    try {
      await conn.unsafe('BEGIN');
      // A node frozen (not killed) with its own staged image of this session holds the same keys:
      // this one gives up after a lease instead of waiting for it, and the server ends a staged
      // transaction left idle a minute, so a frozen node's keeps nothing locked for long.
      await conn.unsafe(`SET LOCAL lock_timeout = ${Math.round(this.leaseMs)}`);
      await conn.unsafe('SET LOCAL idle_in_transaction_session_timeout = 60000');
      await storeImage(conn as unknown as TransactionSql, id, parts, STAGED_PART);
    } catch (error) {
      await end('ROLLBACK').catch(() => {});
      unavailable(error);
    }
    return {
      records,
      finish: async <T extends unknown[]>(body: (tx: TransactionSql) => Promise<T>): Promise<T> => {
        if (!open) throw new StoreUnavailableError('the staged image was discarded');
        const rows = await body(conn as unknown as TransactionSql).catch(async (error: unknown) => {
          await end('ROLLBACK').catch(() => {});
          throw error;
        });
        await end(rows.length ? 'COMMIT' : 'ROLLBACK');
        return rows;
      },
      discard: () => end('ROLLBACK').catch(() => {}),
    };
  }

  /**
   * A session this node owns: its rows in mock_records and about how many records its image holds
   * (compaction.ts decides from them); undefined once it does not own it.
   */
  stored(id: string): { rows: number; imageRecords: number } | undefined {
    const lease = this.leases.get(id);
    return lease && { rows: lease.rows, imageRecords: lease.imageRecords };
  }

  /**
   * At the end of a long write (a big first write, uploaded bytes): renewals skip the row the write
   * holds, so the lease is extended here, from the statement's own time (`clock_timestamp()`, not
   * the transaction's start), before the commit lets a waiting claim see it. Answers when it asked,
   * for the node's own view of the lease once the write is committed.
   */
  private async extendLease(tx: TransactionSql, id: string, lease: Lease): Promise<number> {
    const asked = performance.now();
    await tx`
      UPDATE mock_sessions SET lease_until = clock_timestamp() + ${this.leaseMs} * interval '1 millisecond'
      WHERE id = ${id} AND owner = ${this.nodeId} AND fence = ${lease.fence}`;
    return asked;
  }

  /**
   * Puts a claimed session's uploaded files on this node's disk, in `dirOf(folderId)`, one chunk
   * in memory at a time; each file appears under its name only once it is whole. A file this node
   * put there from the same stored version (its rows' xmin: every store of a file inserts new rows
   * in a new transaction) and that is still the file it made (same inode, mtime and size: the
   * mock replaces a file only by renaming a new one over it) is not read again: a session
   * bouncing between live nodes is not rewritten at every claim.
   */
  async readFiles(id: string, dirOf: (folderId: string) => string): Promise<void> {
    let file: { handle: Awaited<ReturnType<typeof open>>; part: string; path: string; key: string } | undefined;
    const made = this.madeFiles(id);
    const listed = new Map<string, { version: string; size: number }>();
    const finish = async () => {
      if (!file) return;
      await file.handle.close();
      await rename(file.part, file.path);
      const stored = listed.get(file.key);
      if (stored) made.set(file.key, { ...stored, ...identity(await stat(file.path, { bigint: true })) });
      file = undefined;
    };
    try {
      const rows = await this.sql<{ folder: string; name: string; version: string; size: string }[]>`
        SELECT folder, name, min(xmin::text) AS version, sum(length(data)) AS size
        FROM mock_files WHERE session_id = ${id} GROUP BY folder, name`;
      const wanted: { folder: string; name: string }[] = [];
      for (const row of rows) {
        const key = `${row.folder}/${row.name}`;
        const stored = { version: row.version, size: Number(row.size) };
        listed.set(key, stored);
        const known = made.get(key);
        if (known?.version === stored.version && known.size === stored.size) {
          const now = await stat(join(dirOf(row.folder), row.name), { bigint: true }).catch(() => undefined);
          if (now && sameFile(known, identity(now))) continue;
        }
        made.delete(key);
        wanted.push(row);
      }
      if (!wanted.length) return;
      const chunks = this.sql<{ folder: string; name: string; chunk: number; data: Buffer }[]>`
        SELECT f.folder, f.name, f.chunk, f.data FROM mock_files f
        JOIN unnest(${wanted.map((w) => w.folder)}::text[], ${wanted.map((w) => w.name)}::text[]) AS w(folder, name)
          ON w.folder = f.folder AND w.name = f.name
        WHERE f.session_id = ${id} ORDER BY f.folder, f.name, f.chunk`;
      for await (const batch of chunks.cursor(4))
        for (const row of batch) {
          if (row.chunk === 0) {
            await finish();
            const dir = dirOf(row.folder);
            await mkdir(dir, { recursive: true });
            const path = join(dir, row.name);
            const part = `${path}.${this.nodeId}.part`;
            file = { handle: await open(part, 'w'), part, path, key: `${row.folder}/${row.name}` };
          }
          await file?.handle.write(row.data);
        }
      await finish();
    } catch (error) {
      await file?.handle.close().catch(() => {});
      if (file) await rm(file.part, { force: true }).catch(() => {});
      // A disk that refuses the file (full, not writable) is not the database being away.
      if (isDiskError(error)) throw error;
      unavailable(error);
    }
  }

  /** The files this node made from a session's stored files, by folder and name (the oldest session forgotten past a bound). */
  private madeFiles(id: string): Map<string, MadeFile> {
    let made = this.made.get(id);
    if (made) this.made.delete(id);
    else made = new Map();
    this.made.set(id, made);
    if (this.made.size > MADE_SESSIONS) this.made.delete(this.made.keys().next().value!);
    return made;
  }

  /** One stored file's bytes (an export), undefined when the database holds none of it. */
  async fileBytes(id: string, folderId: string, name: string): Promise<Buffer | undefined> {
    const rows = await this.sql<{ data: Buffer }[]>`
      SELECT data FROM mock_files WHERE session_id = ${id} AND folder = ${folderId} AND name = ${name}
      ORDER BY chunk`.catch(unavailable);
    return rows.length ? Buffer.concat(rows.map((r) => r.data)) : undefined;
  }

  /** Hands sessions over: their next request is answered by whichever node it reaches. */
  async release(ids: Iterable<string>): Promise<void> {
    const list = [...ids].filter((id) => this.leases.has(id));
    for (const id of list) this.leases.delete(id);
    if (!list.length) return;
    await this.sql`
      UPDATE mock_sessions SET owner = NULL, lease_until = NULL
      WHERE owner = ${this.nodeId} AND id = ANY(${list}::text[])`;
    for (const id of list) await this.sql`SELECT pg_notify(${CHANNEL}, ${`${id}\t`})`;
  }

  /**
   * Deletes the image rows a whole write set aside (negative part numbers), in the background: no
   * reader asks for them, and a failure leaves them to the next claim.
   */
  private removeSetAside(id: string): void {
    void this.sql`DELETE FROM mock_images WHERE session_id = ${id} AND part < 0`.catch(() => {});
  }

  /** Removes a session (dropped when idle): its rows go; a later request starts it afresh. */
  async remove(id: string): Promise<void> {
    const lease = this.leases.get(id);
    this.leases.delete(id);
    if (!lease) return;
    await this.sql`DELETE FROM mock_sessions WHERE id = ${id} AND owner = ${this.nodeId} AND fence = ${lease.fence}`;
  }

  /** Stops renewing, hands every session over and disconnects. */
  async close(): Promise<void> {
    clearInterval(this.renewer);
    try {
      await this.release([...this.leases.keys()]);
      await this.sql`DELETE FROM mock_nodes WHERE id = ${this.nodeId}`;
      await this.unlisten?.();
    } catch {
      // The database is gone: the leases run out by themselves.
    }
    await Promise.all([this.sql.end({ timeout: 2 }), this.renewal.end({ timeout: 2 })]);
  }

  private async renew(): Promise<void> {
    const asked = performance.now();
    try {
      // Rows another transaction holds (a big first write of one session, a claim under way) are
      // skipped, not waited for: the node's other leases are renewed on time; a skipped one stays
      // owned and is renewed next time. The answer lists every session the node owns, renewed or not.
      const rows = await this.renewal<{ id: string; fence: string; renewed: boolean }[]>`
        WITH beat AS (UPDATE mock_nodes SET heartbeat_at = now() WHERE id = ${this.nodeId}),
        free AS (SELECT id FROM mock_sessions WHERE owner = ${this.nodeId} FOR UPDATE SKIP LOCKED),
        renewed AS (
          UPDATE mock_sessions s SET lease_until = now() + ${this.leaseMs} * interval '1 millisecond'
          FROM free WHERE s.id = free.id
          RETURNING s.id
        )
        SELECT s.id, s.fence, r.id IS NOT NULL AS renewed
        FROM mock_sessions s LEFT JOIN renewed r ON r.id = s.id
        WHERE s.owner = ${this.nodeId}`;
      this.healthy = true;
      if (await this.newerSchema()) return;
      const owned = new Map(rows.map((r) => [r.id, { fence: Number(r.fence), renewed: r.renewed }]));
      for (const [id, lease] of this.leases) {
        const row = owned.get(id);
        if (row?.fence === lease.fence) {
          if (row.renewed) lease.validUntil = asked + this.leaseMs * 0.8;
        } else if (lease.since < asked) {
          // Taken over while this node could not renew (its NOTIFY may have been missed): forget it here too.
          this.leases.delete(id);
          this.options.onMoved?.(id, '');
        }
      }
    } catch {
      // Leases are then no longer extended: holds() turns false when they may have run out.
      this.healthy = false;
    }
  }

  /**
   * Whether a newer release migrated the database since this node started (checked at every
   * renewal): then the node forgets its sessions, hands them over to the nodes that know the
   * schema, stops renewing, and answers 503 from then on.
   */
  private async newerSchema(): Promise<boolean> {
    try {
      checkSchema(await schemaVersion(this.renewal));
      return false;
    } catch (error) {
      if (!(error instanceof SchemaTooNewError)) throw error;
      this.outdated = new SchemaTooNewError(error.found, `the database ${redact(this.options.url)}`);
      clearInterval(this.renewer);
      console.error(`portfolio-mock: ${this.outdated.message}; this node answers 503 from now on`);
      const held = [...this.leases.keys()];
      for (const id of held) this.options.onMoved?.(id, '');
      await this.release(held).catch(() => {});
      return true;
    }
  }

  private heard(payload: string): void {
    const [id, owner = ''] = payload.split('\t');
    if (!id || owner === this.nodeId) return;
    this.options.onMoved?.(id, owner);
  }
}

type StoredRecord = { kind: string; key: string; value: unknown };

/** A file `readFiles` made: the stored version it holds, and which file on disk it is. */
interface MadeFile extends FileIdentity {
  version: string;
}
interface FileIdentity {
  size: number;
  ino: bigint;
  mtimeNs: bigint;
}

function identity(stats: BigIntStats): FileIdentity {
  return { size: Number(stats.size), ino: stats.ino, mtimeNs: stats.mtimeNs };
}

function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.size === b.size && a.ino === b.ino && a.mtimeNs === b.mtimeNs;
}

interface ImageRow {
  part: number;
  data: string;
  version: string;
}

/** A lazy part asked for before it was fetched (a rule read what its request did not wait for). */
export class PartPendingError extends Error {}

/**
 * The image's parts up to its index, then the rows of mock_records, as record batches; the index's
 * keys and parts are fetched by `fetchRows` when asked (`LazyImage.fetch`, up to IMAGE_BATCH a
 * round trip). A failure of the database is `StoreUnavailableError`, an image part that is not
 * records in columns `StoreDamagedError`.
 */
async function* batches(
  rows: AsyncIterable<StoredRecord[]> | Iterable<StoredRecord[]>,
  image: AsyncIterable<ImageRow[]> | Iterable<ImageRow[]> = [],
  fetchRows?: (version: string, parts: number[]) => Promise<Map<number, string>>,
  counted?: (rows: number, imaged: number) => void,
): AsyncGenerator<RecordOp[] | LazyImage> {
  const damaged = (error: unknown) =>
    new StoreDamagedError(`a part of the session's image is damaged: ${(error as Error).message}`);
  try {
    let lazy: LazyImage | undefined;
    for await (const parts of image) {
      const batch: RecordOp[] = [];
      for (const { data, part: at, version } of parts) {
        try {
          const part = JSON.parse(data) as unknown;
          if (Array.isArray(part)) fromColumns(part, (op) => batch.push(op));
          else {
            // `xz`: a version 2 index (whole, its keys in the next row); `x3`: a version 3 header (its sections in the rows after it).
            const packed = (part as { xz?: unknown; x3?: unknown } | null)?.x3 ?? (part as { xz?: unknown } | null)?.xz;
            if (typeof packed !== 'string' || !fetchRows) throw new Error('neither records nor an index');
            const index = JSON.parse(unpack(packed)) as ImageIndex | SectionedIndex;
            if ('x3' in (part as object) && !isSectioned(index)) throw new Error('an index of an unknown version');
            lazy = fetchedApart(index, at, (parts) => fetchRows(version, parts), damaged);
            for (const kind of Object.values(index) as unknown[]) {
              const sizes = (kind as { parts?: unknown } | null)?.parts;
              if (Array.isArray(sizes))
                counted?.(
                  0,
                  sizes.reduce((sum: number, size) => sum + Number(size), 0),
                );
            }
          }
        } catch (error) {
          throw damaged(error);
        }
        // The rest of the image is fetched when asked.
        if (lazy) break;
      }
      counted?.(0, batch.length);
      yield batch;
      if (lazy) break;
    }
    if (lazy) yield lazy;
    for await (const batch of rows) {
      counted?.(batch.length, 0);
      yield batch.map((r) => [r.kind, r.key, r.value] as RecordOp);
    }
  } catch (error) {
    if (error instanceof StoreDamagedError || error instanceof SessionMovedError) throw error;
    unavailable(error);
  }
}

/**
 * An image whose pieces after its index row are fetched when asked, each kept packed until first
 * read; reading one not fetched yet throws `PartPendingError`. Version 2: its keys (row
 * `indexPart + 1`) and its parts (the rows after); version 3: its sections (rows `indexPart + 1`
 * on), then its parts.
 */
function fetchedApart(
  index: ImageIndex | SectionedIndex,
  indexPart: number,
  fetchRows: (parts: number[]) => Promise<Map<number, string>>,
  damaged: (error: unknown) => Error,
): LazyImage {
  const sections = isSectioned(index) && Number.isInteger(index.sections) ? index.sections : 0;
  const count = partCount(index);
  /** The row of a piece (`LazyImage.fetch`'s numbers). */
  const rowOf = (piece: number) =>
    piece >= 0
      ? indexPart + 1 + (isSectioned(index) ? sections : 1) + piece
      : piece === -1
        ? indexPart + 1
        : indexPart - 1 - piece;
  const packed = new Map<number, string>();
  const asked = new Map<number, Promise<void>>();
  const read = (row: number) => () => {
    const data = packed.get(row);
    if (data === undefined) throw new PartPendingError(`part ${row} of the session's image is not fetched yet`);
    try {
      return JSON.parse(unpack(data));
    } catch (error) {
      throw damaged(error);
    }
  };
  const fetch = async (wanted: readonly number[]) => {
    const rows = [...new Set(wanted)].map(rowOf).filter((row) => !packed.has(row));
    const fresh = rows.filter((row) => !asked.has(row));
    for (let at = 0; at < fresh.length; at += IMAGE_BATCH) {
      const some = fresh.slice(at, at + IMAGE_BATCH);
      const got = fetchRows(some).then((found) => {
        for (const [row, data] of found) packed.set(row, data);
      });
      for (const row of some)
        asked.set(
          row,
          got.catch((error) => {
            // Asked again next time (the database came back); a moved session is dropped by the caller.
            asked.delete(row);
            throw error;
          }),
        );
    }
    await Promise.all(rows.map((row) => asked.get(row)));
  };
  return {
    index,
    keys: read(rowOf(-1)),
    sections: Array.from({ length: sections }, (_, s) => read(rowOf(sectionPiece(s)))),
    parts: Array.from({ length: count }, (_, p) => read(rowOf(p))),
    fetch,
  };
}

/**
 * A session's records as the parts of its image, IMAGE_PART records in columns each, written at
 * once (image-writer.ts): the records other than projects and analyses in their order, then (when
 * there are any) the header of the projects' and analyses' index, its sections and their parts.
 */
export function imageParts(ops: RecordOp[]): string[] {
  const written = drained(writeImage(ops, lazyKindsOf(ops), IMAGE_PART, pack));
  if ('notIndexed' in written) throw new Error(`${written.notIndexed} records are not all indexed`);
  return assembleImage(written.eager, written.packed);
}

/**
 * The index and the lazy parts are stored deflated, as base64 text: a ninth of the bytes for the
 * server to read and send at a claim (docs/decisions/2026-11-team-mock-start-up-quiet.md); a part
 * is inflated only when one of its records is touched.
 */
function pack(text: string): string {
  return deflateRawSync(text, { level: 1 }).toString('base64');
}

function unpack(packed: string): string {
  return inflateRawSync(Buffer.from(packed, 'base64')).toString('utf8');
}

/** Stores the parts of a session's image, 20 a statement, numbered from `from`. */
async function storeImage(tx: TransactionSql, id: string, parts: string[], from = 0): Promise<void> {
  for (let at = 0; at < parts.length; at += 20)
    await tx`
      INSERT INTO mock_images (session_id, part, data)
      SELECT ${id}, ${from + at} + n - 1, d FROM unnest(${parts.slice(at, at + 20)}::text[]) WITH ORDINALITY AS t(d, n)`;
}

/** Stores files' bytes (replacing a file of the same folder and name) inside a session's write. */
async function storeFiles(tx: TransactionSql, id: string, files: FileToStore[]): Promise<void> {
  const buffer = Buffer.alloc(FILE_CHUNK);
  for (const file of files) {
    await tx`DELETE FROM mock_files WHERE session_id = ${id} AND folder = ${file.folderId} AND name = ${file.name}`;
    // Gone from the disk: a reset removed its folder after this write took it (the reset's own write
    // then deletes the session's files), so there is nothing left to store.
    const handle = await open(file.path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!handle) continue;
    try {
      for (let chunk = 0; ; chunk++) {
        const { bytesRead } = await handle.read(buffer, 0, FILE_CHUNK, null);
        if (bytesRead === 0 && chunk > 0) break;
        await tx`
          INSERT INTO mock_files (session_id, folder, name, chunk, data)
          VALUES (${id}, ${file.folderId}, ${file.name}, ${chunk}, ${buffer.subarray(0, bytesRead)})`;
        if (bytesRead < FILE_CHUNK) break;
      }
    } finally {
      await handle.close();
    }
  }
}

/** An error of this node's file system (ENOSPC, EACCES on a path), not of the database connection (which names no path). */
function isDiskError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException).path === 'string';
}

function unavailable(error: unknown): never {
  if (error instanceof SessionMovedError) throw error;
  throw new StoreUnavailableError(`the database is unavailable: ${(error as Error).message}`);
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
