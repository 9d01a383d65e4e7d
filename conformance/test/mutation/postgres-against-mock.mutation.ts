// A test of `npm run test:mutation`: the mutated mock as a team runs it on PostgreSQL
// (support/postgres-leg.ts). A node that claims a session stored as an image fetches its parts
// apart, only those a call reads (mocks/src/persistence/fetch-parts.ts, handlers/operation-parts.ts,
// control-parts.ts), which no other leg reaches: they start mocks with no store or a state file. A
// first node writes the session as an image; nodes that claim it after take writes (to records
// read back and beside them) and must answer each as the unmutated model does, given the same
// calls from the seed on (every id and time deterministic); a second node reads the session back
// and must answer every read as the node before it did; then each call of a client's is the first
// its node makes after claiming the session (nothing fetched yet) and must answer as the model
// does; the suite's groups then hold, each on a node that has just read the session back. A third
// session's owners are interleaved (its owner column cut into sections, fetched apart) and one
// owns more than 10,000 companies (a sorted list then fetches every analysis part at once): a
// page, a search and that sorted list, each a node's first call, answer as the model does, and so
// does a creation in a session whose image holds no analyses.
import { describe, expect, inject, it, vi } from 'vitest';
import { SECOND_API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import { startWebhookReceiver } from '../../../contract-tests/support/webhook-receiver.ts';
import type { MockSeed, RunningMock } from '../../../mocks/src/server.ts';
import { catalogue } from '../../src/live/catalogue/index.ts';
import { runConformance } from '../../src/live/run-conformance.ts';
import { fullRun } from '../support/conformance-mock.ts';
import { READ_BACK_SEED } from '../support/read-back-mock.ts';
import {
  COMPACTION_SEED,
  INTERLEAVED_SEED,
  type LegDatabase,
  POSTGRES_SEED,
  TIDAL_LEDGER,
  freshDatabase,
  startNode,
  storedRows,
  waitForImage,
} from '../support/postgres-leg.ts';
import {
  type ClientCall,
  type Reachable,
  call,
  callStep,
  expectSameAnswers,
  observe,
  writeOverImage,
} from '../support/restart-chain.ts';
import { closeAfterEach } from '../support/close-after-each.ts';
import { unmutatedInProcessMock } from '../support/unmutated-model.ts';

let database: LegDatabase | undefined;
const closeAfterTest = closeAfterEach();

/** A fresh database for the test, dropped after it (after the nodes and the model on it: handed over first). */
async function legDatabase(): Promise<LegDatabase> {
  const made = await freshDatabase(inject('mutationPostgres'));
  closeAfterTest(() => made.drop());
  return made;
}

async function node(
  id: string,
  options: { compactRows?: number; seed?: MockSeed; leaseMs?: number } = {},
): Promise<RunningMock> {
  const mock = await startNode(database!.url, id, options);
  // Its close, called in the test, stops it there (the next node claims the session), not again after.
  return { ...mock, close: closeAfterTest(() => mock.close()) };
}

const PDF = () => new Blob(['%PDF-1.4\n%postgres leg\n'], { type: 'application/pdf' });

/**
 * The session's whole state as the control API shows it, but where the mock keeps its uploads and
 * the seed's companies: a node that claims a stored session shows none there (its companies are
 * the stored records, which the state lists).
 */
async function wholeState(mock: Reachable): Promise<unknown> {
  const { status, body } = await call(mock, 'GET', '/__mock/state');
  expect(status, JSON.stringify(body)).toBe(200);
  const {
    uploadsDir: _dir,
    seed: { data: _data, ...seed },
    ...rest
  } = body.data;
  return { ...rest, seed };
}

const WAITING = (n: number) => ({ companyName: `Quarry Waiting Files ${n}`, projectType: 'projectAnalysisWithFile' });

/** The company of the first node's creation whose analysis awaits its files, from its answer. */
const waitingOf = (answer: { body: any }) => ({
  projectId: answer.body.data.project.id as string,
  analysisId: answer.body.data.analysisId as string,
});

/**
 * The first node: two companies whose analyses await their files (the second gets them), made on
 * the model when given (else on the node), the session exported from there and put into the node:
 * a write of the whole session, stored as an image with nothing over it. The node is then stopped.
 */
async function writeImage(seed: MockSeed, model?: Reachable) {
  const first = await node('first', { seed });
  const source = model ?? first;
  const waiting = [];
  for (const n of [1, 2]) {
    const created = await call(source, 'POST', '/integration/project', { json: WAITING(n) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    waiting.push(waitingOf(created));
  }
  // The second one's files: its job (pending, unless processing is quick) goes into the image.
  const files = new FormData();
  files.append('file', PDF(), 'waiting-deck.pdf');
  const uploaded = await call(source, 'POST', '/integrationfiles/upload', {
    form: files,
    headers: { analysisid: waiting[1]!.analysisId },
  });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const exported = await call(source, 'GET', '/__mock/sessions/default/export');
  expect(exported.status).toBe(200);
  const imported = await call(first, 'PUT', '/__mock/sessions/default/export', { json: exported.body });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  await waitForImage(database!.url);
  await first.close();
  return waiting as [ReturnType<typeof waitingOf>, ReturnType<typeof waitingOf>];
}

// The areas whose rules read or write companies and analyses, each on a node that has just claimed
// the session (a fund run's company matching fetches every part: the rules after it would fetch none).
const GROUPS: Record<string, RegExp> = {
  'credentials, envelope and company list': /^(auth|envelope|companies|search)\./,
  'analysis reads, full report and messages': /^(analysis|fullreport|messages)\./,
  'fund upload and runs': /^funds\./,
};

const OVER_ALL_ANSWERS = ['contract.responses-conform', 'contract.no-undocumented-5xx'];

/** The companies of READ_BACK_SEED with no analysis, ids and times deterministic (POSTGRES_SEED's). */
const NO_ANALYSES_SEED: MockSeed = {
  ...POSTGRES_SEED,
  data: { projects: READ_BACK_SEED.data!.projects!.map((project) => ({ ...project, completedAnalysis: false })) },
};

describe('the mutated mock on PostgreSQL: a second node reads the session back part by part', () => {
  it('answers every read as the node before it, and each write and each first call after a claim as the unmutated model', async () => {
    database = await legDatabase();
    // The unmutated model takes every write the nodes take, in the same order.
    const model = await unmutatedInProcessMock(POSTGRES_SEED);
    closeAfterTest(() => model.close());
    const [waiting] = await writeImage(POSTGRES_SEED, model);

    // A node claims the image (nothing over it): its first call creates a company (the ids it
    // draws may be ids read back). The nodes after it write to records read back and beside them.
    const creator = await node('creator');
    const fresh = { companyName: 'Claimed First Robotics', projectType: 'projectAnalysisNoFile' };
    expect(
      await call(creator, 'POST', '/integration/project', { json: fresh }),
      'a creation, the first call after a claim',
    ).toEqual(await call(model, 'POST', '/integration/project', { json: fresh }));
    await creator.close();
    // The next node's first call settles: the pending job's analysis and company are the image's.
    const settler = await node('settler');
    expect(
      await call(settler, 'POST', '/__mock/settle', { json: {} }),
      'a settle, the first call after a claim',
    ).toEqual(await call(model, 'POST', '/__mock/settle', { json: {} }));
    await settler.close();
    const writer = await node('writer');
    const receiver = await startWebhookReceiver();
    closeAfterTest(() => receiver.close());
    const run = await writeOverImage(writer, { waiting }, receiver.url);
    expect(await writeOverImage(model, { waiting }, receiver.url), "the model's fund run").toBe(run);
    const before = await observe(writer, [run]);
    expect(await observe(model, [run]), "the model's answers to every read").toEqual(before);
    const state = await wholeState(writer);
    expect(await wholeState(model), "the model's /__mock/state").toEqual(state);
    await writer.close();

    // A second node claims the session: every read as the node before answered it, then the state.
    const second = await node('second');
    await expectSameAnswers(second, before, [run], 'a second node, the session read back');
    expect(await wholeState(second), 'a second node: /__mock/state').toEqual(state);
    await second.close();

    // Companies and analyses the image holds, of both users, and one of the rows written over it.
    const ownProjects = POSTGRES_SEED.data!.projects!.filter((p) => p.ownerUserId === 'user-mock');
    const readBack = ownProjects.at(4)!.id!;
    const analysed = ownProjects.find((p) => p.completedAnalysis !== false && p.id !== readBack)!.id!;
    const secondOwn = POSTGRES_SEED.data!.projects!.find((p) => p.ownerUserId === 'user-second')!.id!;
    const listed = (await call(model, 'GET', `/integration/projects?id=${analysed}`)).body.data;
    const analysisId: string = listed.analyses[0].id;
    const steps: ClientCall[] = [
      { method: 'GET', path: '/integration/projects?page=1&pageSize=5' },
      { method: 'GET', path: '/integration/projects?page=2&pageSize=3', key: SECOND_API_KEY },
      { method: 'GET', path: '/integration/projects?page=0&pageSize=5&search=ledger' },
      { method: 'GET', path: '/integration/projects?page=1&pageSize=4&orderby=companyName' },
      { method: 'GET', path: '/integration/project/search?keywords=robotics' },
      { method: 'GET', path: `/integration/projects?id=${readBack}` },
      { method: 'GET', path: `/integration/projects?id=${secondOwn}`, key: SECOND_API_KEY },
      { method: 'GET', path: `/integration/analysis/detail?analysisId=${analysisId}` },
      { method: 'GET', path: `/integration/retrievereport?projectId=${analysed}&analysisId=${analysisId}` },
      { method: 'GET', path: `/integration/project/fullreport?projectId=${analysed}` },
      { method: 'GET', path: `/integrationfund/fund?fundExtractionId=${run}` },
      { method: 'POST', path: '/integration/processmessage', json: { projectId: readBack, content: 'after a claim' } },
      { method: 'POST', path: `/__mock/projects/${analysed}/status`, json: { code: 'closed', name: 'Closed' } },
      {
        method: 'POST',
        path: '/integration/project',
        json: { companyName: 'Claimed Robotics Files', projectType: 'projectAnalysisWithFile' },
      },
    ];
    const answers: unknown[] = [];
    let claims = 0;
    // One call, or a few in a row (well within the second after which a node fetches the rest).
    const onClaim = async (calls: ClientCall | ClientCall[]) => {
      const claimed = await node(`claim-${++claims}`);
      for (const [n, step] of [calls].flat().entries()) {
        const answer = await callStep(claimed, step);
        expect(answer, `${step.method} ${step.path}, call ${n + 1} after a claim`).toEqual(await callStep(model, step));
        answers.push(answer);
      }
      await claimed.close();
    };
    for (const step of steps) await onClaim(step);
    // The new company's analysis gets its files, then its job runs (settle), the clock moved.
    const newAnalysis = (answers.at(-1) as { body: { data: { analysisId: string } } }).body.data.analysisId;
    const files = () => {
      const form = new FormData();
      form.append('file', PDF(), 'claimed-deck.pdf');
      return form;
    };
    await onClaim({
      method: 'POST',
      path: '/integrationfiles/upload',
      form: files,
      headers: { analysisid: newAnalysis },
    });
    await onClaim({ method: 'POST', path: '/__mock/clock', json: { advanceMs: 10 } });
    await onClaim({ method: 'POST', path: '/__mock/settle', json: {} });
    // A job scheduled after a claim with none pending (a claim with jobs fetches the whole session),
    // while the session is read back only in part: the clock moved fetches what the pending jobs
    // read (control-parts.ts), not the whole image.
    await onClaim([
      {
        method: 'POST',
        path: '/integration/project',
        json: {
          companyName: 'Claimed Pending Robotics',
          projectType: 'projectAnalysisNoFile',
          companyWebsite: 'https://pending.example',
        },
      },
      { method: 'POST', path: '/__mock/clock', json: { advanceMs: 1 } },
    ]);
    await onClaim({ method: 'GET', path: `/integration/analysis/detail?analysisId=${newAnalysis}` });

    // Every read as the model answers it, on a node that claimed the session afresh.
    const last = await node('last');
    const fromModel = await observe(model, [run]);
    await expectSameAnswers(last, fromModel, [run], 'after the calls, against the unmutated model');
  });

  it('answers as the model where the owners of the companies read back are interleaved and one owns more than 10,000', async () => {
    database = await legDatabase();
    const model = await unmutatedInProcessMock(INTERLEAVED_SEED);
    closeAfterTest(() => model.close());
    // The first node writes the session as an image after its first write (the model takes it too).
    const first = await node('first', { seed: INTERLEAVED_SEED, compactRows: 1 });
    // No analysis: a pending job would make every claim fetch the whole image at once.
    const created = { companyName: 'Interleaved Robotics', projectType: 'projectNoAnalysis' };
    const answer = await call(model, 'POST', '/integration/project', { json: created });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await call(first, 'POST', '/integration/project', { json: created })).toEqual(answer);
    await waitForImage(database.url);
    // A second session whose companies have no analysis, written as an image at its reset: it holds
    // no analyses to read back.
    const bare = { 'x-mock-session': 'no-analyses' };
    for (const target of [first, model]) {
      const reset = await call(target, 'POST', '/__mock/reset', { json: NO_ANALYSES_SEED, headers: bare });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    }
    await waitForImage(database.url, bare['x-mock-session']);
    await first.close();
    // A creation as the first call after a claim of that session: it asks both tables for the
    // ids it draws (fetch-parts.ts fetchNewIds), the analyses' with no record read back.
    const claimedBare = await node('interleaved-bare', { seed: INTERLEAVED_SEED });
    const bareNext = {
      json: {
        companyName: 'Bare Analysed Robotics',
        projectType: 'projectAnalysisNoFile',
        companyWebsite: 'https://bare.example',
      },
      headers: bare,
    };
    const bareAnswer = await call(model, 'POST', '/integration/project', bareNext);
    expect(bareAnswer.status, JSON.stringify(bareAnswer.body)).toBe(200);
    expect(
      await call(claimedBare, 'POST', '/integration/project', bareNext),
      'a creation, no analysis read back',
    ).toEqual(bareAnswer);
    await claimedBare.close();
    // Each the first call of a node that has just claimed the session: a page of the first user's
    // companies (its matches in the owner column's sorted sections), a keyword search and a list
    // with keywords (every company of the owner's), and the filler user's companies in name order
    // (more than 10,000: every analysis read back fetched at once).
    for (const [n, [path, key]] of [
      ['/integration/projects?page=1&pageSize=5', undefined],
      ['/integration/projects?page=0&pageSize=5&search=ledger', undefined],
      ['/integration/project/search?keywords=robotics', undefined],
      ['/integration/projects?page=3&pageSize=4&orderby=companyName', 'filler-api-key'],
    ].entries()) {
      const claimed = await node(`interleaved-${n}`, { seed: INTERLEAVED_SEED });
      expect(await call(claimed, 'GET', path, { key }), `GET ${path}, the first call after a claim`).toEqual(
        await call(model, 'GET', path, { key }),
      );
      await claimed.close();
    }
  });

  it("holds the suite's groups, each on a node that has just read the session back", async () => {
    database = await legDatabase();
    // Processing in 30 ms, as the suite's other legs have it: the suite waits for analyses to end.
    // Random ids (no startTime): a creation's ids fall anywhere among the image's keys, whose
    // sections it fetches before it draws them (domain/ids.ts upcoming).
    const seed = { ...POSTGRES_SEED, processingMs: 30, startTime: undefined };
    const [waiting] = await writeImage(seed);
    const writer = await node('writer', { seed });
    await writeOverImage(writer, { waiting });
    await writer.close();
    for (const [name, pattern] of Object.entries(GROUPS)) {
      const claimed = await node(`suite-${name}`, { seed });
      const report = await runConformance({
        ...fullRun(claimed.baseUrl),
        seed: 3,
        pollTimeoutMs: 1_500,
        deliveryTimeoutMs: 1_000,
        only: catalogue.map((r) => r.id).filter((id) => pattern.test(id) || OVER_ALL_ANSWERS.includes(id)),
      });
      expect(
        report.results
          .filter((r) => r.status === 'failed' || r.status === 'warned')
          .map((r) => [r.id, r.violations[0]]),
        name,
      ).toEqual([]);
      await claimed.close();
    }
    // Creations racing at a claim: each draws ids whose key sections are anywhere, and fetches
    // again when another request drew its ids first (fetch-parts.ts newIdsDrawn).
    const racing = await node('racing', { seed });
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        call(racing, 'POST', '/integration/project', {
          json: { companyName: `Racing ${n}`, projectType: 'projectNoAnalysis' },
        }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(created.map((answer) => answer.body.data.project.id)).size).toBe(6);
  });

  it('answers as the model where GET /__mock/state builds every record while a compaction walks the session read back', async () => {
    database = await legDatabase();
    const url = database.url;
    const model = await unmutatedInProcessMock(COMPACTION_SEED);
    closeAfterTest(() => model.close());
    /** The call on the node, then on the model: the same answer. */
    const same = async (mock: Reachable, what: string, step: ClientCall) => {
      const answer = await callStep(mock, step);
      expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(await callStep(model, step), `${what}: the model's answer`).toEqual(answer);
      return answer.body.data;
    };
    // The first node writes the session as an image after its first write (READ_BACK_SEED's
    // companies and analyses: the records a later claim reads back).
    const first = await node('compaction-first', { seed: COMPACTION_SEED, compactRows: 1 });
    await same(first, 'a creation', {
      method: 'POST',
      path: '/integration/project',
      json: { companyName: 'Compacted Robotics', projectType: 'projectNoAnalysis' },
    });
    await waitForImage(url, 'default', 0);
    await first.close();
    // A node that does not compact: a fund run in analyze mode starts the 6,000 analyses, written
    // as rows beside the image (with their jobs, pending).
    const runner = await node('compaction-runner', { seed: COMPACTION_SEED, compactRows: 1_000_000 });
    const upload = await same(runner, 'a fund upload', {
      method: 'POST',
      path: '/integrationfund/fund/upload',
      form: () => {
        const form = new FormData();
        form.append('files', PDF(), 'compacted-fund.pdf');
        return form;
      },
    });
    const runOf = (name: string, projectMode: string): ClientCall => ({
      method: 'POST',
      path: '/integrationfund/fund/run',
      json: { name, folderPath: upload.folderPath, projectMode },
    });
    await same(runner, 'a fund run', runOf('Compacted Fund', 'analyze'));
    await same(runner, 'its processing time passed', {
      method: 'POST',
      path: '/__mock/clock',
      json: { advanceMs: 600_000 },
    });
    await runner.close();
    // A node that claims the session (the image read back lazily, the rows its own entries) and
    // compacts it at its first write that adds a row; a team's lease (5 s), which a loaded machine
    // keeps (with 2 s the node often lost it, and a lease regained counts no rows: no compaction).
    const rows = await storedRows(url);
    const walker = await node('compaction-walker', { seed: COMPACTION_SEED, compactRows: rows + 1, leaseMs: 5_000 });
    // What it logs while a request cuts the walk short: that is not a failure (the next write
    // compacts again), and an operator reads the log. (The walk touches no database: a store's
    // failure cannot be logged in that window.)
    const logged = vi.spyOn(console, 'error');
    let failures: string[];
    try {
      // A second fund run (the model's first: nothing runs between the node's answer and the
      // next call): it fetches the whole image first, and its run's row starts the compaction as
      // it commits, before the answer goes back; the walk then takes a part of 1,000 records a
      // turn, the analyses over six turns.
      const again = runOf('Compacted Fund Again', 'bookmark');
      const modelRun = await callStep(model, again);
      const run = await callStep(walker, again);
      // At once, mid-walk: the state builds every record read back (the walk is cut: no image
      // is written, and the next write compacts again).
      const state = await wholeState(walker);
      expect(run, 'a fund run that starts a compaction').toEqual(modelRun);
      expect(await wholeState(model), "the model's /__mock/state, mid-compaction").toEqual(state);
      failures = logged.mock.calls.map((args) => args.join(' ')).filter((line) => line.startsWith('portfolio-mock:'));
    } finally {
      logged.mockRestore();
    }
    expect(failures, 'what the node logged as the walk was cut').toEqual([]);
    await same(walker, 'a creation after it', {
      method: 'POST',
      path: '/integration/project',
      json: { companyName: 'Compacted Again Robotics', projectType: 'projectNoAnalysis' },
    });
    // Whichever compaction writes the image (this write's, or one not cut), the rows it folds are
    // gone; waited for a while only: a node that lost its lease meanwhile (a loaded machine)
    // counts its rows afresh and compacts nothing now.
    for (const started = Date.now(); Date.now() - started < 10_000 && (await storedRows(url)) >= rows; )
      await new Promise((resolve) => setTimeout(resolve, 20));
    await walker.close();
    // The session read back afresh: the company's analyses (found without building them), then
    // the state, as the model has them.
    const after = await node('compaction-after', { seed: COMPACTION_SEED });
    const listed: ClientCall = { method: 'GET', path: `/integration/projects?id=${TIDAL_LEDGER}` };
    expect(await callStep(after, listed), 'a company and its analyses read back').toEqual(
      await callStep(model, listed),
    );
    expect(await wholeState(after), 'the session read back after the compaction').toEqual(await wholeState(model));
  });
});
