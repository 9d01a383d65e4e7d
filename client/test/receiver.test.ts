// The ready webhook receiver (`/receiver` entry): what it answers, when the callback runs, repeats by
// the caller's key, and the same behaviour through node:http, Express, Fastify, Fetch and Hono (a
// Fetch API framework, served over HTTP by its Node adapter). Deno: receiver-deno.e2e.test.ts.
import { createServer, type Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listenOnLoopback, type LoopbackServer } from '../../contract-tests/support/listen-on-loopback.ts';
import { IntegrationError } from '../src/index.ts';
import {
  createWebhookReceiver,
  expressHandler,
  fastifyHandler,
  fetchHandler,
  nodeHandler,
  type WebhookEvent,
  type WebhookReceiverOptions,
} from '../src/receiver.ts';
import { exampleValue } from './support/every-operation.ts';

// The contract's own example delivery of analysisCompleted.
const ANALYSIS = exampleValue('AnalysisCompletedEvent') as {
  event: 'analysisCompleted';
  data: Record<string, string>;
};

function recording(options: Partial<WebhookReceiverOptions> = {}) {
  const calls: WebhookEvent[] = [];
  const errors: unknown[] = [];
  const receiver = createWebhookReceiver({
    on: {
      analysisCompleted: (event) => void calls.push(event),
      changedStatus: (event) => void calls.push(event),
      fundAnalysisCompleted: (event) => void calls.push(event),
    },
    onError: (error) => void errors.push(error),
    ...options,
  });
  return { receiver, calls, errors };
}

const servers: LoopbackServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('createWebhookReceiver', () => {
  it('answers 200 before the callback runs, then calls it with the typed event', async () => {
    const { receiver, calls } = recording();
    const receipt = await receiver.receive('POST', JSON.stringify(ANALYSIS));
    expect(receipt.status).toBe(200);
    expect(calls).toEqual([]);
    await receipt.work;
    expect(calls).toEqual([ANALYSIS]);
  });

  it('keeps a slow or failing callback out of the answer, reporting the failure to onError', async () => {
    const onError = vi.fn();
    const receiver = createWebhookReceiver({
      on: {
        analysisCompleted: async () => {
          await new Promise((r) => setTimeout(r, 50));
          throw new Error('database down');
        },
      },
      onError,
    });
    const started = performance.now();
    const receipt = await receiver.receive('POST', ANALYSIS);
    expect([receipt.status, performance.now() - started < 40]).toEqual([200, true]);
    await receipt.work;
    expect(onError).toHaveBeenCalledWith(new Error('database down'), ANALYSIS);
  });

  it('answers 405 to another method and 400 to a body the contract refuses, naming why', async () => {
    const { receiver, calls, errors } = recording();
    expect(await receiver.receive('GET', undefined)).toMatchObject({ status: 405, headers: { allow: 'POST' } });
    const bad = await receiver.receive(
      'POST',
      JSON.stringify({ event: 'analysisCompleted', data: { projectId: 'x' } }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error).toMatch(/analysisCompleted: .*must have required property 'analysisId'/);
    expect((await receiver.receive('POST', 'not json')).status).toBe(400);
    expect((await receiver.receive('POST', '{"event":"somethingNew","data":{}}')).status).toBe(400);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toBeInstanceOf(IntegrationError);
    expect(calls).toEqual([]);
  });

  it('accepts unknown fields and any fundAnalysisCompleted payload (not documented)', async () => {
    const { receiver, calls } = recording();
    const extra = { ...ANALYSIS, data: { ...ANALYSIS.data, addedLater: 1 }, deliveredAt: 'now' };
    const fund = { event: 'fundAnalysisCompleted', data: { anything: ['at', 'all'] } };
    for (const body of [extra, fund]) await (await receiver.receive('POST', JSON.stringify(body))).work;
    expect(calls).toEqual([extra, fund]);
  });

  it('passes a repeated delivery on once by the caller’s key, and reports the repeat', async () => {
    const onDuplicate = vi.fn();
    const seen = new Set<string>();
    const { receiver, calls } = recording({ duplicateKey: (e) => JSON.stringify(e), seen, onDuplicate });
    for (let i = 0; i < 3; i++) await (await receiver.receive('POST', JSON.stringify(ANALYSIS))).work;
    expect(calls).toHaveLength(1);
    expect(onDuplicate).toHaveBeenCalledTimes(2);
    expect(seen.size).toBe(1);
    // Without a key every delivery is passed on.
    const plain = recording();
    for (let i = 0; i < 2; i++) await (await plain.receiver.receive('POST', ANALYSIS)).work;
    expect(plain.calls).toHaveLength(2);
  });
});

async function post(url: string, body: string) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return response.status;
}

describe('adapters', () => {
  it('node:http: 200 and the callback; 413 over maxBodyBytes; 405 for GET', async () => {
    const { receiver, calls } = recording();
    const server = await listenOnLoopback(createServer(nodeHandler(receiver, { maxBodyBytes: 2_000 })), {
      closeConnections: true,
    });
    servers.push(server);
    expect(await post(server.origin, JSON.stringify(ANALYSIS))).toBe(200);
    expect(await post(server.origin, JSON.stringify({ ...ANALYSIS, pad: 'x'.repeat(3_000) }))).toBe(413);
    expect((await fetch(server.origin)).status).toBe(405);
    await vi.waitFor(() => expect(calls).toEqual([ANALYSIS]));
  });

  it('Express, with and without express.json()', async () => {
    const { receiver, calls } = recording();
    const app = express();
    app.post('/parsed', express.json(), expressHandler(receiver));
    app.post('/raw', expressHandler(receiver));
    const server = await listenOnLoopback(createServer(app), { closeConnections: true });
    servers.push(server);
    expect(await post(`${server.origin}/parsed`, JSON.stringify(ANALYSIS))).toBe(200);
    expect(await post(`${server.origin}/raw`, JSON.stringify(ANALYSIS))).toBe(200);
    expect(await post(`${server.origin}/raw`, '{"event":"analysisCompleted"}')).toBe(400);
    await vi.waitFor(() => expect(calls).toEqual([ANALYSIS, ANALYSIS]));
  });

  it('Fastify, its JSON parser reading the body', async () => {
    const { receiver, calls } = recording();
    const app = Fastify();
    app.post('/hooks', fastifyHandler(receiver));
    const ok = await app.inject({ method: 'POST', url: '/hooks', payload: ANALYSIS });
    const bad = await app.inject({ method: 'POST', url: '/hooks', payload: { event: 'changedStatus', data: {} } });
    expect([ok.statusCode, bad.statusCode]).toEqual([200, 400]);
    await vi.waitFor(() => expect(calls).toEqual([ANALYSIS]));
    await app.close();
  });

  it('Fetch API: Request in, Response out, the callback handed to waitUntil', async () => {
    const { receiver, calls } = recording();
    const handle = fetchHandler(receiver);
    const kept: Promise<unknown>[] = [];
    const response = await handle(new Request('http://x/hooks', { method: 'POST', body: JSON.stringify(ANALYSIS) }), {
      waitUntil: (work) => void kept.push(work),
    });
    expect([response.status, kept.length]).toEqual([200, 1]);
    await kept[0];
    expect(calls).toEqual([ANALYSIS]);
    expect((await handle(new Request('http://x/hooks'))).status).toBe(405);
    expect((await handle(new Request('http://x/hooks', { method: 'POST', body: '[]' }))).status).toBe(400);
  });

  it('Hono, served over HTTP by @hono/node-server: c.req.raw in, the Response out; 400, 405 and 413 as the others', async () => {
    const { receiver, calls } = recording();
    const handle = fetchHandler(receiver, { maxBodyBytes: 2_000 });
    const app = new Hono();
    app.all('/hooks', (c) => handle(c.req.raw));
    const server = await listenOnLoopback(createAdaptorServer({ fetch: app.fetch }) as Server, {
      closeConnections: true,
    });
    servers.push(server);
    expect(await post(`${server.origin}/hooks`, JSON.stringify(ANALYSIS))).toBe(200);
    expect(await post(`${server.origin}/hooks`, '{"event":"changedStatus","data":{}}')).toBe(400);
    expect(await post(`${server.origin}/hooks`, JSON.stringify({ ...ANALYSIS, pad: 'x'.repeat(3_000) }))).toBe(413);
    expect((await fetch(`${server.origin}/hooks`)).status).toBe(405);
    await vi.waitFor(() => expect(calls).toEqual([ANALYSIS]));
  });

  it("Hono on Workers: the callback handed to Hono's executionCtx.waitUntil", async () => {
    const { receiver, calls } = recording();
    const handle = fetchHandler(receiver);
    const app = new Hono();
    app.post('/hooks', (c) => handle(c.req.raw, c.executionCtx));
    const kept: Promise<unknown>[] = [];
    const context = {
      waitUntil: (work: Promise<unknown>) => void kept.push(work),
      passThroughOnException() {},
      props: {},
    };
    const request = new Request('http://x/hooks', { method: 'POST', body: JSON.stringify(ANALYSIS) });
    const response = await app.fetch(request, {}, context);
    expect([response.status, kept.length]).toEqual([200, 1]);
    await kept[0];
    expect(calls).toEqual([ANALYSIS]);
  });
});
