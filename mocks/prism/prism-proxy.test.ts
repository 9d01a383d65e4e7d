// `npm run proxy:prism -- <upstream base URL>`, started once for the file (Prism's start-up is the
// costly part) in front of one upstream: it forwards /api calls to the upstream base URL; it judges
// the company list by the published schema (a page with an analysis status outside the enum and a
// project without id is flagged, where the open lookup branch once let any body through; the page
// and lookup examples pass); it passes a genuine PDF and XLSX upload (non-ASCII bytes, as every real
// upload has) without a request violation; SIGTERM stops it. The same Prism is also the second,
// independent judge of the live conformance suite (conformance/src/live): the rules that send only
// correct requests, through it to the stateful mock with writes, hold with no violation seen.
// The upstream answers the requests carrying CANNED_KEY itself (the answers above, chosen by the
// request) and passes every other one, byte for byte, to the stateful mock.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_SEED, fullRun } from '../../conformance/test/support/conformance-mock.ts';
import { recordingFetch, violationLogLines, type RecordedExchange } from './prism-violations.ts';
import type { ConformanceReport } from '../../conformance/src/live/report-types.ts';
import { runConformance } from '../../conformance/src/live/run-conformance.ts';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { DATA_ROOM_PDF, DATA_ROOM_XLSX, dataRoomForm } from '../../contract-tests/support/real-documents.ts';
import { listenOnLoopback, type LoopbackServer } from '../../contract-tests/support/listen-on-loopback.ts';
import { startMock, type RunningMock } from '../src/server.ts';
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

/** Prism checks that an API key is present, not its value: this one marks the requests the upstream answers itself. */
const CANNED_KEY = 'prism-proxy-test-canned';

// Rules whose every request is a correct one (no deliberate refusal, no invalid input).
const CORRECT_REQUEST_RULES = [
  'companies.page-default-zero',
  'companies.orderby-ascending',
  'companies.created-is-listed',
  'search.finds-known-company',
  'analysis.detail-of-its-project',
  'analysis.report-of-its-project',
  'fullreport.unselected-part-null',
  'messages.answer-data-null',
  'funds.upload-adds-to-folder',
  'funds.summary-echoes-run',
  'webhooks.save-read-back',
  'webhooks.history-newest-first',
];

/** Every canned request the upstream saw (`METHOD url`), and the body size of each canned upload. */
const seen: string[] = [];
const received: number[] = [];
let mock: RunningMock;
let upstream: LoopbackServer;
let script: ScriptRun;
let baseUrl: string;

function answerCanned(req: IncomingMessage, res: ServerResponse): void {
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
}

function forwardToMock(req: IncomingMessage, res: ServerResponse): void {
  const sent = request(`${mock.origin}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  sent.on('error', (error) => res.writeHead(502, { 'content-type': 'text/plain' }).end(`upstream: ${error.message}`));
  req.pipe(sent);
}

beforeAll(async () => {
  mock = await startMock({ port: 0, seed: CONFORMANCE_SEED });
  upstream = await listenOnLoopback(
    createServer((req, res) =>
      req.headers.authorization === CANNED_KEY ? answerCanned(req, res) : forwardToMock(req, res),
    ),
    {
      closeConnections: true,
    },
  );
  script = runScript('scripts/prism-proxy.ts', [`${upstream.origin}/api`, '--port', '0']);
  baseUrl = await script.baseUrl();
});
afterAll(async () => {
  script?.kill();
  await upstream?.close();
  await mock?.close();
});

async function companyList(which: string, page = 0) {
  const response = await fetch(`${baseUrl}/integration/projects?page=${page}&search=${which}`, {
    headers: { authorization: CANNED_KEY, 'content-type': 'application/json' },
  });
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
    const before = received.length;
    const response = await fetch(`${baseUrl}/integrationfund/fund/upload`, {
      method: 'POST',
      headers: { authorization: CANNED_KEY },
      body: dataRoomForm([DATA_ROOM_PDF, DATA_ROOM_XLSX]),
    });
    await response.body?.cancel();
    expect(response.headers.get('sl-violations')).toBeNull();
    expect(response.status).toBe(200);
    expect(received.length - before).toBe(1);
  });
});

let markers = 0;

/**
 * Prism's log reaches us through the script's output a little after the answers (seconds, on a loaded
 * machine). A canned request is sent, and once Prism has logged forwarding it, everything it logged
 * before is in: the output's length up to that line is returned.
 */
async function settledLogLength(): Promise<number> {
  markers += 1;
  const marker = `/api/integration/projects?page=${100 + markers}&search=page`;
  await companyList('page', 100 + markers);
  for (let i = 0; i < 400; i++) {
    const output = script.output();
    const lineEnd = output.indexOf('\n', output.indexOf(marker));
    if (output.includes(marker) && lineEnd >= 0) return lineEnd + 1;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Prism did not log the request ${marker}:\n${script.output().slice(-2000)}`);
}

describe('Prism proxy as the second judge of the live suite, in front of the stateful mock', () => {
  let report: ConformanceReport;
  let exchanges: RecordedExchange[];
  let runLog: string[];

  beforeAll(async () => {
    // Only the run's lines: the tests above provoke violations on purpose.
    const from = await settledLogLength();
    const recorder = recordingFetch();
    report = await runConformance({
      ...fullRun(baseUrl),
      receiverHost: undefined,
      only: CORRECT_REQUEST_RULES,
      fetch: recorder.fetch,
    });
    exchanges = recorder.exchanges;
    runLog = script
      .output()
      .slice(from, await settledLogLength())
      .split('\n');
  });

  it('holds every rule through the proxy', () => {
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => [r.id, r.reason, r.violations])).toEqual([]);
    expect(exchanges.length).toBeGreaterThan(CORRECT_REQUEST_RULES.length);
  });

  it('gets no sl-violations header and no violation in the log', () => {
    expect(exchanges.filter((e) => e.violations.length > 0).map((e) => [e.method, e.url, e.violations])).toEqual([]);
    expect(runLog.length).toBeGreaterThan(exchanges.length);
    expect(violationLogLines(runLog)).toEqual([]);
  });
});

// Last: the tests above share this one Prism.
it('stops on SIGTERM with exit code 0, having logged the violation', async () => {
  expect(await script.stop()).toBe(0);
  expect(script.output()).toMatch(/Violation: response\.body .*must have required property 'code'/);
});
