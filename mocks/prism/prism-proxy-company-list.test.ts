// Prism's validation proxy judges the company list by the published schema: a page with an analysis
// status outside the enum and a project without id is flagged, where the open lookup branch once let
// any body through; the page and lookup examples pass.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { startPrism, type RunningPrism } from './prism-process.ts';
import { prismUpstream } from './upstream.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function malformedPage(): Json {
  const page = structuredClone(contract.components.examples.ProjectList.value) as Json;
  page.data[0].analyses[0].status = 'done';
  delete page.data[0].id;
  return page;
}

const ANSWERS: Record<string, unknown> = {
  page: contract.components.examples.ProjectList.value,
  lookup: contract.components.examples.ProjectLookup.value,
  malformed: malformedPage(),
};

let upstream: Server;
let prism: RunningPrism;

beforeAll(async () => {
  // The upstream answers the body named by the `search` parameter.
  upstream = createServer((req, res) => {
    const which = new URL(req.url ?? '/', 'http://upstream.invalid').searchParams.get('search') ?? 'page';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ANSWERS[which]));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  prism = await startPrism({ mode: 'proxy', upstream: prismUpstream(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`) }, { port: 0 });
});
afterAll(async () => {
  await prism?.close();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
});

async function violations(which: string): Promise<string | null> {
  const response = await fetch(`${prism.baseUrl}/integration/projects?search=${which}`, { headers: { authorization: 'mock-api-key', 'content-type': 'application/json' } });
  await response.body?.cancel();
  return response.headers.get('sl-violations');
}

describe('Prism proxy on the company list', () => {
  it('passes the page and the lookup examples', async () => {
    expect(await violations('page')).toBeNull();
    expect(await violations('lookup')).toBeNull();
  });

  it('flags a malformed page', async () => {
    expect(await violations('malformed')).toContain('response');
  });
});
