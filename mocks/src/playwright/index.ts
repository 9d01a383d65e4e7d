// `@portfolio-integration/mock/playwright`: one session of a shared HTTP mock per end-to-end test.
// The session header goes on every request the test's pages send to the mock's origin (routed by
// Playwright, so the front end needs no change), the session starts from the test's seed, and the
// test settles, reads what the page sent (the request journal) and the webhook deliveries, and
// drops the session at its end. Needs playwright-core or @playwright/test (a peer) and nothing else.
import type { BrowserContext, Page } from 'playwright-core';
import type { MockSeed } from '../domain/seed.ts';
import type { JournalEntry, JournalFilter } from '../sessions/request-journal.ts';

const SESSION_HEADER = 'x-mock-session';

export interface MockSessionOptions {
  /** The shared mock's origin (`http://127.0.0.1:4010`). */
  origin: string;
  /** The session's id (default: a fresh one, `e2e-<random>`). */
  id?: string;
  /** The seed the session starts from (`startTime` fixes its ids and clock); default: the mock's own seed. */
  seed?: MockSeed;
}

/** What `POST /__mock/settle` did. */
export interface SettleResult {
  jobsRun: number;
  deliveries: number;
  pendingJobs: number;
}

export interface MockSessionHandle {
  readonly id: string;
  readonly origin: string;
  /** Adds the session header to every request the context's (or page's) pages send to the mock's origin. */
  attach(target: BrowserContext | Page): Promise<void>;
  /** Runs the session's pending processing now and waits for the webhook deliveries it causes. */
  settle(): Promise<SettleResult>;
  /** Moves the session's processing clock `ms` ahead, running what falls due (`POST /__mock/clock`). */
  advance(ms: number): Promise<{ jobsRun: number; pendingJobs: number }>;
  /** What the page sent: the session's request journal, oldest first (`GET /__mock/requests`). */
  requests(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** The webhook deliveries the session made, by user id, newest first, with their outcomes. */
  deliveries(): Promise<Record<string, unknown[]>>;
  /** Every record of the session (`GET /__mock/state`). */
  state(): Promise<Record<string, unknown>>;
  /** Starts the session again from `seed` (default: the seed it was opened with). */
  reset(seed?: MockSeed): Promise<void>;
  /** Drops the session on the mock (its records and files). */
  close(): Promise<void>;
}

async function control(origin: string, id: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${origin}/__mock${path}`, {
    method,
    headers: { [SESSION_HEADER]: id, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /__mock${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as { data: unknown }).data : undefined;
}

function query(filter: JournalFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Opens a session of the shared mock for one test: starts it from `seed`, ready to attach to a page.
 *
 * @example
 * const mock = await openMockSession({ origin: 'http://127.0.0.1:4010', seed: { credits: 5 } });
 * await mock.attach(page);
 * await page.goto('http://127.0.0.1:4010/app/');
 * await mock.settle();
 * expect(await mock.requests({ method: 'POST' })).toHaveLength(1);
 * await mock.close();
 */
export async function openMockSession(options: MockSessionOptions): Promise<MockSessionHandle> {
  const origin = options.origin.replace(/\/$/, '');
  const id = options.id ?? `e2e-${globalThis.crypto.randomUUID().slice(0, 18)}`;
  const call = (method: string, path: string, body?: unknown) => control(origin, id, method, path, body);
  await call('POST', '/reset', options.seed ?? {});
  return {
    id,
    origin,
    async attach(target) {
      await target.route(
        (url) => url.origin === origin,
        (route) => route.continue({ headers: { ...route.request().headers(), [SESSION_HEADER]: id } }),
      );
    },
    settle: async () => (await call('POST', '/settle')) as SettleResult,
    advance: async (ms) =>
      (await call('POST', '/clock', { advanceMs: ms })) as { jobsRun: number; pendingJobs: number },
    requests: async (filter = {}) => (await call('GET', `/requests${query(filter)}`)) as JournalEntry[],
    deliveries: async () =>
      ((await call('GET', '/state')) as { webhookDeliveries: Record<string, unknown[]> }).webhookDeliveries,
    state: async () => (await call('GET', '/state')) as Record<string, unknown>,
    async reset(seed) {
      await call('POST', '/reset', seed ?? options.seed ?? {});
    },
    async close() {
      await call('DELETE', '/session');
    },
  };
}

/**
 * A Playwright Test fixture giving each test its own session, attached to the test's browser context
 * and dropped after the test.
 *
 * @example
 * import { test as base, expect } from '@playwright/test';
 * import { mockFixture, type MockSessionHandle } from '@portfolio-integration/mock/playwright';
 *
 * export const test = base.extend<{ mock: MockSessionHandle }>({
 *   mock: mockFixture({ origin: 'http://127.0.0.1:4010', seed: { startTime: '2026-01-01T00:00:00Z' } }),
 * });
 */
export function mockFixture(
  options: Omit<MockSessionOptions, 'id'>,
): (fixtures: { context: BrowserContext }, use: (mock: MockSessionHandle) => Promise<void>) => Promise<void> {
  return async ({ context }, use) => {
    const mock = await openMockSession(options);
    await mock.attach(context);
    try {
      await use(mock);
    } finally {
      await mock.close();
    }
  };
}

export type { JournalEntry, JournalFilter } from '../sessions/request-journal.ts';
export type { MockSeed } from '../domain/seed.ts';
