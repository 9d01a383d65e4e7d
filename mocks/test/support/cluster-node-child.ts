// Child-process entry for the cluster tests and benchmark: one mock node on the PostgreSQL store
// MOCK_STORE (node id NODE_ID, lease LEASE_MS, compaction past COMPACT_ROWS rows, seed SEED as JSON, port PORT or a free one). Prints
// its origin once it listens; SIGTERM drains it (requests under way finish, sessions handed over).
import { startMock } from '../../src/server.ts';

const mock = await startMock({
  port: Number(process.env.PORT ?? 0),
  store: process.env.MOCK_STORE,
  nodeId: process.env.NODE_ID,
  leaseMs: process.env.LEASE_MS ? Number(process.env.LEASE_MS) : undefined,
  compactRows: process.env.COMPACT_ROWS ? Number(process.env.COMPACT_ROWS) : undefined,
  seed: JSON.parse(process.env.SEED ?? '{}'),
});
process.once('SIGTERM', () => {
  void mock.close().then(() => process.exit(0));
});
process.stdout.write(`${mock.origin}\n`);
