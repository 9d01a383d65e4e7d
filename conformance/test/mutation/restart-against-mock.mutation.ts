// A test of `npm run test:mutation`: the mutated mock restarted on its state file after writes, as a
// team mock is (support/restart-chain.ts). The read-back leg (read-back-against-mock.mutation.ts)
// restarts once, on an image no request changed; a client of a team mock also writes to a session
// read back, restarts again (the writes replayed over the image: a record read back set again, a
// record set twice), and has that file compacted while the session is read back only in part (every
// record read back built at once, the changes since merged in) and read back after. Each restart
// must answer every read as the mock before it did, and the suite's rules must hold over the rows
// written after the image.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningMock } from '../../../mocks/src/server.ts';
import { catalogue } from '../../src/live/catalogue/index.ts';
import { runConformance } from '../../src/live/run-conformance.ts';
import { fullRun } from '../support/conformance-mock.ts';
import {
  type ChainFile,
  call,
  compactNow,
  expectSameAnswers,
  observe,
  restart,
  writeChainImage,
  writeOverImage,
} from '../support/restart-chain.ts';

let file: ChainFile | undefined;
const running: RunningMock[] = [];
afterEach(async () => {
  for (const mock of running.splice(0)) await mock.close();
  await file?.remove();
  file = undefined;
});

async function start(
  chain: ChainFile,
  options: { compactBytes?: number; responseCache?: boolean } = {},
): Promise<RunningMock> {
  const mock = await restart(chain, options);
  running.push(mock);
  return mock;
}

async function stop(mock: RunningMock): Promise<void> {
  running.splice(running.indexOf(mock), 1);
  await mock.close();
}

const OVER_ALL_ANSWERS = ['contract.responses-conform', 'contract.no-undocumented-5xx'];
const rules = (pattern: RegExp) =>
  catalogue.map((r) => r.id).filter((id) => pattern.test(id) || OVER_ALL_ANSWERS.includes(id));

async function expectSuiteHolds(mock: RunningMock, pattern: RegExp, seed: number): Promise<void> {
  const report = await runConformance({
    ...fullRun(mock.baseUrl),
    seed,
    pollTimeoutMs: 1_500,
    deliveryTimeoutMs: 1_000,
    only: rules(pattern),
  });
  expect(
    report.results.filter((r) => r.status === 'failed' || r.status === 'warned').map((r) => [r.id, r.violations[0]]),
  ).toEqual([]);
}

/** The session's whole state as the control API shows it, but where the mock keeps its uploads. */
async function wholeState(mock: RunningMock): Promise<unknown> {
  const { body } = await call(mock, 'GET', '/__mock/state');
  const { uploadsDir: _dir, ...rest } = body.data;
  return rest;
}

describe('the mutated mock restarted on its state file after writes', () => {
  it('answers as before the restart after the suite wrote over a session read back, and the suite holds over it', async () => {
    file = await writeChainImage();
    const written = await start(file);
    // The suite with writes, then writes to records read back; every job run before the restart.
    await expectSuiteHolds(written, /^(auth|envelope|companies|search|analysis|fullreport|messages|funds)\./, 1);
    const run = await writeOverImage(written, file);
    const before = await observe(written, [run]);
    await stop(written);

    const restarted = await start(file);
    await expectSameAnswers(restarted, before, [run], 'restarted after writes');
    await expectSuiteHolds(restarted, /^(auth|envelope|companies|search)\./, 2);
  });

  it('answers as before after two restarts and a compaction of the session read back', async () => {
    file = await writeChainImage();
    const written = await start(file);
    const run = await writeOverImage(written, file);
    const before = await observe(written, [run]);
    await stop(written);

    // The writes replayed over the image; a keyword search before any list (the owners of companies
    // read back are the index's, none built yet), then the session compacted whole.
    const replayed = await start(file, { compactBytes: 1, responseCache: false });
    expect(await call(replayed, 'GET', '/integration/project/search?keywords=robotics')).toEqual(
      before['/integration/project/search?keywords=robotics'],
    );
    await compactNow(replayed, file.stateFile, 'replayed');
    await expectSameAnswers(replayed, before, [run], 'compacted while read back');
    // The control API's state builds every analysis read back (those changed since, and the new
    // ones, listed with them): every read again.
    const state = await wholeState(replayed);
    await expectSameAnswers(replayed, before, [run], 'after /__mock/state built every record read back');
    await stop(replayed);

    // The image the compaction wrote, read back, and compacted again: its companies now hold
    // several analyses read back each.
    const again = await start(file, { compactBytes: 1, responseCache: false });
    await expectSameAnswers(again, before, [run], 'restarted on the compacted image');
    expect(await wholeState(again)).toEqual(state);
    await compactNow(again, file.stateFile, 'again');
    await expectSameAnswers(again, before, [run], 'the image read back, compacted again');
  });
});
