// Repeated reads answered from the bytes already sent once. A read's answer depends only on the
// request (line and headers) and on the state of its session, so it is kept until that session
// changes (`revisionOf`) or the state is replaced; a change in one session keeps the other
// sessions' answers. A hit is written before Fastify sees the request, which saves routing,
// credentials, validation, views and JSON serialization (the company list under load: issue 7).
// While another request of the same session is in flight nothing of that session is kept or
// answered, because it may change the state part-way (uploads), before it is over.
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { hasBody } from './request-body.ts';

/** What a kept answer depends on besides the request: the state object and its session's revision. */
export interface RevisionedState {
  /** Rises whenever the session changes (or may have). */
  revisionOf(session: string): number;
  /** Marks a change (or a possible one) of one session, or of every session when none is named. */
  touch(session?: string): void;
}

export interface ReadSnapshot {
  state: RevisionedState;
  session: string;
  revision: number;
}

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** One session's kept answers, all built from the same revision of it. */
interface Bucket {
  revision: number;
  entries: Map<string, Entry>;
  bytes: number;
}

/** Framing headers are Node's to write for each response, never a kept value. */
const FRAMING = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

export class ResponseCache {
  private readonly buckets = new Map<string, Bucket>();
  private bytes = 0;
  private keptOf: RevisionedState | undefined;
  private readonly inFlight = new Map<string, number>();

  private readonly maxBytes: number;
  private readonly served: ((request: IncomingMessage) => void) | undefined;
  private readonly sessionOf: (request: IncomingMessage) => string;

  private readonly currentState: () => RevisionedState;

  constructor(
    currentState: () => RevisionedState,
    /**
     * `served` hears of every request answered from the cache (sessions count it as use);
     * `sessionOf` names the session a request reads or changes (default: one for all).
     */
    {
      maxBytes = 64 * 1024 * 1024,
      served,
      sessionOf = () => '',
    }: {
      maxBytes?: number;
      served?: (request: IncomingMessage) => void;
      sessionOf?: (request: IncomingMessage) => string;
    } = {},
  ) {
    this.currentState = currentState;
    this.maxBytes = maxBytes;
    this.served = served;
    this.sessionOf = sessionOf;
  }

  /** The state a read is about to see; kept answers must have been built from the same one. */
  snapshot(request: IncomingMessage): ReadSnapshot {
    const state = this.currentState();
    const session = this.sessionOf(request);
    return { state, session, revision: state.revisionOf(session) };
  }

  /** Writes the kept answer to this request and returns true; false when there is none. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.buckets.size === 0) return false;
    const key = keyOf(request);
    if (key === undefined) return false;
    const session = this.sessionOf(request);
    if (this.inFlight.has(session)) return false;
    const entry = this.current(session)?.entries.get(key);
    if (!entry) return false;
    response.writeHead(entry.status, entry.headers);
    response.end(entry.body);
    this.served?.(request);
    return true;
  }

  /** Keeps an answer built from `seen`, unless its session has moved on since. */
  keep(
    request: IncomingMessage,
    seen: ReadSnapshot,
    status: number,
    headers: Record<string, OutgoingHttpHeader | undefined>,
    payload: string,
  ): void {
    const state = this.currentState();
    if (this.inFlight.has(seen.session) || seen.state !== state || state.revisionOf(seen.session) !== seen.revision)
      return;
    const key = keyOf(request);
    if (key === undefined) return;
    const body = Buffer.from(payload);
    if (this.bytes + body.length > this.maxBytes) this.clear();
    let bucket = this.current(seen.session);
    if (!bucket) {
      bucket = { revision: seen.revision, entries: new Map(), bytes: 0 };
      this.buckets.set(seen.session, bucket);
      this.keptOf = state;
    }
    const kept: OutgoingHttpHeaders = { 'content-length': body.length };
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined && !FRAMING.has(name)) kept[name] = value;
    const before = bucket.entries.get(key);
    if (before) this.forgetBytes(bucket, before.body.length);
    bucket.entries.set(key, { status, headers: kept, body });
    bucket.bytes += body.length;
    this.bytes += body.length;
  }

  /**
   * A request that may change its session: nothing of that session is kept or answered until its
   * response closes, which counts as a change of it.
   */
  track(request: IncomingMessage, response: ServerResponse): void {
    const session = this.sessionOf(request);
    this.inFlight.set(session, (this.inFlight.get(session) ?? 0) + 1);
    response.once('close', () => {
      const left = this.inFlight.get(session)! - 1;
      if (left) this.inFlight.set(session, left);
      else this.inFlight.delete(session);
      this.currentState().touch(session);
    });
  }

  /** Kept answers, all sessions together. */
  get size(): number {
    let size = 0;
    for (const bucket of this.buckets.values()) size += bucket.entries.size;
    return size;
  }

  /** The session's kept answers when they were built from it as it is now; forgets them when not. */
  private current(session: string): Bucket | undefined {
    const state = this.currentState();
    if (this.keptOf !== state) {
      this.clear();
      return undefined;
    }
    const bucket = this.buckets.get(session);
    if (!bucket || bucket.revision === state.revisionOf(session)) return bucket;
    this.buckets.delete(session);
    this.bytes -= bucket.bytes;
    return undefined;
  }

  private forgetBytes(bucket: Bucket, bytes: number): void {
    bucket.bytes -= bytes;
    this.bytes -= bytes;
  }

  private clear(): void {
    this.buckets.clear();
    this.bytes = 0;
    this.keptOf = undefined;
  }
}

/** A bodiless GET's identity: URL and every header as sent, in order (a different header is a different request). */
function keyOf(request: IncomingMessage): string | undefined {
  if (request.method !== 'GET') return undefined;
  if (hasBody(request.headers)) return undefined;
  return `${request.url}\n${request.rawHeaders.join('\n')}`;
}
