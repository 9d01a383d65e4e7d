// Run parameters. The defaults follow issue 7 (10 connections, 10 s per run, 3 repetitions);
// the environment may shorten them for quick local iterations only.
function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** BENCH_SCALE_SIZES=1000,10000 for a quick run; the ends of the range (1,000 and 100,000) by default. */
function scaleSizes(): number[] {
  const raw = process.env.BENCH_SCALE_SIZES;
  if (!raw) return [1_000, 100_000];
  const sizes = raw.split(',').map((s) => Number(s.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error(`BENCH_SCALE_SIZES must list whole numbers, got "${raw}"`);
  return sizes.sort((a, b) => a - b);
}

export interface BenchConfig {
  durationSeconds: number;
  connections: number;
  repetitions: number;
  /** Untimed autocannon seconds before a fresh server's first timed run. */
  warmupSeconds: number;
  /** Seconds of the validator loop per schema and repetition. */
  validatorSeconds: number;
  /** Project counts of the scale runs, smallest first. */
  scaleSizes: number[];
}

export function benchConfig(): BenchConfig {
  return {
    durationSeconds: positiveNumber('BENCH_DURATION', 10),
    connections: positiveNumber('BENCH_CONNECTIONS', 10),
    repetitions: positiveNumber('BENCH_REPETITIONS', 3),
    warmupSeconds: positiveNumber('BENCH_WARMUP', 1),
    validatorSeconds: positiveNumber('BENCH_VALIDATOR_SECONDS', 1),
    scaleSizes: scaleSizes(),
  };
}
