// A session's request journal: the last service calls it answered, so a test can verify what a
// front end sent the way it verifies answers (`GET /__mock/requests`, the MSW handlers' `requests()`).
// Bounded: the last JOURNAL_SIZE calls, each body kept up to BODY_LIMIT characters of JSON.
import type { HeaderRecord } from './session-header.ts';

export const JOURNAL_SIZE = 200;
const BODY_LIMIT = 8192;
/** Headers that carry credentials: never journaled. */
const CREDENTIALS = new Set(['authorization', 'cookie', 'proxy-authorization']);

export interface JournalEntry {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** Lower-case names, credentials left out. */
  headers: Record<string, string>;
  /** The JSON body, a multipart body as its file and field names, or null. */
  body: unknown;
  bodyTruncated?: true;
  status: number;
  time: string;
}

export interface JournalFilter {
  method?: string;
  /** Exact path, or a prefix ending in `*`. */
  path?: string;
  status?: number;
  /** The last `limit` matching calls. */
  limit?: number;
}

/** What a call sent, as the adapters know it (Fastify, Fetch). */
export interface JournalCall {
  method: string;
  /** The request URL (absolute, or a path with its query). */
  url: string;
  headers: HeaderRecord;
  body: unknown;
  status: number;
}

function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const known = query[key];
    query[key] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return query;
}

export class RequestJournal {
  private entries: JournalEntry[] = [];
  /** With a state file: the entries recorded since it last took them, and who to tell of a new one. */
  private kept: { unwritten: JournalEntry[]; recorded: () => void } | undefined;

  /** Keeps the journal in a state file: `recorded` runs after each new entry, `takeUnwritten` gives them. */
  keep(recorded: () => void): void {
    this.kept = { unwritten: [], recorded };
  }

  /** The entries recorded since the last call (a state file appends them), oldest first. */
  takeUnwritten(): JournalEntry[] {
    if (!this.kept) return [];
    const taken = this.kept.unwritten;
    this.kept.unwritten = [];
    return taken;
  }

  /** Entries read back from a state file, after those held (the journal's bound applies). */
  restore(entries: readonly JournalEntry[]): void {
    this.entries.push(...entries);
    this.trim();
  }

  private trim(): void {
    if (this.entries.length > JOURNAL_SIZE) this.entries.splice(0, this.entries.length - JOURNAL_SIZE);
  }

  record(call: JournalCall): void {
    const url = new URL(call.url, 'http://journal.invalid');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(call.headers)) {
      if (value === undefined || CREDENTIALS.has(name.toLowerCase())) continue;
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const entry: JournalEntry = {
      method: call.method.toUpperCase(),
      path: url.pathname,
      query: queryOf(url.searchParams),
      headers,
      body: call.body ?? null,
      status: call.status,
      time: new Date().toISOString(),
    };
    const text = call.body === undefined ? '' : JSON.stringify(call.body);
    if (text.length > BODY_LIMIT) {
      entry.body = text.slice(0, BODY_LIMIT);
      entry.bodyTruncated = true;
    }
    this.entries.push(entry);
    this.trim();
    if (this.kept) {
      this.kept.unwritten.push(entry);
      if (this.kept.unwritten.length > JOURNAL_SIZE) this.kept.unwritten.shift();
      this.kept.recorded();
    }
  }

  /** The journaled calls that pass every filter, oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const path = filter.path;
    const matching = this.entries.filter(
      (e) =>
        (filter.method === undefined || e.method === filter.method.toUpperCase()) &&
        (filter.status === undefined || e.status === filter.status) &&
        (path === undefined || (path.endsWith('*') ? e.path.startsWith(path.slice(0, -1)) : e.path === path)),
    );
    return filter.limit === undefined ? matching : matching.slice(-filter.limit);
  }

  clear(): void {
    this.entries = [];
    if (this.kept) this.kept.unwritten = [];
  }
}
