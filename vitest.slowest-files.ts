// A reporter that ends every run with its ten slowest test files (import plus tests and hooks), so
// a suite that grows slow shows in the next CI log instead of in a later complaint about `npm test`.
import type { Reporter, TestModule } from 'vitest/node';
import { SLOWEST_FILES } from './vitest.slowest-first.ts';

const SHOWN = 10;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules
      .map((m) => ({ file: m.relativeModuleId, ms: m.diagnostic().collectDuration + m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (timed.length === 0) return;
    const lines = timed.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    process.stdout.write(`\nSlowest test files (wall time, with the other files running beside them):\n${lines.join('\n')}\n`);
    // Only a whole run says which files are slowest; a run of a few files says nothing about the order.
    const unlisted = timed.filter(({ file, ms }) => ms > 10_000 && !SLOWEST_FILES.includes(file)).map(({ file }) => file);
    if (testModules.length > 50 && unlisted.length > 0) {
      process.stdout.write(`Not started first (vitest.slowest-first.ts does not list them): ${unlisted.join(', ')}\n`);
    }
  }
}
