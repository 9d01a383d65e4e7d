import { describe, expect, it } from 'vitest';
import type { MeasuredLoad, Repetition, ServerId } from './results.ts';
import { summarize, type RunPlan } from './summarize.ts';

const load = (requestsPerSecond: number, p99Ms: number, failures = 0): MeasuredLoad => ({
  requestsPerSecond,
  p50Ms: p99Ms / 2,
  p99Ms,
  ok: 1,
  failures,
  durationSeconds: 10,
  serverCpuMicrosPerResponse: 1e6 / requestsPerSecond,
});

function repetition(mockRps: number, extra: Partial<Record<ServerId, number>> = {}): Repetition {
  return {
    servers: (['bare', 'mock', 'prism'] as const).map((server) => ({
      server,
      startupMs: server === 'prism' ? 3_000 : 300,
      peakMemoryBytes: 1_000,
      scenarios: {
        list: load(server === 'mock' ? mockRps : (extra[server] ?? 1_000), 2, server === 'prism' ? 1 : 0),
        ...(server === 'prism' ? {} : { fund: load(4_000, 1) }),
      },
    })),
    mockViaTsxStartupMs: mockRps,
    scale: [{ projects: 1_000, startupMs: 400, peakMemoryBytes: 2_000, firstSearchMs: 30, load: load(500, 8) }],
    validators: [
      {
        label: 'fund summary',
        path: '/integrationfund/fund',
        example: 'E',
        bodyBytes: 10,
        compiledPerSecond: mockRps,
        validateResponsePerSecond: 1,
      },
    ],
  };
}

const plan = (): RunPlan => [
  { server: 'bare', scenarios: ['list', 'fund'] },
  { server: 'mock', scenarios: ['list', 'fund'] },
  { server: 'prism', scenarios: ['list'] },
];

describe('summarize', () => {
  it('takes medians per scenario and server, ratios of the medians, and sums failures', () => {
    const summary = summarize([repetition(900), repetition(100, { prism: 50 }), repetition(500)], plan());
    const mock = summary.load.find((l) => l.server === 'mock')!;
    expect(mock.requestsPerSecond).toBe(500);
    expect(mock.serverCpuMicrosPerResponse).toBe(2_000);
    expect(summary.ratios[0]).toEqual({
      scenario: 'list',
      mockOverBare: 0.5,
      mockOverFloor: Number.NaN,
      mockOverPrism: 0.5,
      bareOverPrism: 1,
    });
    // Prism did not run the fund request: no median for it, and the ratio says so.
    expect(summary.load.filter((l) => l.scenario === 'fund').map((l) => l.server)).toEqual(['bare', 'mock']);
    expect(summary.ratios[1]).toEqual({
      scenario: 'fund',
      mockOverBare: 1,
      mockOverFloor: Number.NaN,
      mockOverPrism: Number.NaN,
      bareOverPrism: Number.NaN,
    });
    expect(summary.load.find((l) => l.server === 'prism')!.failures).toBe(3);
    expect(summary.validators[0]!.compiledPerSecond).toBe(500);
    expect(summary.mockViaTsxStartupMs).toBe(500);
    expect(summary.scale).toEqual([
      {
        projects: 1_000,
        requestsPerSecond: 500,
        p50Ms: 4,
        p99Ms: 8,
        serverCpuMicrosPerResponse: 2_000,
        firstSearchMs: 30,
        peakMemoryBytes: 2_000,
        startupMs: 400,
        failures: 0,
      },
    ]);
  });

  it('refuses repetitions with a server or scenario missing', () => {
    const partial = repetition(1);
    partial.servers = partial.servers.filter((s) => s.server !== 'prism');
    expect(() => summarize([repetition(1), partial], plan())).toThrow(/no run of prism/);
    expect(() => summarize([repetition(1)], [{ server: 'prism', scenarios: ['list', 'fund'] }])).toThrow(
      /prism has no result for fund/,
    );
    expect(() => summarize([], plan())).toThrow(/no repetition/);
  });
});
