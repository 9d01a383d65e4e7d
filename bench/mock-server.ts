// Child-process entry: the stateful mock seeded with BENCH_PROJECTS generated projects, on PORT;
// BENCH_RESPONSE_CACHE=off answers every read from the state (no kept answers); BENCH_STATE_FILE
// keeps the state in that file (a file that exists is read back, the seed is then unused); BENCH_STORE
// makes it a node of a cluster on that PostgreSQL.
import { startMock } from '../mocks/src/server.ts';
import { benchSeed } from './bench-seed.ts';

const projects = Number(process.env.BENCH_PROJECTS ?? 1_000);
if (!Number.isInteger(projects) || projects < 0)
  throw new Error(`BENCH_PROJECTS must be a whole number, got ${process.env.BENCH_PROJECTS}`);
const mock = await startMock({
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  seed: benchSeed(projects),
  responseCache: process.env.BENCH_RESPONSE_CACHE !== 'off',
  stateFile: process.env.BENCH_STATE_FILE || undefined,
  // BENCH_STORE: a node of a cluster on that PostgreSQL (BENCH_NODE_ID, BENCH_LEASE_MS).
  store: process.env.BENCH_STORE || undefined,
  nodeId: process.env.BENCH_NODE_ID || undefined,
  leaseMs: process.env.BENCH_LEASE_MS ? Number(process.env.BENCH_LEASE_MS) : undefined,
  // BENCH_COMPACT_ROWS: rows past which a session is written as an image again (compaction.ts).
  compactRows: process.env.BENCH_COMPACT_ROWS ? Number(process.env.BENCH_COMPACT_ROWS) : undefined,
});
// A clean exit on SIGTERM, so that `node --cpu-prof` (BENCH_CPU_PROF) writes its profile.
process.once('SIGTERM', () => void mock.close().finally(() => process.exit(0)));
