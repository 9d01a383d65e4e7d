// The cluster store's schema, as numbered migrations applied in order at start. Every node runs
// `migrate` when it starts; a transaction-scoped advisory lock lets one node at a time apply what
// is missing, so nodes of two versions starting together never apply a step twice. A step once
// released is never edited: a change of schema is a new step. A database a newer release migrated
// further is refused (SchemaTooNewError): this release would read and write tables whose meaning it
// does not know (an older node reads no image of migration 4, so an imaged session looks empty to it).
import type { Sql } from 'postgres';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'nodes, sessions with their lease, records',
    sql: `
      CREATE TABLE mock_nodes (
        id text PRIMARY KEY,
        url text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        heartbeat_at timestamptz NOT NULL DEFAULT now()
      );
      -- One row per session: its seed and meta values (null until first written), and its lease:
      -- the node that owns it until lease_until (database time), and a fence that rises with every
      -- change of owner, so a node that lost the session can never write to it.
      CREATE TABLE mock_sessions (
        id text PRIMARY KEY,
        seed jsonb,
        meta jsonb,
        owner text,
        lease_until timestamptz,
        fence bigint NOT NULL DEFAULT 0,
        written_at timestamptz
      );
      CREATE INDEX mock_sessions_owner ON mock_sessions (owner);
      CREATE TABLE mock_records (
        session_id text NOT NULL REFERENCES mock_sessions (id) ON DELETE CASCADE,
        kind text NOT NULL,
        key text NOT NULL,
        value jsonb NOT NULL,
        -- Read back in the order records were first written: the tables' order (the company list's) survives a move.
        seq bigserial NOT NULL,
        PRIMARY KEY (session_id, kind, key)
      );`,
  },
  {
    version: 2,
    name: 'uploaded files',
    sql: `
      -- The bytes of uploaded files, in chunks of 1 MiB (read and written one chunk at a time, so no
      -- file is ever held whole in memory), stored in the same transaction as their folder's record.
      CREATE TABLE mock_files (
        session_id text NOT NULL REFERENCES mock_sessions (id) ON DELETE CASCADE,
        folder text NOT NULL,
        name text NOT NULL,
        chunk integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (session_id, folder, name, chunk)
      );
      -- PDF and XLSX are compressed already: not compressed again.
      ALTER TABLE mock_files ALTER COLUMN data SET STORAGE EXTERNAL;`,
  },
  {
    version: 3,
    name: 'records as json, read in order from an index',
    sql: `
      -- A claim reads a session's records back whole: json is sent as stored, where jsonb was turned
      -- back into text row by row (100,000 projects: about half the read), and nothing queries inside
      -- the values. The index gives them in write order without sorting the session (132 MB spilled
      -- to disk for 100,000 projects).
      ALTER TABLE mock_records ALTER COLUMN value TYPE json USING value::json;
      CREATE INDEX mock_records_order ON mock_records (session_id, seq);`,
  },
  {
    version: 4,
    name: 'a big session as an image in columns',
    sql: `
      -- A session written whole with many records (a reset, a first write, an import) is kept as
      -- parts of records in columns (persistence/record-columns.ts), read back in a few round trips
      -- and parses; mock_records then holds only what changed since, a removed record as a json null.
      CREATE TABLE mock_images (
        session_id text NOT NULL REFERENCES mock_sessions (id) ON DELETE CASCADE,
        part integer NOT NULL,
        data text NOT NULL,
        PRIMARY KEY (session_id, part)
      );
      -- Read back whole at every claim: kept uncompressed (pglz's decompression of a part is
      -- server time a claim waits for; rows of mock_records are too short to be compressed).
      ALTER TABLE mock_images ALTER COLUMN data SET STORAGE EXTERNAL;`,
  },
  {
    version: 5,
    name: "an image's index in sections",
    sql: `
      -- No table changes: an image's index of projects and analyses is now a small header (a row
      -- {"x3":...}) and sections read when asked (persistence/lazy-image.ts, image version 3),
      -- which the releases before would report as damaged. The step makes them refuse the database
      -- (its schema is newer than theirs) instead. Images written before are still read.
      COMMENT ON TABLE mock_images IS 'a session''s image: records in columns; its index of projects and analyses a header and sections (schema 5)';`,
  },
  {
    version: 6,
    name: 'an image replaced is set aside, then deleted',
    sql: `
      -- No table changes: a write that replaces a session's image moves the rows of the one before
      -- to negative part numbers and deletes them after its commit, so a reset does not wait for
      -- a big image's deletion (docs/team-mock.md, "Start-up"). The releases before would read
      -- those rows as parts of the image; the step makes them refuse the database instead.
      COMMENT ON TABLE mock_images IS 'a session''s image: records in columns; its index of projects and analyses a header and sections; rows with a negative part are an image replaced, deleted in the background (schema 6)';`,
  },
];

/** The last step this release knows. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** The database was migrated by a newer release: this one must not read or write it. */
export class SchemaTooNewError extends Error {
  readonly found: number;
  constructor(found: number, where = 'the database') {
    super(
      `${where} was migrated by a newer release of portfolio-mock (schema version ${found}; this release knows up to ${SCHEMA_VERSION}): run this node from that release or a later one`,
    );
    this.found = found;
  }
}

/** The highest step applied to the database (0 before the first start). */
export async function schemaVersion(sql: Sql): Promise<number> {
  const [table] = await sql<{ applied: boolean }[]>`
    SELECT to_regclass('mock_migrations') IS NOT NULL AS applied`;
  if (!table?.applied) return 0;
  const [row] = await sql<{ version: number | null }[]>`SELECT max(version) AS version FROM mock_migrations`;
  return row?.version ?? 0;
}

/** Throws SchemaTooNewError when the database is ahead of this release. */
export function checkSchema(version: number): void {
  if (version > SCHEMA_VERSION) throw new SchemaTooNewError(version);
}

/** Whether the database holds every step already: one plain read, no lock (every start but the first). */
async function current(sql: Sql): Promise<boolean> {
  const version = await schemaVersion(sql);
  checkSchema(version);
  return version === SCHEMA_VERSION;
}

/** Applies the steps the database lacks; answers the versions applied now. */
export async function migrate(sql: Sql): Promise<number[]> {
  if (await current(sql)) return [];
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext('portfolio-mock-migrations'))`;
    await tx`CREATE TABLE IF NOT EXISTS mock_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`;
    const done = new Set((await tx<{ version: number }[]>`SELECT version FROM mock_migrations`).map((r) => r.version));
    // Checked again under the lock: a newer node may have migrated since the plain read.
    checkSchema(Math.max(0, ...done));
    const applied: number[] = [];
    for (const step of MIGRATIONS) {
      if (done.has(step.version)) continue;
      await tx.unsafe(step.sql);
      await tx`INSERT INTO mock_migrations (version, name) VALUES (${step.version}, ${step.name})`;
      applied.push(step.version);
    }
    return applied;
  });
}
