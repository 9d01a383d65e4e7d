// Entry point of the mock in its own process (started by mock-process.ts with --expose-gc and an
// IPC channel), so a test can measure the mock's memory apart from the test runner's and see a
// crash as an exit rather than as a failure inside the runner.
import { startMock } from '../../../mocks/src/server.ts';

interface MemoryReport {
  type: 'memory';
  heapUsed: number;
  rss: number;
  /** Keys an attacker added to Object.prototype, if any. */
  polluted: string[];
}

const seed = process.env.MOCK_CHILD_SEED ? JSON.parse(process.env.MOCK_CHILD_SEED) : undefined;
const mock = await startMock({ port: 0, host: '127.0.0.1', ...(seed ? { seed } : {}) });
process.send?.({ type: 'ready', origin: mock.origin, baseUrl: mock.baseUrl });

process.on('message', (message: { type: string }) => {
  if (message.type === 'memory') {
    globalThis.gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    const report: MemoryReport = { type: 'memory', heapUsed, rss, polluted: Object.keys(Object.prototype) };
    process.send?.(report);
  } else if (message.type === 'close') {
    void mock.close().then(() => process.exit(0));
  }
});
