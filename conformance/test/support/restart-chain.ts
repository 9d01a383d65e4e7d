// A team mock's life on its state file, step by step, for the mutation harness's restart legs
// (restart-against-mock.mutation.ts): an image written with a company whose analysis awaits its
// files, a mock reading it back that takes writes (to records read back and to new ones), restarts
// that replay those writes over the image, and a compaction of a session read back. Each step's
// mock answers a client as the mock before it did (`observe`), the mocks are the mutated ones.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  ACCESS_TOKEN,
  API_KEY,
  SECOND_ACCESS_TOKEN,
  SECOND_API_KEY,
} from '../../../contract-tests/support/mock-under-test.ts';
import { startWebhookReceiver } from '../../../contract-tests/support/webhook-receiver.ts';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { READ_BACK_SEED } from './read-back-mock.ts';

/** A state file in a directory of its own; `remove` deletes both. */
export interface ChainFile {
  stateFile: string;
  /** The company of the image whose analysis awaits its files (manual upload), and that analysis. */
  waiting: { projectId: string; analysisId: string };
  remove(): Promise<void>;
}

const PDF = () => new Blob(['%PDF-1.4\n%restart chain\n'], { type: 'application/pdf' });

/** A mock a client calls: one listening on a port, or the unmutated model in this process (its own `fetch`). */
export type Reachable = Pick<RunningMock, 'origin' | 'baseUrl'> & {
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
};

/** One call as a client makes it: status, the X-Mock-Gap header and the body. */
export async function call(
  mock: Reachable,
  method: string,
  path: string,
  options: { json?: unknown; form?: FormData; key?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; gap: string | null; body: any }> {
  const control = path.startsWith('/__mock');
  const response = await (mock.fetch ?? fetch)(`${control ? mock.origin : mock.baseUrl}${path}`, {
    method,
    headers: {
      ...(control ? {} : { authorization: options.key ?? API_KEY }),
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.json === undefined ? options.form : JSON.stringify(options.json),
  });
  const text = await response.text();
  return { status: response.status, gap: response.headers.get('x-mock-gap'), body: text ? JSON.parse(text) : null };
}

/** A call of a client's, to make on several mocks alike; `form` builds a fresh body for each (a FormData is read once). */
export interface ClientCall {
  method: string;
  path: string;
  json?: unknown;
  form?: () => FormData;
  key?: string;
  headers?: Record<string, string>;
}

/** Makes `step` on `mock`, as `call` does. */
export function callStep(mock: Reachable, step: ClientCall): ReturnType<typeof call> {
  return call(mock, step.method, step.path, {
    json: step.json,
    form: step.form?.(),
    key: step.key,
    headers: step.headers,
  });
}

async function ok(answer: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** The first line of a state file (its image index once compacted). */
async function firstLine(stateFile: string): Promise<string> {
  return (await readFile(stateFile, 'utf8')).split('\n', 1)[0]!;
}

/** Named sessions compactNow adds at most before it waits for the compaction. */
const MAX_FILLERS = 40;

/**
 * Makes the file compact now: named sessions reset to the seed append their records until the file
 * has doubled since it was last compacted (or opened), and the image's index names the last one.
 * Every session the mock holds is then written as its image, the default one among them.
 */
export async function compactNow(mock: RunningMock, stateFile: string, tag: string): Promise<void> {
  const fillers: string[] = [];
  const compacted = async (waitMs: number) => {
    for (const started = Date.now(); ; ) {
      const index = await firstLine(stateFile);
      if (fillers.some((filler) => index.includes(`"${filler}"`))) return true;
      if (Date.now() - started > waitMs) return false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  // Up to 40: a file opened after a compaction that took more fillers than one (a loaded machine
  // saw it late) holds them all, and doubling it takes as many again (8 fell short under load).
  for (let i = 1; i <= MAX_FILLERS; i++) {
    fillers.push(`filler-${tag}-${i}`);
    await ok(
      call(mock, 'POST', '/__mock/reset', { json: READ_BACK_SEED, headers: { 'x-mock-session': fillers.at(-1)! } }),
      'a reset',
    );
    if (await compacted(100)) return;
  }
  // A compaction under way on a loaded machine may take longer than a reset.
  if (!(await compacted(10_000)))
    throw new Error(`the state file ${stateFile} was not compacted after ${MAX_FILLERS} sessions were added to it`);
}

/**
 * Writes READ_BACK_SEED's default session with one more company, whose analysis awaits its files,
 * as an image: a file no client can make wait for processing at its compaction, since nothing is
 * scheduled until the files come. A mock reading it back then changes that analysis in place.
 */
export async function writeChainImage(): Promise<ChainFile> {
  const dir = await mkdtemp(join(tmpdir(), 'portfolio-restart-chain-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const stateFile = join(dir, 'state.jsonl');
    const writer = await startMock({ port: 0, seed: READ_BACK_SEED, stateFile, compactBytes: 1 });
    try {
      const created = await ok(
        call(writer, 'POST', '/integration/project', {
          json: { companyName: 'Quarry Waiting Files', projectType: 'projectAnalysisWithFile' },
        }),
        'a company with a manual upload',
      );
      const waiting = { projectId: created.data.project.id as string, analysisId: created.data.analysisId as string };
      await compactNow(writer, stateFile, 'writer');
      const written = await readFile(stateFile, 'utf8');
      if (!written.startsWith('{"imageV3"') || !written.includes('"x":{"v":3,'))
        throw new Error(`the state file ${stateFile} holds no image of the session's projects and analyses`);
      return { stateFile, waiting, remove };
    } finally {
      await writer.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * Opens the state file as a restart does. With the default compaction size (16 MiB) the file is never
 * compacted here: a compaction builds every record read back, which a leg may want to leave lazy;
 * `compactBytes: 1` compacts it once it doubles (compactNow). A compaction changes no answer, so
 * reads repeated after it need `responseCache: false` to be answered again, not from the bytes sent.
 */
export function restart(
  file: ChainFile,
  options: { compactBytes?: number; responseCache?: boolean } = {},
): Promise<RunningMock> {
  return startMock({ port: 0, seed: READ_BACK_SEED, stateFile: file.stateFile, ...options });
}

/**
 * Writes a client of a restarted mock makes to what it read back and beside it: the image's waiting
 * analysis gets its files (processing changes that record read back in place), a message to a
 * company read back and not touched yet, a company created and analysed, and a fund run in analyze
 * mode naming companies of the image, one with an analysis already (its second), then a company
 * linked to a drive folder with a webhook delivery of its analysis completed. Every job then runs
 * (settle); returns the fund run's id.
 */
export async function writeOverImage(
  mock: Reachable,
  file: Pick<ChainFile, 'waiting'>,
  webhookUrl?: string,
): Promise<string> {
  const files = new FormData();
  files.append('file', PDF(), 'waiting-deck.pdf');
  await ok(
    call(mock, 'POST', '/integrationfiles/upload', { form: files, headers: { analysisid: file.waiting.analysisId } }),
    "the waiting analysis's files",
  );
  // A company of the first user's the image holds, which no other write here names.
  const untouched = READ_BACK_SEED.data!.projects!.filter((p) => p.ownerUserId === 'user-mock').at(-3)!;
  await ok(
    call(mock, 'POST', '/integration/processmessage', {
      json: { projectId: untouched.id, content: 'written over the image' },
    }),
    'a message to a company read back',
  );
  const created = await ok(
    call(mock, 'POST', '/integration/project', {
      json: {
        companyName: 'Restart Written Robotics',
        projectType: 'projectAnalysisNoFile',
        companyWebsite: 'https://written.example',
      },
    }),
    'a company created after the restart',
  );
  // The company created here changed again (its record written twice; the replay sets it twice).
  await ok(
    call(mock, 'POST', `/__mock/projects/${created.data.project.id}/status`, {
      json: { code: 'closed', name: 'Closed' },
    }),
    "a new company's status",
  );
  const folder = new FormData();
  folder.append('files', PDF(), 'restart-fund.pdf');
  const uploaded = await ok(call(mock, 'POST', '/integrationfund/fund/upload', { form: folder }), 'a fund upload');
  // Two runs: the second gives each portfolio company a second analysis of its own.
  let run: any;
  for (const name of ['Restart Fund', 'Restart Fund Again']) {
    run = await ok(
      call(mock, 'POST', '/integrationfund/fund/run', {
        json: { name, folderPath: uploaded.data.folderPath, projectMode: 'analyze' },
      }),
      'an analyze-mode fund run',
    );
    await ok(call(mock, 'POST', '/__mock/settle'), 'settling the jobs');
  }
  // Each analyze-mode run started an analysis of each portfolio company the image holds (one had
  // one read back already): a company's analyses list all of them.
  for (const [name, count] of [
    ['Tidal Ledger', 3],
    ['LUMEN FREIGHT', 2],
  ] as const) {
    const listed = await call(
      mock,
      'GET',
      `/integration/projects?page=0&pageSize=100&search=${encodeURIComponent(name)}`,
    );
    const company = listed.body?.data?.find((p: { companyName: string }) => p.companyName === name);
    expect(company?.analyses?.length, `${name}'s analyses after two analyze-mode fund runs`).toBe(count);
  }
  // A company linked to a drive folder (the user's folder record changes) and a webhook delivery
  // completed (its outbox entry closed): a restart reads both back as they were, and adds no
  // "interrupted" delivery to the history.
  // Mocks compared by their whole state (`/__mock/state`) are given one receiver's address.
  const receiver = webhookUrl === undefined ? await startWebhookReceiver() : undefined;
  try {
    await ok(
      call(mock, 'POST', '/integration/webhook', {
        key: `Bearer ${ACCESS_TOKEN}`,
        json: { url: webhookUrl ?? receiver?.url, analysisCompleted: true },
      }),
      'a webhook configuration',
    );
    await ok(
      call(mock, 'POST', '/integration/project', {
        json: {
          companyName: 'Restart Linked Folder',
          projectType: 'projectAnalysisWithFile',
          folderLink: 'folder-helio-grid',
        },
      }),
      'a company linked to a drive folder',
    );
    const listed = await call(mock, 'GET', '/integration/projects?page=0&pageSize=5&search=Restart%20Linked%20Folder');
    expect(listed.body?.data?.[0]?.extraConfig?.driveFolderLink, "the new company's folder link").toEqual({
      status: 'linked',
    });
    await ok(call(mock, 'POST', '/__mock/settle'), 'settling the delivery');
    const history = await call(mock, 'GET', '/integration/webhook/history', { key: `Bearer ${ACCESS_TOKEN}` });
    // Newest first; a session the suite wrote to before holds its deliveries too.
    expect(history.body?.data?.[0], 'the newest delivery before the restart').toMatchObject({
      event: 'analysisCompleted',
      status: 'Success',
    });
  } finally {
    await receiver?.close();
  }
  // The analysis read back was changed in place (its files, then its processing): a table that
  // built it again at each touch would lose both, and every mock after would agree with it.
  const detail = await call(mock, 'GET', `/integration/analysis/detail?analysisId=${file.waiting.analysisId}`);
  expect(detail.status, 'the analysis read back that got its files, once its jobs ran: its detail').toBe(200);
  return run.data.fundExtractionId as string;
}

/**
 * What a client reads of the session, for both users: every company in pages of 5 and of 100 in
 * name order, a search and a keyword search, each analysis's detail, the webhook history, and the
 * fund runs named.
 */
export async function observe(mock: Reachable, fundRuns: readonly string[] = []): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  const read = async (path: string, key = API_KEY) => {
    const answer = await call(mock, 'GET', path, { key });
    seen[`${key === API_KEY ? '' : 'second: '}${path}`] = answer;
    return answer.body;
  };
  for (const key of [API_KEY, SECOND_API_KEY]) {
    const analyses: string[] = [];
    for (let page = 0; ; page++) {
      const body = await read(`/integration/projects?page=${page}&pageSize=5`, key);
      for (const project of body?.data ?? []) for (const analysis of project.analyses ?? []) analyses.push(analysis.id);
      if (!body?.data?.length || page > 60) break;
    }
    await read('/integration/projects?page=0&pageSize=100&orderby=companyName', key);
    await read('/integration/projects?page=0&pageSize=100&search=ledger', key);
    await read('/integration/project/search?keywords=robotics', key);
    for (const id of analyses) await read(`/integration/analysis/detail?analysisId=${id}`, key);
    const token = key === API_KEY ? ACCESS_TOKEN : SECOND_ACCESS_TOKEN;
    const history = await call(mock, 'GET', '/integration/webhook/history', { key: `Bearer ${token}` });
    seen[`${key === API_KEY ? '' : 'second: '}/integration/webhook/history`] = history;
  }
  for (const id of fundRuns) await read(`/integrationfund/fund?fundExtractionId=${id}`);
  return seen;
}

/** Expects the mock to answer every read as the one before the restart did, naming the first that differs. */
export async function expectSameAnswers(
  mock: Reachable,
  before: Record<string, unknown>,
  fundRuns: readonly string[],
  when: string,
): Promise<Record<string, unknown>> {
  const now = await observe(mock, fundRuns);
  for (const [read, answer] of Object.entries(before)) expect(now[read], `${when}: GET ${read}`).toEqual(answer);
  expect(Object.keys(now), `${when}: the reads made`).toEqual(Object.keys(before));
  return now;
}
