// The mutation harness's PostgreSQL leg (postgres-against-mock.mutation.ts): a database of its own
// per test on the harness's server (postgres-global-setup.ts), mock nodes started in this process
// on it (the mutated code), and a seed whose session is stored as an image of several parts, so a
// node that claims it fetches only the parts a call reads (mocks/src/persistence/fetch-parts.ts).
import postgres from 'postgres';
import { defaultSeed } from '../../../mocks/src/domain/default-seed.ts';
import { type MockSeed, type RunningMock, startMock } from '../../../mocks/src/server.ts';
import { READ_BACK_SEED } from './read-back-mock.ts';

/** Companies of a third user between each two of READ_BACK_SEED's. */
const FILLERS_BETWEEN = 500;

/**
 * READ_BACK_SEED with a third user's companies (each with an analysis) between each two of its
 * companies: the image then holds the two users' companies and analyses in different parts (an
 * image part holds 1,000 records), and a call that fetches a part fewer than it reads fails. No
 * rule of the suite sees the third user's companies. `startTime` makes ids and times deterministic,
 * so a node's answers can be compared with the unmutated model's, field for field.
 */
export const POSTGRES_SEED: MockSeed = {
  ...READ_BACK_SEED,
  startTime: '2026-03-01T00:00:00.000Z',
  // Nothing runs by the clock of the machine (a job due while a node stops is run by the next
  // node, or by the request that wrote it: the same state, written by either); settle runs it.
  processingMs: 600_000,
  users: [
    ...defaultSeed().users,
    {
      id: 'user-filler',
      name: 'Filler User',
      email: 'filler.user@mock.example',
      apiKey: 'filler-api-key',
      accessToken: 'filler-access-token',
      drive: null,
    },
  ],
  data: {
    projects: READ_BACK_SEED.data!.projects!.flatMap((project, i) => [
      project,
      ...Array.from({ length: FILLERS_BETWEEN }, (_, k) => ({
        ownerUserId: 'user-filler',
        companyName: `Filler ${i}-${k}`,
      })),
    ]),
  },
};

/** Companies between each two of READ_BACK_SEED's in INTERLEAVED_SEED. */
const INTERLEAVED_BETWEEN = 640;

/**
 * POSTGRES_SEED's users with READ_BACK_SEED's companies and, between each two, the filler user's
 * (one in eight with an analysis) with one of the second user's after every seven: 10,080
 * companies of one owner, more than a list fetches the analyses of one project at a time
 * (persistence/fetch-parts.ts, MANY_PROJECTS), and an owner column that changes too often to be
 * kept as runs in the image's header, so it is cut into sections fetched apart (lazy-image.ts):
 * a list, a search or a sorted list as a node's first call must fetch the sections naming its
 * owner's companies, not only the parts holding them.
 */
export const INTERLEAVED_SEED: MockSeed = {
  ...POSTGRES_SEED,
  data: {
    projects: READ_BACK_SEED.data!.projects!.flatMap((project, i) => [
      project,
      ...Array.from({ length: INTERLEAVED_BETWEEN }, (_, k) =>
        k % 8 === 7
          ? { ownerUserId: 'user-second', companyName: `Between ${i}-${k}`, completedAnalysis: false }
          : { ownerUserId: 'user-filler', companyName: `Filler ${i}-${k}`, completedAnalysis: k % 8 === 0 },
      ),
    ]),
  },
};

/** A database of its own on the harness's server; `drop` removes it (connections still open ended). */
export interface LegDatabase {
  url: string;
  drop(): Promise<void>;
}

let made = 0;

/** Creates a fresh database on the server at `serverUrl` (its maintenance database's URL). */
export async function freshDatabase(serverUrl: string): Promise<LegDatabase> {
  const name = `mutation_leg_${process.pid}_${++made}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: serverUrl.replace(/\/[^/]*$/, `/${name}`),
    async drop() {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await sql.end();
      }
    },
  };
}

/**
 * A mock node on the database, as `portfolio-mock --store <url>` starts one; `compactRows: 1`
 * makes it write its session as an image after the next write. Leases of 2 s unless told.
 */
export function startNode(
  url: string,
  nodeId: string,
  {
    compactRows,
    seed = POSTGRES_SEED,
    leaseMs = 2_000,
  }: { compactRows?: number; seed?: MockSeed; leaseMs?: number } = {},
): Promise<RunningMock> {
  return startMock({ port: 0, seed, store: url, nodeId, leaseMs, compactRows });
}

/** Waits until a session is stored as an image of more than `parts` parts, with no row written over it. */
export async function waitForImage(url: string, session = 'default', parts = 2): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    for (const started = Date.now(); ; ) {
      const [stored] = await sql<{ parts: number; rows: number }[]>`SELECT
        (SELECT count(*)::int FROM mock_images WHERE session_id = ${session} AND part >= 0) AS parts,
        (SELECT count(*)::int FROM mock_records WHERE session_id = ${session}) AS rows`;
      if (stored!.parts > parts && stored!.rows === 0) return;
      if (Date.now() - started > 15_000)
        throw new Error(`session ${session} was not written as an image within 15 s: ${JSON.stringify(stored)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await sql.end();
  }
}

/** The company READ_BACK_SEED names `Tidal Ledger` (the first user's, with an analysis). */
export const TIDAL_LEDGER = READ_BACK_SEED.data!.projects!.find((p) => p.companyName === 'Tidal Ledger')!.id!;

/**
 * READ_BACK_SEED's companies and analyses (an image of one part) and a portfolio that names Tidal
 * Ledger 6,000 times: a fund run in analyze mode finds it each time (at once: it is among the
 * first user's few companies) and starts an analysis of it from each website, 6,000 analyses
 * written as rows beside the image (the analyses table's own entries, not read back), which a
 * compaction walks over six turns of the event loop (a part of 1,000 records a turn).
 */
export const COMPACTION_SEED: MockSeed = {
  ...READ_BACK_SEED,
  startTime: '2026-03-01T00:00:00.000Z',
  processingMs: 600_000,
  credits: 1_000_000,
  portfolio: Array.from({ length: 6_000 }, (_, k) => ({
    companyName: 'Tidal Ledger',
    website: `https://tidal-ledger-${k}.example`,
    status: 'active',
    origin: 'document',
  })),
};

/** The rows written over a session's image (records written since it). */
export async function storedRows(url: string, session = 'default'): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [stored] = await sql<{ rows: number }[]>`
      SELECT count(*)::int AS rows FROM mock_records WHERE session_id = ${session}`;
    return stored!.rows;
  } finally {
    await sql.end();
  }
}
