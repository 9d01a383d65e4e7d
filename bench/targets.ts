// Issue 7's targets, judged on the medians of one run (ratios are taken side by side in that run).
import type { Summary, TargetCheck } from './results.ts';

const TARGETS = {
  mockOverPrism: 15,
  mockOverBare: 0.7,
  listP99Ms: 5,
  fundSummaryValidationsPerSecond: 150_000,
  searchProjects: 100_000,
  searchP99Ms: 20,
  startupMs: 1_000,
} as const;

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

export function evaluateTargets(summary: Summary, listScenarios: readonly string[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const scenario of listScenarios) {
    const ratio = summary.ratios.find((r) => r.scenario === scenario);
    const mock = summary.load.find((l) => l.scenario === scenario && l.server === 'mock');
    if (!ratio || !mock) throw new Error(`no measurement of ${scenario}`);
    checks.push(
      {
        target: `${scenario}: mock >= ${TARGETS.mockOverPrism}x Prism`,
        measured: `${fixed(ratio.mockOverPrism)}x (bare: ${fixed(ratio.bareOverPrism)}x)`,
        met: ratio.mockOverPrism >= TARGETS.mockOverPrism,
      },
      {
        target: `${scenario}: mock >= ${TARGETS.mockOverBare * 100}% of bare`,
        measured: `${fixed(ratio.mockOverBare * 100, 0)}%`,
        met: ratio.mockOverBare >= TARGETS.mockOverBare,
      },
      {
        target: `${scenario}: mock p99 < ${TARGETS.listP99Ms} ms`,
        measured: `${fixed(mock.p99Ms, 2)} ms`,
        met: mock.p99Ms < TARGETS.listP99Ms,
      },
    );
  }
  const fund = summary.validators.find((v) => v.label === 'fund summary');
  if (!fund) throw new Error('no validator measurement of the fund summary');
  checks.push({
    target: `fund summary: >= ${TARGETS.fundSummaryValidationsPerSecond.toLocaleString('en-US')} validations/s`,
    measured: `${Math.round(fund.compiledPerSecond).toLocaleString('en-US')}/s`,
    met: fund.compiledPerSecond >= TARGETS.fundSummaryValidationsPerSecond,
  });
  // A quick run (BENCH_SCALE_SIZES) may leave the largest size out: then the target is not met.
  const search = summary.scale.find((s) => s.projects === TARGETS.searchProjects);
  checks.push({
    target: `search over ${TARGETS.searchProjects.toLocaleString('en-US')} projects: p99 < ${TARGETS.searchP99Ms} ms`,
    measured: search ? `${fixed(search.p99Ms, 2)} ms` : 'not measured',
    met: search !== undefined && search.p99Ms < TARGETS.searchP99Ms,
  });
  const mock = summary.servers.find((s) => s.server === 'mock');
  if (!mock) throw new Error('no start-up measurement of the mock');
  checks.push({
    target: `mock start-up < ${TARGETS.startupMs} ms`,
    measured: `${fixed(mock.startupMs, 0)} ms`,
    met: mock.startupMs < TARGETS.startupMs,
  });
  const failures = summary.load.reduce((n, l) => n + l.failures, 0) + summary.scale.reduce((n, s) => n + s.failures, 0);
  checks.push({
    target: 'no failed request (non-2xx, error, timeout)',
    measured: String(failures),
    met: failures === 0,
  });
  return checks;
}
