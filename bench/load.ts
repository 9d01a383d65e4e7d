// Drives one server with autocannon and keeps the exact latency of every 2xx response (autocannon's
// own histogram rounds to whole milliseconds, too coarse for a 5 ms target).
import autocannon from 'autocannon';
import { percentileOfSorted } from './stats.ts';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** 2xx responses per second over the run. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  /** Non-2xx responses, connection errors and timeouts: any of them makes the run untrustworthy. */
  failures: number;
  durationSeconds: number;
}

export interface LoadOptions {
  durationSeconds: number;
  connections: number;
}

class LatencyLog {
  private values = new Float64Array(1 << 16);
  length = 0;
  add(ms: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = ms;
  }
  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/** Each connection cycles through `requests` in order. */
export async function runLoad(
  origin: string,
  requests: readonly LoadRequest[],
  options: LoadOptions,
): Promise<LoadResult> {
  if (requests.length === 0) throw new Error('runLoad needs at least one request');
  const latencies = new LatencyLog();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: options.connections,
        duration: options.durationSeconds,
        // autocannon looks at its deadline once per sample (a second by default): a shorter run needs shorter samples.
        sampleInt: Math.min(1000, options.durationSeconds * 1000),
        requests: requests.map((r) => ({ method: r.method, path: r.path, headers: r.headers, body: r.body })),
      },
      (error: unknown, finished: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.add(responseTime);
    });
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (latencies.length === 0) {
    throw new Error(
      `no 2xx response from ${origin}${requests[0]!.path} (${failures} failures: non-2xx ${result.non2xx}, errors ${result.errors})`,
    );
  }
  const sorted = latencies.sorted();
  return {
    requestsPerSecond: latencies.length / result.duration,
    p50Ms: percentileOfSorted(sorted, 50),
    p99Ms: percentileOfSorted(sorted, 99),
    ok: latencies.length,
    failures,
    durationSeconds: result.duration,
  };
}
