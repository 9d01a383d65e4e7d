// @vitest-environment jsdom
// The example front end rendered in jsdom against the mock's MSW handlers: the page's own code,
// its real client and fetch, no server.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers } from '../../../mocks/src/msw/index.ts';
import { startApp } from '../src/app.ts';

const mock = createHandlers({ origin: 'https://api.example.test' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => {
  server.close();
  mock.close();
});

const rendered = (root: HTMLElement, times: number) =>
  expect.poll(() => root.dataset.ready, { interval: 5, timeout: 5_000 }).toBe(String(times));

it('lists the companies, adds one, and sent what the form held', async () => {
  const root = document.createElement('main');
  document.body.append(root);
  startApp(root, 'https://api.example.test/api');
  await rendered(root, 1);
  const before = root.querySelectorAll('#companies li').length;
  root.querySelector<HTMLInputElement>('#name')!.value = 'Jsdom Co';
  root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await rendered(root, 2);
  const names = [...root.querySelectorAll('#companies li')].map((li) => li.textContent);
  expect(names).toHaveLength(before + 1);
  expect(names).toContain('Jsdom Co');
  expect(mock.requests({ method: 'POST' }).map((r) => r.body)).toEqual([
    { companyName: 'Jsdom Co', projectType: 'projectNoAnalysis' },
  ]);
});
