// Repeated reads answered from the bytes already sent once. A read's answer depends only on the
// request (line and headers) and on the state it read, so it is kept until the state changes
// (`revision`) or is replaced (reset); a hit is written before Fastify sees the request, which
// saves routing, credentials, validation, views and JSON serialization (the company list under
// load: issue 7). While any other request is in flight nothing is kept or answered, because it may
// change the state part-way (uploads), before it is over.
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { hasBody } from './request-body.ts';

/** What a kept answer depends on besides the request: the state object and its revision. */
export interface RevisionedState {
  readonly revision: number;
  /** Marks a change (or a possible one) of the state. */
  touch(): void;
}

export interface ReadSnapshot {
  state: RevisionedState;
  revision: number;
}

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Framing headers are Node's to write for each response, never a kept value. */
const FRAMING = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private keptFor: ReadSnapshot | undefined;
  private inFlight = 0;

  private readonly maxBytes: number;
  private readonly served: ((request: IncomingMessage) => void) | undefined;

  private readonly currentState: () => RevisionedState;

  constructor(
    currentState: () => RevisionedState,
    /** `served` hears of every request answered from the cache (sessions count it as use). */
    { maxBytes = 64 * 1024 * 1024, served }: { maxBytes?: number; served?: (request: IncomingMessage) => void } = {},
  ) {
    this.currentState = currentState;
    this.maxBytes = maxBytes;
    this.served = served;
  }

  /** The state a read is about to see; kept answers must have been built from the same one. */
  snapshot(): ReadSnapshot {
    const state = this.currentState();
    return { state, revision: state.revision };
  }

  /** Writes the kept answer to this request and returns true; false when there is none. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.inFlight > 0 || this.entries.size === 0) return false;
    const key = keyOf(request);
    if (key === undefined || !this.current()) return false;
    const entry = this.entries.get(key);
    if (!entry) return false;
    response.writeHead(entry.status, entry.headers);
    response.end(entry.body);
    this.served?.(request);
    return true;
  }

  /** Keeps an answer built from `seen`, unless the state has moved on since. */
  keep(
    request: IncomingMessage,
    seen: ReadSnapshot,
    status: number,
    headers: Record<string, OutgoingHttpHeader | undefined>,
    payload: string,
  ): void {
    if (this.inFlight > 0 || seen.state !== this.currentState() || seen.state.revision !== seen.revision) return;
    const key = keyOf(request);
    if (key === undefined) return;
    if (!this.current()) this.keptFor = seen;
    const body = Buffer.from(payload);
    if (this.bytes + body.length > this.maxBytes) this.dropEntries();
    const kept: OutgoingHttpHeaders = { 'content-length': body.length };
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined && !FRAMING.has(name)) kept[name] = value;
    this.entries.set(key, { status, headers: kept, body });
    this.bytes += body.length;
  }

  /** A request that may change the state: nothing is kept or answered until its response closes, which counts as a change. */
  track(response: ServerResponse): void {
    this.inFlight += 1;
    response.once('close', () => {
      this.inFlight -= 1;
      this.currentState().touch();
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether the kept answers were built from the state as it is now; forgets them when not. */
  private current(): boolean {
    const state = this.currentState();
    if (this.keptFor && this.keptFor.state === state && this.keptFor.revision === state.revision) return true;
    this.clear();
    return false;
  }

  private clear(): void {
    this.dropEntries();
    this.keptFor = undefined;
  }

  private dropEntries(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** A bodiless GET's identity: URL and every header as sent, in order (a different header is a different request). */
function keyOf(request: IncomingMessage): string | undefined {
  if (request.method !== 'GET') return undefined;
  if (hasBody(request.headers)) return undefined;
  return `${request.url}\n${request.rawHeaders.join('\n')}`;
}
