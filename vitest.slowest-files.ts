// A reporter that ends every run with its ten slowest test files (import plus tests and hooks), so
// a suite that grows slow shows in the next CI log instead of in a later complaint about `npm test`.
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules
      .map((m) => ({ file: m.relativeModuleId, ms: m.diagnostic().collectDuration + m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN);
    if (timed.length === 0) return;
    const lines = timed.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    process.stdout.write(
      `\nSlowest test files (wall time, with the other files running beside them):\n${lines.join('\n')}\n`,
    );
  }
}
