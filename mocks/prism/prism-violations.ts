// Reads what Prism's validation proxy says about each exchange: the `sl-violations` response header
// (recorded by wrapping fetch) and the `Violation:` lines of its log.

/** What the suites call a fetch with: a URL string and its init (the global fetch is one). */
type UrlFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface PrismViolation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

export interface RecordedExchange {
  method: string;
  url: string;
  status: number;
  violations: PrismViolation[];
}

export function parseViolationHeader(value: string | null): PrismViolation[] {
  if (value === null) return [];
  try {
    return JSON.parse(value) as PrismViolation[];
  } catch {
    // Prism truncates a long header behind "Too many violations!": still a violation.
    return [{ location: [], severity: 'Error', message: value }];
  }
}

/** A fetch that records each exchange with the violations Prism attached to it. */
export function recordingFetch(inner: UrlFetch = fetch): { fetch: UrlFetch; exchanges: RecordedExchange[] } {
  const exchanges: RecordedExchange[] = [];
  return {
    exchanges,
    fetch: async (input, init) => {
      const response = await inner(input, init);
      exchanges.push({
        method: init.method ?? 'GET',
        url: input,
        status: response.status,
        violations: parseViolationHeader(response.headers.get('sl-violations')),
      });
      return response;
    },
  };
}

/** Prism's log lines that report a violation, e.g. `Violation: response.body ...`. */
export function violationLogLines(lines: string[]): string[] {
  return lines.filter((line) => /\bViolation: /.test(line));
}
