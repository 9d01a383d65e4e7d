// A test of `npm run test:mutation`: the mutated mock on a state file restarted while work is still
// under way, as a team mock is restarted (a deploy, a crash) whenever it happens to be. The restart
// leg (restart-against-mock.mutation.ts) restarts only after every job ran; here an analysis and a
// fund run are still processing at the first restart, new companies start jobs after it, a folder
// linked before it is asked for again by another company, and a second restart comes before any of
// those jobs ran; the control API's settle (what the mock documents for a team that does not wait
// out processing) then ends them and a webhook is delivered in the kept session, read back after a
// third restart. Every call's answer must be the unmutated model's, given the same calls with no
// restart: a restart changes nothing a client sees. A startTime seed makes every id and time
// deterministic on both sides, so answers compare field for field. A second test keeps the
// mock's default response cache on and reads the webhook history before and after a delivery that
// lands while no request is open.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN, SECOND_ACCESS_TOKEN, SECOND_API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../contract-tests/support/webhook-receiver.ts';
import { type MockSeed, type RunningMock, startMock } from '../../../mocks/src/server.ts';
import { CONFORMANCE_SEED } from '../support/conformance-mock.ts';
import { type ChainFile, type ClientCall, type Reachable, call, callStep, observe } from '../support/restart-chain.ts';
import { closeAfterEach } from '../support/close-after-each.ts';
import { unmutatedInProcessMock } from '../support/unmutated-model.ts';

/** Nothing runs by the machine's clock while the leg runs: settle ends the jobs, whenever a restart came. */
const PENDING_SEED: MockSeed = {
  ...CONFORMANCE_SEED,
  startTime: '2026-04-01T00:00:00.000Z',
  processingMs: 600_000,
};

let file: Pick<ChainFile, 'stateFile' | 'remove'> | undefined;

/** A new state file in a directory of its own. */
async function tempStateFile(): Promise<Pick<ChainFile, 'stateFile' | 'remove'>> {
  const dir = await mkdtemp(join(tmpdir(), 'portfolio-pending-restart-'));
  return { stateFile: join(dir, 'state.jsonl'), remove: () => rm(dir, { recursive: true, force: true }) };
}
const closeAfterTest = closeAfterEach();

/** A mock on the leg's state file, as `portfolio-mock --state-file` starts one (a restart when the file holds writes). */
async function startOnFile(seed: MockSeed, options: { responseCache?: boolean } = {}): Promise<RunningMock> {
  const mock = await startMock({ port: 0, seed, stateFile: file!.stateFile, ...options });
  // Its close, called in the test, is a restart's stop (the next mock takes the file), not again after.
  return { ...mock, close: closeAfterTest(() => mock.close()) };
}

const PDF = () => new Blob(['%PDF-1.4\n%pending restart\n'], { type: 'application/pdf' });

/** A call of a client's, named for the failure message. */
interface Step extends ClientCall {
  what: string;
}

/** Makes the call on the mock and on the model; the answers must be the same. Returns the mock's body. */
async function same(mock: Reachable, model: Reachable, step: Step): Promise<any> {
  const got = await callStep(mock, step);
  const expected = await callStep(model, step);
  // The leg's own calls are ones the model takes: a refusal on both sides would compare nothing.
  expect(expected.status, `${step.what}: the model's answer ${JSON.stringify(expected.body)}`).toBe(200);
  expect(got, `${step.what}: ${step.method} ${step.path}`).toEqual(expected);
  return got.body;
}

/** Every read of `observe` on the mock, answered as the model answers it. */
async function sameReads(mock: Reachable, model: Reachable, fundRuns: string[], when: string): Promise<void> {
  const seen = await observe(mock, fundRuns);
  const expected = await observe(model, fundRuns);
  for (const [read, answer] of Object.entries(expected)) expect(seen[read], `${when}: GET ${read}`).toEqual(answer);
  expect(Object.keys(seen), `${when}: the reads made`).toEqual(Object.keys(expected));
}

const company = (companyName: string, extra: Record<string, unknown> = {}): unknown => ({
  companyName,
  projectType: 'projectAnalysisNoFile',
  companyWebsite: `https://${companyName.toLowerCase().replace(/ /g, '-')}.example`,
  ...extra,
});

/** A company asking for the first user's drive folder `folder-helio-grid`. */
const onFolder = (companyName: string): unknown =>
  company(companyName, { projectType: 'projectAnalysisWithFile', folderLink: 'folder-helio-grid' });

describe('the mutated mock restarted on its state file while work is under way', () => {
  it('answers as the unmutated model after a restart while processing, new jobs after it and a second restart', async () => {
    file = await tempStateFile();
    closeAfterTest(file.remove);
    const model = await unmutatedInProcessMock(PENDING_SEED);
    closeAfterTest(() => model.close());
    // The mock and the model deliver to it alike.
    const receiver = await startWebhookReceiver();
    closeAfterTest(() => receiver.close());

    // Work left under way: an analysis processing, a fund run processing, a company linked to a
    // folder, and the second user's analysis processing with a webhook to deliver once it ends (the
    // only delivery: the fund run's event goes to its owner's configuration, and the first user has none).
    const first = await startOnFile(PENDING_SEED);
    await same(first, model, {
      what: "the second user's webhook",
      method: 'POST',
      path: '/integration/webhook',
      key: `Bearer ${SECOND_ACCESS_TOKEN}`,
      json: { url: receiver.url, analysisCompleted: true },
    });
    await same(first, model, {
      what: "the second user's company whose analysis is processing at the restart",
      method: 'POST',
      path: '/integration/project',
      key: SECOND_API_KEY,
      json: company('Second Pending Across Restart'),
    });
    await same(first, model, {
      what: 'a company whose analysis is processing at the restart',
      method: 'POST',
      path: '/integration/project',
      json: company('Pending Across Restart'),
    });
    const uploaded = await same(first, model, {
      what: 'a fund upload',
      method: 'POST',
      path: '/integrationfund/fund/upload',
      form: () => {
        const form = new FormData();
        form.append('files', PDF(), 'pending-fund.pdf');
        return form;
      },
    });
    const run = await same(first, model, {
      what: 'a fund run processing at the restart',
      method: 'POST',
      path: '/integrationfund/fund/run',
      json: { name: 'Pending Restart Fund', folderPath: uploaded.data.folderPath },
    });
    const runs = [run.data.fundExtractionId as string];
    await same(first, model, {
      what: 'a company linked to a drive folder',
      method: 'POST',
      path: '/integration/project',
      json: onFolder('Linked Before Restart'),
    });
    await first.close();

    // The first restart: the work is still under way; new jobs are scheduled beside the ones read back.
    const second = await startOnFile(PENDING_SEED);
    await sameReads(second, model, runs, 'restarted while processing');
    await same(second, model, {
      what: 'a company created after the restart (its jobs beside those read back)',
      method: 'POST',
      path: '/integration/project',
      json: company('Created After Restart'),
    });
    await same(second, model, {
      what: 'a second company asking for the folder linked before the restart',
      method: 'POST',
      path: '/integration/project',
      json: onFolder('Same Folder After Restart'),
    });
    await second.close();

    // The second restart, every job still pending; the clock moved, then settle ends them all (and
    // waits for the delivery).
    const third = await startOnFile(PENDING_SEED);
    // Half the processing time first, as POST /__mock/clock documents: each analysis's and the fund
    // run's first move is due (halfway), none of the last.
    await same(third, model, {
      what: 'the processing clock moved halfway',
      method: 'POST',
      path: '/__mock/clock',
      json: { advanceMs: PENDING_SEED.processingMs! / 2 },
    });
    await same(third, model, { what: 'settling every pending job', method: 'POST', path: '/__mock/settle' });
    await sameReads(third, model, runs, 'after settle');
    const history = await call(model, 'GET', '/integration/webhook/history', { key: `Bearer ${SECOND_ACCESS_TOKEN}` });
    expect(
      history.body?.data,
      "the model's history: the second user's analysis delivered (the leg's own sequence)",
    ).toMatchObject([{ event: 'analysisCompleted', status: 'Success' }]);
    await third.close();

    // A third restart: the delivery made in a kept session is read back, once, and nothing else.
    const fourth = await startOnFile(PENDING_SEED);
    await sameReads(fourth, model, runs, 'restarted after the delivery');
  });

  it('answers the webhook history with the response cache on: a delivery that lands after a read shows in the next', async () => {
    // No state file here: the cache and the delivery's record are the same with one or without.
    const receiver = await startWebhookReceiver();
    closeAfterTest(() => receiver.close());
    const mock = await startMock({ port: 0, seed: CONFORMANCE_SEED });
    closeAfterTest(() => mock.close());
    // The receiver holds its answer, so a read of the history comes while the delivery is under way.
    receiver.respondWith(200, 300);
    const bearer = { key: `Bearer ${ACCESS_TOKEN}` };
    const configured = await call(mock, 'POST', '/integration/webhook', {
      ...bearer,
      json: { url: receiver.url, analysisCompleted: true },
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    const history = () => call(mock, 'GET', '/integration/webhook/history', bearer);
    const before = await history();
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const created = await call(mock, 'POST', '/integration/project', { json: company('Delivered While Read') });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // Its analysis ends by the clock (30 ms): the delivery leaves with no request open.
    await arrived(receiver, 1);
    await history();
    // "the 10 most recent deliveries, newest first": once the receiver answered 200, the newest is this one.
    const after = await eventually(async () => {
      const read = await history();
      return read.body?.data?.length > before.body.data.length ? read : undefined;
    }, 'the history never showed the delivery the receiver answered');
    expect(after.body.data.length).toBe(Math.min(10, before.body.data.length + 1));
    expect(after.body.data[0]).toMatchObject({ event: 'analysisCompleted', status: 'Success' });
  });
});

/** Waits until the receiver got `count` deliveries (5 s at most). */
async function arrived(receiver: WebhookReceiver, count: number): Promise<void> {
  await eventually(
    async () => receiver.received.length >= count || undefined,
    `the receiver got ${receiver.received.length} deliveries, not ${count}`,
  );
}

/** Polls `probe` every 20 ms until it answers something, 5 s at most (a delivery lands within ms of its answer). */
async function eventually<T>(probe: () => Promise<T | undefined>, failure: string): Promise<T> {
  for (const started = Date.now(); ; ) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() - started > 5_000) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
