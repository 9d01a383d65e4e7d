// The servers a test file needs, started before its tests and closed after them, used as if they
// were the servers themselves: the mock process (per file or per test) and a webhook receiver.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startMockProcess, type MockProcess, type MockProcessOptions } from './mock-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.ts';

/** Registers start and close hooks; returns the running server (throws before it started). */
function useStarted<T extends { close(): Promise<void> }>(
  what: string,
  start: () => Promise<T>,
  scope: 'file' | 'test',
): () => T {
  let current: T | undefined;
  const [before, after] = scope === 'file' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    current = await start();
  });
  after(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error(`the ${what} has not started`);
    return current;
  };
}

export function useMockProcess(options: MockProcessOptions = {}, scope: 'file' | 'test' = 'file'): MockProcess {
  const get = useStarted('mock process', () => startMockProcess(options), scope);
  return {
    get origin() {
      return get().origin;
    },
    get baseUrl() {
      return get().baseUrl;
    },
    get pid() {
      return get().pid;
    },
    memory: () => get().memory(),
    resetPeakRss: () => get().resetPeakRss(),
    exited: () => get().exited(),
    kill: () => get().kill(),
    close: () => get().close(),
  };
}

export function useWebhookReceiver(): WebhookReceiver {
  const get = useStarted('webhook receiver', startWebhookReceiver, 'file');
  return {
    get origin() {
      return get().origin;
    },
    get url() {
      return get().url;
    },
    get received() {
      return get().received;
    },
    respondWith: (status, delayMs) => get().respondWith(status, delayMs),
    close: () => get().close(),
  };
}
