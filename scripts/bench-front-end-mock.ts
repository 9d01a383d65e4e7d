// `npm run bench:front-end-mock`: what the MSW handlers cost a front-end team, measured side by side
// in one run: the browser bundle of /msw (minified, gzipped), the time to create the handlers, and
// one component test (create a company, settle, read its analysis, list, read the journal) against
// the MSW handlers under msw/node versus against the HTTP mock, set-up included and apart.
// Prints a Markdown table with medians and the load average; not part of npm test.
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { setupServer } from 'msw/node';
import { createIntegrationClient } from '../client/src/index.ts';
import { createHandlers } from '../mocks/src/msw/index.ts';
import { startMock } from '../mocks/src/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function bundleBytes(external: boolean): Promise<{ minified: number; gzipped: number }> {
  const result = await build({
    entryPoints: [new URL('../mocks/src/msw/index.ts', import.meta.url).pathname],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: external ? ['msw'] : [],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

/** The component test's calls, against a base URL; the settle is the one given. */
async function componentTest(baseUrl: string, settle: () => Promise<unknown>): Promise<void> {
  const client = createIntegrationClient({ baseUrl, apiKey: 'mock-api-key' });
  const created = await client.createProject({
    companyName: 'Bench Co',
    companyWebsite: 'https://bench.example',
    projectType: 'projectAnalysisNoFile',
  });
  await settle();
  await client.getAnalysisDetail(created.data.analysisId!);
  for await (const _page of client.listProjects({ pageSize: 100 })) break;
}

async function overMsw(): Promise<{ setup: number; test: number }> {
  const started = performance.now();
  const mock = createHandlers({ origin: 'https://bench.test' });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
  const ready = performance.now();
  await componentTest('https://bench.test/api', () => mock.settle());
  mock.requests({ method: 'POST' });
  const done = performance.now();
  server.close();
  mock.close();
  return { setup: ready - started, test: done - ready };
}

async function overHttp(): Promise<{ setup: number; test: number }> {
  const started = performance.now();
  const mock = await startMock({ port: 0 });
  const ready = performance.now();
  await componentTest(mock.baseUrl, () => fetch(`${mock.origin}/__mock/settle`, { method: 'POST' }));
  await (await fetch(`${mock.origin}/__mock/requests?method=POST`)).json();
  const done = performance.now();
  await mock.close();
  return { setup: ready - started, test: done - ready };
}

const firstCreate = performance.now();
createHandlers().close();
const coldCreate = performance.now() - firstCreate;
const creates: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const t = performance.now();
  createHandlers().close();
  creates.push(performance.now() - t);
}
// One untimed round each: module loading and the validators' first compile are not the test's.
await overMsw();
await overHttp();
const msw: { setup: number; test: number }[] = [];
const http: { setup: number; test: number }[] = [];
for (let i = 0; i < RUNS; i += 1) {
  msw.push(await overMsw());
  http.push(await overHttp());
}
const [handlersOnly, withMsw] = await Promise.all([bundleBytes(true), bundleBytes(false)]);
const m = { setup: median(msw.map((r) => r.setup)), test: median(msw.map((r) => r.test)) };
const h = { setup: median(http.map((r) => r.setup)), test: median(http.map((r) => r.test)) };
console.log(
  `Measured ${new Date().toISOString()}, ${RUNS} runs each, interleaved; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
console.log('| what | MSW handlers | HTTP mock | ratio |');
console.log('| --- | --- | --- | --- |');
console.log(
  `| browser bundle of /msw, minified (gzipped) | ${handlersOnly.minified} B (${handlersOnly.gzipped} B) without msw; ${withMsw.minified} B (${withMsw.gzipped} B) with it | | |`,
);
console.log(`| createHandlers(), first in the process | ${ms(coldCreate)} | | |`);
console.log(`| createHandlers(), later (median) | ${ms(median(creates))} | | |`);
console.log(
  `| set-up (handlers + msw/node listening; startMock on port 0) | ${ms(m.setup)} | ${ms(h.setup)} | ${(h.setup / m.setup).toFixed(1)}x |`,
);
console.log(
  `| component test (create, settle, detail, list, journal) | ${ms(m.test)} | ${ms(h.test)} | ${(h.test / m.test).toFixed(1)}x |`,
);
console.log(
  `| both | ${ms(m.setup + m.test)} | ${ms(h.setup + h.test)} | ${((h.setup + h.test) / (m.setup + m.test)).toFixed(1)}x |`,
);
