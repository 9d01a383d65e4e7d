// `npm run proxy:prism -- <upstream base URL>`, started once for the file (Prism's start-up is the
// costly part) in front of one upstream that answers by request: it forwards /api calls to the
// upstream base URL; it judges the company list by the published schema (a page with an analysis
// status outside the enum and a project without id is flagged, where the open lookup branch once let
// any body through; the page and lookup examples pass); it passes a genuine PDF and XLSX upload
// (non-ASCII bytes, as every real upload has) without a request violation; SIGTERM stops it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { minimalPdf, minimalXlsx } from '../../contract-tests/support/real-documents.ts';
import { runScript, type ScriptRun } from './script-process.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function malformedPage(): Json {
  const page = structuredClone(contract.components.examples.ProjectList.value) as Json;
  page.data[0].analyses[0].status = 'done';
  delete page.data[0].id;
  return page;
}

const { code: _dropped, ...withoutCode } = contract.components.examples.ProjectList.value;
/** What the upstream answers on the company list, by the request's `search` parameter. */
const ANSWERS: Record<string, unknown> = {
  page: contract.components.examples.ProjectList.value,
  lookup: contract.components.examples.ProjectLookup.value,
  malformed: malformedPage(),
  'without-code': withoutCode,
};

/** Every request the upstream saw (`METHOD url`), and the body size of each upload. */
const seen: string[] = [];
const received: number[] = [];
let upstream: Server;
let script: ScriptRun;
let baseUrl: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'POST') {
        received.push(size);
        res.end(JSON.stringify(contract.components.examples.FundUploadResult.value));
        return;
      }
      const which = new URL(req.url ?? '/', 'http://upstream.invalid').searchParams.get('search') ?? 'page';
      res.end(JSON.stringify(ANSWERS[which]));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  script = runScript('scripts/prism-proxy.ts', [`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`, '--port', '0']);
  baseUrl = await script.baseUrl();
});
afterAll(async () => {
  script?.kill();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
});

async function companyList(which: string) {
  const response = await fetch(`${baseUrl}/integration/projects?page=0&search=${which}`, { headers: { authorization: 'mock-api-key', 'content-type': 'application/json' } });
  await response.body?.cancel();
  return { status: response.status, violations: response.headers.get('sl-violations') };
}

describe('Prism proxy (npm run proxy:prism)', () => {
  it('forwards /api calls to the upstream base URL and flags a violating answer', async () => {
    const before = seen.length;
    const res = await companyList('without-code');
    expect(res.status).toBe(200);
    expect(seen.slice(before)).toEqual(['GET /api/integration/projects?page=0&search=without-code']);
    expect(res.violations).toContain("must have required property 'code'");
  });
});

describe('Prism proxy on the company list', () => {
  it('passes the page and the lookup examples', async () => {
    expect((await companyList('page')).violations).toBeNull();
    expect((await companyList('lookup')).violations).toBeNull();
  });

  it('flags a malformed page', async () => {
    expect((await companyList('malformed')).violations).toContain('response');
  });
});

describe('Prism proxy with real files', () => {
  it('forwards a PDF and an XLSX upload without a request violation', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'Q4-2025-report.pdf');
    form.append('files', new Blob([new Uint8Array(minimalXlsx())], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'capital-account.xlsx');
    const before = received.length;
    const response = await fetch(`${baseUrl}/integrationfund/fund/upload`, { method: 'POST', headers: { authorization: 'mock-api-key' }, body: form });
    await response.body?.cancel();
    expect(response.headers.get('sl-violations')).toBeNull();
    expect(response.status).toBe(200);
    expect(received.length - before).toBe(1);
  });
});

// Last: the tests above share this one Prism.
it('stops on SIGTERM with exit code 0, having logged the violation', async () => {
  expect(await script.stop()).toBe(0);
  expect(script.output()).toMatch(/Violation: response\.body .*must have required property 'code'/);
});
