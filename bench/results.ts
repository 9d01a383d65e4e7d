// Shapes of bench/results.json: raw repetitions plus the medians the table and targets read.
import type { LoadResult } from './load.ts';
import type { ValidatorThroughput } from './validator-throughput.ts';

export type ServerId = 'bare' | 'floor' | 'mock' | 'uncached' | 'prism';

export interface MeasuredLoad extends LoadResult {
  /** CPU time (user + system) of the server per response, in microseconds. */
  serverCpuMicrosPerResponse: number;
}

export interface ServerRun {
  server: ServerId;
  startupMs: number;
  /** VmHWM of the server process after all its scenarios. */
  peakMemoryBytes: number;
  scenarios: Record<string, MeasuredLoad>;
}

export interface ScaleRun {
  projects: number;
  /** Spawn to first response, seeding included. */
  startupMs: number;
  peakMemoryBytes: number;
  /** Slowest first answer to a search term (before the mock remembers its matches), fresh connection. */
  firstSearchMs: number;
  load: MeasuredLoad;
}

export interface Repetition {
  servers: ServerRun[];
  /** The comparison's mock started from its TypeScript sources through tsx instead of the bundle. */
  mockViaTsxStartupMs: number;
  scale: ScaleRun[];
  validators: ValidatorThroughput[];
}

export interface LoadMedian {
  scenario: string;
  server: ServerId;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  serverCpuMicrosPerResponse: number;
  /** Summed over the repetitions. */
  failures: number;
}

export interface Summary {
  load: LoadMedian[];
  ratios: {
    scenario: string;
    mockOverBare: number;
    mockOverFloor: number;
    mockOverPrism: number;
    bareOverPrism: number;
  }[];
  servers: { server: ServerId; startupMs: number; peakMemoryBytes: number }[];
  mockViaTsxStartupMs: number;
  validators: {
    label: string;
    example: string;
    bodyBytes: number;
    compiledPerSecond: number;
    validateResponsePerSecond: number;
  }[];
  scale: {
    projects: number;
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    serverCpuMicrosPerResponse: number;
    firstSearchMs: number;
    peakMemoryBytes: number;
    startupMs: number;
    failures: number;
  }[];
}

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}
