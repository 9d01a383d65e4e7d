// The response cache on its own: what it keeps, when it answers, and every way a kept answer
// becomes stale (a change of revision, a replaced state, a request in flight).
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ResponseCache, type RevisionedState } from '../../src/http/response-cache.ts';

class FakeState implements RevisionedState {
  revision = 0;
  readonly sessions = new Map<string, number>();
  revisionOf(session: string): number {
    return this.revision + (this.sessions.get(session) ?? 0);
  }
  touch(session?: string): void {
    if (session === undefined) this.revision += 1;
    else this.sessions.set(session, (this.sessions.get(session) ?? 0) + 1);
  }
}

function request(
  url: string,
  headers: Record<string, string> = { authorization: 'key' },
  method = 'GET',
): IncomingMessage {
  return { method, url, headers, rawHeaders: Object.entries(headers).flat() } as unknown as IncomingMessage;
}

class FakeResponse extends EventEmitter {
  written: { status: number; headers: Record<string, unknown>; body: string } | undefined;
  writeHead(status: number, headers: Record<string, unknown>): this {
    this.written = { status, headers, body: '' };
    return this;
  }
  end(body: Buffer): this {
    this.written!.body = body.toString();
    return this;
  }
}

function setup(maxBytes?: number) {
  const holder = { state: new FakeState() };
  const cache = new ResponseCache(() => holder.state, {
    maxBytes,
    sessionOf: (req) => String(req.headers['x-mock-session'] ?? 'default'),
  });
  const answer = (req: IncomingMessage) => {
    const response = new FakeResponse();
    return cache.answer(req, response as unknown as ServerResponse) ? response.written : undefined;
  };
  const keep = (req: IncomingMessage, payload: string, seen = cache.snapshot(req)) =>
    cache.keep(
      req,
      seen,
      200,
      {
        'content-type': 'application/json; charset=utf-8',
        'x-mock-gap': 'a gap',
        connection: 'close',
        'content-length': 1,
      },
      payload,
    );
  return { holder, cache, answer, keep };
}

describe('ResponseCache', () => {
  it('answers a kept read with its status, its headers (framing left to Node) and its exact bytes', () => {
    const { answer, keep } = setup();
    const list = request('/api/integration/projects?page=0');
    expect(answer(list)).toBeUndefined();
    keep(list, '{"data":["é"]}');
    expect(answer(request('/api/integration/projects?page=0'))).toEqual({
      status: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-mock-gap': 'a gap',
        'content-length': Buffer.byteLength('{"data":["é"]}'),
      },
      body: '{"data":["é"]}',
    });
  });

  it('tells requests apart by URL and by every header, and keeps no request other than a bodiless GET', () => {
    const { answer, keep, cache } = setup();
    keep(request('/api/a'), '1');
    expect(answer(request('/api/a?x=1'))).toBeUndefined();
    expect(answer(request('/api/a', { authorization: 'other key' }))).toBeUndefined();
    expect(answer(request('/api/a', { authorization: 'key', accept: 'text/plain' }))).toBeUndefined();
    expect(answer(request('/api/a', { authorization: 'key' }, 'POST'))).toBeUndefined();
    keep(request('/api/b', { 'content-length': '2' }), '2');
    keep(request('/api/c', { 'transfer-encoding': 'chunked' }), '3');
    keep(request('/api/d', {}, 'DELETE'), '4');
    expect(cache.size).toBe(1);
  });

  it('forgets everything when the state changes or is replaced', () => {
    const { holder, answer, keep } = setup();
    keep(request('/api/a'), '1');
    holder.state.touch();
    expect(answer(request('/api/a'))).toBeUndefined();
    keep(request('/api/a'), '2');
    expect(answer(request('/api/a'))?.body).toBe('2');
    holder.state = new FakeState();
    expect(answer(request('/api/a'))).toBeUndefined();
  });

  it('does not keep an answer built from a state that has changed since it was read', () => {
    const { holder, cache, answer, keep } = setup();
    const seen = cache.snapshot(request('/api/a'));
    holder.state.touch();
    keep(request('/api/a'), 'stale', seen);
    const replaced = cache.snapshot(request('/api/a'));
    holder.state = new FakeState();
    keep(request('/api/a'), 'stale', replaced);
    expect(answer(request('/api/a'))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('neither answers nor keeps while a tracked request is in flight, and counts it as a change', () => {
    const { holder, cache, answer, keep } = setup();
    keep(request('/api/a'), '1');
    const upload = new FakeResponse();
    cache.track(request('/api/upload', { authorization: 'key' }, 'POST'), upload as unknown as ServerResponse);
    expect(answer(request('/api/a'))).toBeUndefined();
    keep(request('/api/a'), 'during');
    upload.emit('close');
    expect(holder.state.revisionOf('default')).toBe(1);
    expect(answer(request('/api/a'))).toBeUndefined();
    keep(request('/api/a'), 'after');
    expect(answer(request('/api/a'))?.body).toBe('after');
  });

  it("keeps a session's answers through another session's changes and requests in flight", () => {
    const { holder, cache, answer, keep } = setup();
    const inA = (url: string, method = 'GET') => request(url, { authorization: 'key', 'x-mock-session': 'a' }, method);
    const inB = (url: string) => request(url, { authorization: 'key', 'x-mock-session': 'b' });
    keep(inA('/api/x'), 'a1');
    keep(inB('/api/x'), 'b1');
    const write = new FakeResponse();
    cache.track(inA('/api/x', 'POST'), write as unknown as ServerResponse);
    expect(answer(inA('/api/x'))).toBeUndefined();
    expect(answer(inB('/api/x'))?.body).toBe('b1');
    write.emit('close');
    holder.state.touch('a');
    expect(answer(inA('/api/x'))).toBeUndefined();
    expect(answer(inB('/api/x'))?.body).toBe('b1');
    // A change of every session (none named) forgets them all.
    holder.state.touch();
    expect(answer(inB('/api/x'))).toBeUndefined();
  });

  it('starts over when the kept bytes would pass the bound', () => {
    const { answer, keep, cache } = setup(10);
    keep(request('/api/a'), '123456');
    keep(request('/api/b'), '789012');
    expect(cache.size).toBe(1);
    expect(answer(request('/api/a'))).toBeUndefined();
    expect(answer(request('/api/b'))?.body).toBe('789012');
  });
});
