import { describe, expect, it } from 'vitest';
import type { ServerId, Summary } from './results.ts';
import { renderMarkdown } from './table.ts';
import { evaluateTargets } from './targets.ts';

const lists = ['list-10', 'list-100'];

/** A run that meets every target; each test breaks one thing. */
function passingSummary(): Summary {
  const rps: Record<ServerId, number> = { bare: 40_000, floor: 32_000, mock: 30_000, uncached: 12_000, prism: 1_000 };
  const servers: ServerId[] = ['bare', 'floor', 'mock', 'uncached', 'prism'];
  return {
    load: lists.flatMap((scenario) =>
      servers.map((server) => ({
        scenario,
        server,
        requestsPerSecond: rps[server],
        p50Ms: 0.3,
        p99Ms: 1.2,
        serverCpuMicrosPerResponse: 1e6 / rps[server],
        failures: 0,
      })),
    ),
    ratios: lists.map((scenario) => ({
      scenario,
      mockOverBare: 0.75,
      mockOverFloor: 0.9375,
      mockOverPrism: 30,
      bareOverPrism: 40,
    })),
    servers: servers.map((server) => ({
      server,
      startupMs: server === 'prism' ? 4_000 : 400,
      peakMemoryBytes: 80 * 1024 * 1024,
    })),
    mockViaTsxStartupMs: 1_100,
    validators: [
      {
        label: 'fund summary',
        example: 'FundRunSummaryCompleted',
        bodyBytes: 1925,
        compiledPerSecond: 200_000,
        validateResponsePerSecond: 90_000,
      },
    ],
    scale: [1_000, 100_000].map((projects) => ({
      projects,
      requestsPerSecond: 2_000,
      p50Ms: 2,
      p99Ms: 9,
      serverCpuMicrosPerResponse: 400,
      firstSearchMs: projects / 1_000,
      peakMemoryBytes: projects * 1_000,
      startupMs: 500,
      failures: 0,
    })),
  };
}

const missed = (summary: Summary) =>
  evaluateTargets(summary, lists)
    .filter((c) => !c.met)
    .map((c) => c.target);

describe('targets', () => {
  it('are all met by a run inside every limit', () => {
    const checks = evaluateTargets(passingSummary(), lists);
    expect(checks).toHaveLength(lists.length * 3 + 4);
    expect(missed(passingSummary())).toEqual([]);
  });

  it('flag each missed target and nothing else', () => {
    const slowList = passingSummary();
    slowList.load.find((l) => l.scenario === 'list-100' && l.server === 'mock')!.p99Ms = 5;
    expect(missed(slowList)).toEqual(['list-100: mock p99 < 5 ms']);

    const ratios = passingSummary();
    ratios.ratios[0]!.mockOverBare = 0.69;
    ratios.ratios[1]!.mockOverPrism = 14.9;
    expect(missed(ratios)).toEqual(['list-10: mock >= 70% of bare', 'list-100: mock >= 15x Prism']);

    const rest = passingSummary();
    rest.validators[0]!.compiledPerSecond = 149_999;
    rest.scale[1]!.p99Ms = 20;
    rest.servers.find((s) => s.server === 'mock')!.startupMs = 1_000;
    rest.scale[0]!.failures = 1;
    expect(missed(rest)).toEqual([
      'fund summary: >= 150,000 validations/s',
      'search over 100,000 projects: p99 < 20 ms',
      'mock start-up < 1000 ms',
      'no failed request (non-2xx, error, timeout)',
    ]);
  });

  it('count a target as missed when its measurement is missing (a quick run without 100,000 projects)', () => {
    const noSearch = passingSummary();
    noSearch.scale = noSearch.scale.slice(0, 1);
    const search = evaluateTargets(noSearch, lists).find((c) => c.target.startsWith('search over'));
    expect(search).toEqual({
      target: 'search over 100,000 projects: p99 < 20 ms',
      measured: 'not measured',
      met: false,
    });
    noSearch.validators = [];
    expect(() => evaluateTargets(noSearch, lists)).toThrow(/no validator measurement of the fund summary/);
  });

  it('render every section with missed targets in bold', () => {
    const summary = passingSummary();
    summary.scale[1]!.p99Ms = 25;
    const markdown = renderMarkdown(summary, evaluateTargets(summary, lists), {
      scenarioLabels: { 'list-10': 'company list, page size 10', 'list-100': 'company list, page size 100' },
      serverLabels: { bare: 'bare', floor: 'floor', mock: 'mock', uncached: 'mock, cache off', prism: 'Prism' },
      mockViaTsxLabel: 'mock via tsx',
      loadNotes: ['A note under the table.'],
      durationSeconds: 10,
      connections: 10,
      repetitions: 3,
      machine: 'test machine',
    });
    expect(markdown).toContain(
      '| company list, page size 10 | 40,000 | 32,000 | 30,000 | 12,000 | 1,000 | 0.75x | 0.94x | 30.00x | 0.30 / 1.20 | 0.30 / 1.20 | 0.30 / 1.20 | 0.30 / 1.20 | 0.30 / 1.20 |',
    );
    expect(markdown).toContain('| 100,000 | 2,000 | 2.00 | 25.00 | 2.78x | 400 | 100.00 | 95 MiB | 100.00x | 500 |');
    expect(markdown).toContain('| company list, page size 100 | 25 | 31 | 33 | 83 | 1,000 | 1.33x | 1.07x |');
    expect(markdown).toContain('| search over 100,000 projects: p99 < 20 ms | 25.00 ms | **no** |');
    expect(markdown).toContain('| mock start-up < 1000 ms | 400 ms | yes |');
    expect(markdown).toContain('\n\nA note under the table.\n\n');
    expect(markdown).toContain('| mock via tsx | 1,100 | (start-up only) |');
  });
});
