// The Markdown report printed to stdout and kept in bench/README.md.
import type { ServerId, Summary, TargetCheck } from './results.ts';

export interface TableContext {
  /** Scenario id -> what the request is. */
  scenarioLabels: Record<string, string>;
  serverLabels: Record<ServerId, string>;
  mockViaTsxLabel: string;
  /** Sentences printed under the request table. */
  loadNotes: string[];
  durationSeconds: number;
  connections: number;
  repetitions: number;
  machine: string;
}

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
const x = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : 'n/a');
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

export function renderMarkdown(summary: Summary, targets: readonly TargetCheck[], context: TableContext): string {
  const servers = summary.servers.map((s) => s.server);
  const load = (scenario: string, server: ServerId) =>
    summary.load.find((l) => l.scenario === scenario && l.server === server);
  const loadRows = summary.ratios.map(({ scenario, mockOverBare, mockOverFloor, mockOverPrism }) => [
    context.scenarioLabels[scenario] ?? scenario,
    ...servers.map((s) => int(load(scenario, s)?.requestsPerSecond ?? Number.NaN)),
    x(mockOverBare),
    x(mockOverFloor),
    x(mockOverPrism),
    ...servers.map((s) => {
      const measured = load(scenario, s);
      return measured ? `${ms(measured.p50Ms)} / ${ms(measured.p99Ms)}` : 'n/a';
    }),
  ]);
  const smallest = summary.scale[0];
  const sections = [
    `Medians of ${context.repetitions} repetitions; autocannon, ${context.connections} connections, ${context.durationSeconds} s per run; ${context.machine}.`,
    '### Requests per second and latency (p50 / p99 in ms)',
    table(
      [
        'request',
        ...servers.map((s) => `${context.serverLabels[s]} req/s`),
        'mock/bare',
        'mock/floor',
        'mock/Prism',
        ...servers.map((s) => `${context.serverLabels[s]} p50 / p99`),
      ],
      loadRows,
    ),
    ...context.loadNotes,
    '### Server CPU time per response (µs; user + system, less sensitive to a busy machine than rates)',
    table(
      ['request', ...servers.map((s) => context.serverLabels[s]), 'mock/bare', 'mock/floor'],
      summary.ratios.map(({ scenario }) => {
        const cpu = (s: ServerId) => load(scenario, s)?.serverCpuMicrosPerResponse ?? Number.NaN;
        return [
          context.scenarioLabels[scenario] ?? scenario,
          ...servers.map((s) => int(cpu(s))),
          x(cpu('mock') / cpu('bare')),
          x(cpu('mock') / cpu('floor')),
        ];
      }),
    ),
    '### Start-up (spawn to first successful response) and peak memory (VmHWM)',
    table(
      ['server', 'start-up ms', 'peak memory'],
      [
        ...summary.servers.map((s) => [context.serverLabels[s.server], int(s.startupMs), mib(s.peakMemoryBytes)]),
        [context.mockViaTsxLabel, int(summary.mockViaTsxStartupMs), '(start-up only)'],
      ],
    ),
    '### Validator throughput (shared contract validator, contract examples)',
    table(
      ['response', 'example', 'bytes', 'compiled Ajv /s', 'validateResponse /s'],
      summary.validators.map((v) => [
        v.label,
        v.example,
        int(v.bodyBytes),
        int(v.compiledPerSecond),
        int(v.validateResponsePerSecond),
      ]),
    ),
    '### Company list with search, by number of seeded projects (stateful mock, response cache off)',
    table(
      [
        'projects',
        'req/s',
        'p50 ms',
        'p99 ms',
        'p99 vs smallest',
        'CPU µs/response',
        'first search ms',
        'peak memory',
        'memory vs smallest',
        'start-up ms (seeding incl.)',
      ],
      summary.scale.map((s) => [
        int(s.projects),
        int(s.requestsPerSecond),
        ms(s.p50Ms),
        ms(s.p99Ms),
        x(smallest ? s.p99Ms / smallest.p99Ms : Number.NaN),
        int(s.serverCpuMicrosPerResponse),
        ms(s.firstSearchMs),
        mib(s.peakMemoryBytes),
        x(smallest ? s.peakMemoryBytes / smallest.peakMemoryBytes : Number.NaN),
        int(s.startupMs),
      ]),
    ),
    '### Targets (issue 7)',
    table(
      ['target', 'measured', 'met'],
      targets.map((t) => [t.target, t.measured, t.met ? 'yes' : '**no**']),
    ),
  ];
  return `${sections.join('\n\n')}\n`;
}
