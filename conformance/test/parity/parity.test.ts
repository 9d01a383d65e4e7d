// `portfolio-conformance parity` and `portfolio-mock --gap-profile` (issue 25, part 4): against the
// mock nothing differs and every choice is the one the mock names in X-Mock-Gap; against a double
// whose open behaviours differ (gap-double.ts) each difference is listed; the mock started with the
// profile that run wrote answers like the double, and a second parity run finds no difference; so do
// the MSW handlers given that profile.
import { createServer, type Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GAP_PROBES, type GapObservation, parseGapProfile } from '../../../common/src/index.ts';
import { ACCESS_TOKEN, API_KEY, SECOND_API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import { freePort } from '../../../contract-tests/support/free-port.ts';
import { listenOnLoopback } from '../../../contract-tests/support/listen-on-loopback.ts';
import { main as mockMain } from '../../../mocks/src/cli.ts';
import { checkingFetch } from '../../../mocks/test/support/checking-fetch.ts';
import { readGapProfile } from '../../../mocks/src/gap-profile-file.ts';
import { gapChoicesOf } from '../../../mocks/src/gap-profile-choices.ts';
import { createHandlers } from '../../../mocks/src/msw/index.ts';
import { type RunningMock, startMock } from '../../../mocks/src/server.ts';
import { main } from '../../src/cli.ts';
import { allOptionsParity, DRIVE_FOLDER, fundRunParity, MSW_ORIGIN, mswParity } from '../support/parity-options.ts';
import { formatParityText } from '../../src/parity/report.ts';
import { readBaseline } from '../../src/parity/baseline.ts';
import {
  markSharedChoices,
  type ParityGap,
  type ParityReport,
  runParity,
  sameChoice,
} from '../../src/parity/run-parity.ts';
import { type BrokenProxy, startBrokenProxy } from '../doubles/broken-proxy.ts';
import { FUND_DOUBLE_CHOICES, fundGapDouble } from '../doubles/fund-gap-double.ts';
import {
  GAP_DOUBLE_CHOICES,
  gapDouble,
  RECORDS_DOUBLE_CHOICES,
  recordsGapDouble,
  RECORDS_DOUBLE_PROFILEABLE,
} from '../doubles/gap-double.ts';
import { captureOutput } from '../support/captured-output.ts';
import { paritySeed } from '../support/conformance-mock.ts';

/**
 * Analyses and fund runs take 300 ms: parity reads its company back while the analysis runs, then
 * awaits its delivery, and reads its fund run while it runs; two companies are named as the fund
 * run's portfolio companies.
 */
const PARITY_SEED = paritySeed(300);
/**
 * The options that let parity reach another user, an analysis and its delivery, and the drive's
 * name search. The profile test leaves out the fund run and the link forms (not profile-able, and
 * their many reads would wait out the gap double's rate limit); the other tests run them.
 */
const REACH_ARGS = [
  ...['--second-api-key', SECOND_API_KEY, '--analysis-cost', '1', '--receiver-host', '127.0.0.1'],
  ...['--drive-folder-name', DRIVE_FOLDER],
];

let mock: RunningMock;
let double: BrokenProxy;
let dir: string;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: PARITY_SEED });
  double = await startBrokenProxy(mock.origin, gapDouble());
  dir = await mkdtemp(join(tmpdir(), 'parity-test-'));
});
afterAll(async () => {
  await double?.close();
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});

const ids = Object.keys(GAP_PROBES);

const parity = (baseUrl: string, session?: string) => runParity(allOptionsParity(baseUrl, session));

const differing = (report: ParityReport) => report.gaps.filter((g) => g.differs).map((g) => g.id);

/**
 * Behaviours read from statuses over time: on a loaded machine two reads may come too far apart to
 * see each status, and parity then leaves the behaviour not touched, saying why.
 */
const unseenForTiming = (report: ParityReport) =>
  report.gaps
    .filter(
      (g) =>
        !g.touched &&
        /statuses may have passed unseen$|^the analysis was not (seen|read both) under way/.test(g.reason ?? ''),
    )
    .map((g) => g.id);

// The runs against the mock and the records double run side by side (their own sessions): most of
// each is waiting (processing time, deliveries).
describe('parity', () => {
  it.concurrent('finds nothing against the mock, whose answers name the choices the table holds', async () => {
    const report = await parity(mock.baseUrl, 'parity-plain');
    expect(differing(report)).toEqual([]);
    // The conformance seed's analyses list no source: the shape of one cannot be seen.
    const timing = unseenForTiming(report);
    expect(
      timing.every((id) =>
        [
          'analysis.processing-while-running',
          'analysis.statuses',
          'analysis.project-scores',
          'funds.run-progress',
        ].includes(id),
      ),
      timing.join(),
    ).toBe(true);
    expect(report.gaps.filter((g) => !g.touched).map((g) => g.id)).toEqual(
      ['analysis.entry-sources', ...timing].sort((a, b) => ids.indexOf(a) - ids.indexOf(b)),
    );
    expect(report.touched).toBe(ids.length - 1 - timing.length);
    // The processing while running and the scores answer marks of their own; the analysis's
    // statuses share theirs with the unreachable website's analysis, the fund run's with the run
    // over an unreadable file.
    const ownMarks = ['analysis.processing-while-running', 'analysis.project-scores'].filter((id) =>
      timing.includes(id),
    );
    expect([report.gapsTouched, report.contractGaps]).toEqual([33 - ownMarks.length, 81]);
    for (const gap of report.gaps.filter((g) => g.mockGap))
      expect(gap.deploymentMockGap?.split('; '), gap.id).toContain(gap.mockGap);
  });

  it.concurrent('finds the receivers refused as declared through the MSW handlers at an https origin (port 443 implied)', async () => {
    // Its own origin (no port) is itself; its host over http with no port is port 80, another service.
    const handlers = createHandlers({ seed: PARITY_SEED });
    try {
      const report = await runParity(mswParity(handlers));
      const receivers = report.gaps.find((g) => g.id === 'webhooks.receiver-addresses-refused')!;
      expect([receivers.touched, differing(report)]).toEqual([true, []]);
      const saves = handlers.requests({ method: 'POST' }).filter((e) => e.path.endsWith('/integration/webhook'));
      const statusOf = (url: string) => saves.find((e) => (e.body as { url?: string } | null)?.url === url)?.status;
      expect(
        [`${MSW_ORIGIN}/parity-receiver`, `${MSW_ORIGIN.replace('https:', 'http:')}/parity-receiver`].map(statusOf),
      ).toEqual([400, 200]);
    } finally {
      handlers.close();
    }
  });

  it.concurrent('lists every difference of a deployment whose records differ; the mock follows the values a profile can hold, and says why not for the rest', async () => {
    // A service whose records and views hold other values, and which saves receivers the mock refuses.
    const records = await startBrokenProxy(mock.origin, recordsGapDouble());
    let report: ParityReport;
    try {
      report = await parity(records.baseUrl, 'parity-records');
    } finally {
      await records.close();
    }
    const listed = report.gaps.filter((g) => g.differs);
    const timing = unseenForTiming(report);
    expect(listed.map((g) => [g.id, g.deployment])).toEqual(
      Object.entries(RECORDS_DOUBLE_CHOICES).filter(([id]) => !timing.includes(id)),
    );
    const followed = listed.filter((g) => g.profileable).map((g) => g.id);
    expect(followed.sort()).toEqual(RECORDS_DOUBLE_PROFILEABLE.filter((id) => !timing.includes(id)).sort());
    for (const gap of listed.filter((g) => !g.profileable))
      expect(gap.profileNote, gap.id).toMatch(/^the mock cannot take this behaviour from a profile: ./);
    expect(formatParityText(report)).toContain(
      '[differs] analysis.score-color: projectfit_<code>_scoreColor against projectfit_<code>_score',
    );

    // The mock started with that run's profile makes its fund runs, analyses, scores, emails and
    // drive links as the double does: a second run compared with the first shows no difference there.
    const file = join(dir, 'records.json');
    await writeFile(file, JSON.stringify(report));
    const profiled = await startMock({ port: 0, seed: PARITY_SEED, gapProfile: await readGapProfile(file) });
    try {
      const again = await runParity({ ...allOptionsParity(profiled.baseUrl), baseline: await readBaseline(file) });
      const still = again.gaps.filter((g) => g.differs).map((g) => g.id);
      expect(still.sort()).toEqual(
        listed
          .filter((g) => !g.profileable)
          .map((g) => g.id)
          // Not touched against the mock (the seed's analyses list no source), or statuses not judged.
          .filter((id) => again.gaps.find((g) => g.id === id)?.touched)
          .sort(),
      );
    } finally {
      await profiled.close();
    }
  });

  it.concurrent('lists the fund run answers of a service that shows running and never links a listed company; the mock follows its profile', async () => {
    const funds = await startBrokenProxy(mock.origin, fundGapDouble());
    let report: ParityReport;
    try {
      report = await runParity(fundRunParity(funds.baseUrl));
    } finally {
      await funds.close();
    }
    const timing = unseenForTiming(report);
    const listed = report.gaps.filter((g) => g.differs);
    expect(listed.map((g) => [g.id, g.deployment, g.profileable])).toEqual(
      Object.entries(FUND_DOUBLE_CHOICES)
        .filter(([id]) => !timing.includes(id))
        .map(([id, answer]) => [id, answer, true]),
    );
    const file = join(dir, 'funds.json');
    await writeFile(file, JSON.stringify(report));
    const profiled = await startMock({ port: 0, seed: PARITY_SEED, gapProfile: await readGapProfile(file) });
    try {
      const again = await runParity({ ...fundRunParity(profiled.baseUrl), baseline: await readBaseline(file) });
      expect(differing(again)).toEqual([]);
    } finally {
      await profiled.close();
    }
  });

  it('lists every difference of a deployment whose open behaviours differ; the mock and its MSW handlers follow its profile', async () => {
    const file = join(dir, 'double');
    const run = await captureOutput(() =>
      main([
        'parity',
        '--base-url',
        double.baseUrl,
        '--api-key',
        API_KEY,
        '--access-token',
        ACCESS_TOKEN,
        '--allow-writes',
        ...REACH_ARGS,
        '--report',
        file,
      ]),
    );
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(join(file, 'parity.json'), 'utf8')) as ParityReport;
    expect(differing(report).sort()).toEqual(Object.keys(GAP_DOUBLE_CHOICES).sort());
    for (const gap of report.gaps.filter((g) => g.differs)) {
      expect(sameChoice(gap.deployment!, GAP_DOUBLE_CHOICES[gap.id]!), gap.id).toBe(true);
      expect(gap.profileable, gap.id).toBe(true);
      expect(run.out.join('\n')).toContain(`[differs] ${gap.id}`);
    }
    expect(await readFile(join(file, 'parity.md'), 'utf8')).toMatch(
      /^# Gap parity: .*\n[\s\S]*\| `errors.unknown-project`/,
    );

    const profiled = await startMock({
      port: 0,
      seed: PARITY_SEED,
      gapProfile: await readGapProfile(join(file, 'parity.json')),
    });
    try {
      // The profiled mock compared with the double's answers (--baseline): no difference, and every
      // answer it changed still within the contract (the checking fetch judges each one).
      const realFetch = globalThis.fetch;
      const checking = checkingFetch((input, init) => realFetch(input, init));
      vi.stubGlobal('fetch', checking.fetch);
      const second = await captureOutput(() =>
        main([
          'parity',
          '--base-url',
          profiled.baseUrl,
          '--api-key',
          API_KEY,
          '--access-token',
          ACCESS_TOKEN,
          '--allow-writes',
          ...REACH_ARGS,
          '--baseline',
          join(file, 'parity.json'),
          '--report',
          join(dir, 'profiled'),
        ]),
      ).finally(() => vi.unstubAllGlobals());
      expect(checking.violations()).toEqual([]);
      expect(checking.checks.map((c) => c.status)).toEqual(expect.arrayContaining([429, 422, 400, 404, 200]));
      const again = JSON.parse(await readFile(join(dir, 'profiled', 'parity.json'), 'utf8')) as ParityReport;
      expect([second.code, differing(again)], second.out.join('\n')).toEqual([0, []]);
      expect(again.baselineSource).toBe(double.baseUrl);
      for (const gap of again.gaps.filter((g) => GAP_DOUBLE_CHOICES[g.id] && g.mockGap))
        expect(gap.deploymentMockGap, gap.id).toContain(
          `${gap.mockGap!.split(': ')[0]}: as in the gap profile of ${double.baseUrl}`,
        );
    } finally {
      await profiled.close();
    }

    // The MSW handlers given the same file (as a front-end test imports it) answer like the double too.
    const handlers = createHandlers({
      seed: PARITY_SEED,
      gapProfile: JSON.parse(await readFile(join(file, 'parity.json'), 'utf8')),
    });
    const served = await listenOnLoopback(createAdaptorServer({ fetch: handlers.fetch }) as Server, {
      closeConnections: true,
    });
    try {
      const viaMsw = await captureOutput(() =>
        main([
          'parity',
          ...['--base-url', `${served.origin}/api`, '--api-key', API_KEY, '--access-token', ACCESS_TOKEN],
          '--allow-writes',
          ...REACH_ARGS,
          ...['--baseline', join(file, 'parity.json'), '--report', join(dir, 'msw')],
        ]),
      );
      const report = JSON.parse(await readFile(join(dir, 'msw', 'parity.json'), 'utf8')) as ParityReport;
      expect([viaMsw.code, differing(report)], viaMsw.out.join('\n')).toEqual([0, []]);
    } finally {
      await served.close();
      handlers.close();
    }
    expect(() => createHandlers({ gapProfile: { kind: 'something else' } })).toThrow(/^not a gap profile/);
  });

  it('misses no single difference (a checker blind to one part of an answer fails here)', () => {
    const pairs: [GapObservation, GapObservation][] = [
      [
        { kind: 'error', status: 404, code: 'MOCK_NOT_FOUND' },
        { kind: 'error', status: 400, code: 'MOCK_NOT_FOUND' },
      ],
      [
        { kind: 'error', status: 404, code: 'MOCK_NOT_FOUND' },
        { kind: 'error', status: 404, code: 'Error100' },
      ],
      [
        { kind: 'rate-limit', limitedAfter: 10, retryAfter: '1', code: 'Error429' },
        { kind: 'rate-limit', limitedAfter: 10, retryAfter: '2', code: 'Error429' },
      ],
      [
        { kind: 'rate-limit', limitedAfter: 10, retryAfter: '1', code: 'Error429' },
        { kind: 'rate-limit', limitedAfter: 9, retryAfter: '1', code: 'Error429' },
      ],
      [
        { kind: 'fields', extra: {} },
        { kind: 'fields', extra: { score: 1 } },
      ],
      [
        { kind: 'shape', shape: 'object' },
        { kind: 'shape', shape: 'array' },
      ],
      [
        { kind: 'values', values: { name: 'companyName', companyWebsite: 'null' } },
        { kind: 'values', values: { name: 'companyName', companyWebsite: 'absent' } },
      ],
      [
        { kind: 'values', values: { scoreColor: 'green from 7, orange from 5, red below' } },
        { kind: 'values', values: { scoreColor: '8: green, 6.5: green' } },
      ],
    ];
    for (const [a, b] of pairs) expect(sameChoice(a, b), JSON.stringify([a, b])).toBe(false);
    // Values of open fields are the records' own: only their names are the choice.
    expect(sameChoice({ kind: 'fields', extra: { score: 1 } }, { kind: 'fields', extra: { score: 2 } })).toBe(true);
  });

  it('exits 2 on usage and 3 on an unreachable deployment, in one line', async () => {
    const usage = await captureOutput(() => main(['parity', '--api-key', 'k']));
    expect([usage.code, usage.err]).toEqual([2, ['Missing --base-url (--help for the usage)']]);
    for (const [flag, message] of [
      [['--fund-run'], '--fund-run needs --allow-writes'],
      [['--drive-folder-id', 'f1'], '--drive-folder-id needs a folder id and --allow-writes'],
      [
        ['--drive-shared-folder-name', 'Duplicate Name'],
        '--drive-shared-folder-name needs a folder name and --allow-writes',
      ],
    ] as const) {
      const run = await captureOutput(() => main(['parity', '--base-url', mock.baseUrl, '--api-key', 'k', ...flag]));
      expect([run.code, run.err.length, run.err[0]?.startsWith(message)], flag[0]).toEqual([2, 1, true]);
    }
    const closed = `http://127.0.0.1:${await freePort()}/api`;
    const unreachable = await captureOutput(() => main(['parity', '--base-url', closed, '--api-key', 'k']));
    expect(unreachable.code).toBe(3);
    expect(unreachable.err).toHaveLength(1);
    expect(unreachable.err[0]).toMatch(/^cannot reach .*ECONNREFUSED/);
    // A deployment that takes the connection and never answers: --timeout, then exit 3.
    const silent = await listenOnLoopback(
      createServer(() => undefined),
      { closeConnections: true },
    );
    try {
      const started = Date.now();
      const hung = await captureOutput(() =>
        main(['parity', '--base-url', `${silent.origin}/api`, '--api-key', 'k', '--timeout', '300']),
      );
      expect([hung.code, hung.err.length, Date.now() - started < 5_000]).toEqual([3, 1, true]);
      expect(hung.err[0]).toMatch(/^cannot reach .*timeout/i);
    } finally {
      await silent.close();
    }
    const refused = await captureOutput(() => main(['parity', '--base-url', mock.baseUrl, '--api-key', 'wrong']));
    expect([refused.code, refused.err]).toEqual([2, [`${mock.baseUrl} refused --api-key (HTTP 401)`]]);
  });
});

describe('portfolio-mock --gap-profile', () => {
  const profileOf = (gaps: unknown[]) => ({ kind: 'portfolio-gap-parity', version: 1, baseUrl: 'x', gaps });
  const touched = (id: string, deployment: unknown) => ({ id, touched: true, profileable: true, deployment });

  it.each([
    ['not JSON', '{', /is not JSON/],
    ['another kind of file', '{"kind":"MockSeed"}', /not a gap profile/],
    [
      'an unknown behaviour',
      JSON.stringify(profileOf([touched('errors.teapot', null)])),
      /unknown behaviour "errors.teapot"/,
    ],
    [
      'a success as an error',
      JSON.stringify(profileOf([touched('errors.unknown-project', { kind: 'error', status: 200, code: '1000' })])),
      /status 200 is not an error status/,
    ],
    [
      'a behaviour the mock cannot take',
      JSON.stringify(profileOf([touched('webhooks.read-before-save', { kind: 'shape', shape: 'null' })])),
      /cannot take this behaviour/,
    ],
  ])('refuses %s with exit 2 and one line', async (_name, text, message) => {
    const file = join(dir, 'bad-profile.json');
    await writeFile(file, text);
    const run = await captureOutput(() =>
      mockMain(['--port', '0', '--gap-profile', file], { docsDir: async () => undefined }),
    );
    expect(run.code).toBe(2);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(message);
  });

  it('takes the open values of records a client saw, and refuses those the mock would make up, with the reason', () => {
    const values = (id: string, words: Record<string, string>) =>
      parseGapProfile(profileOf([touched(id, { kind: 'values', values: words })]));
    const refused: [string, Record<string, string>, RegExp][] = [
      ['analysis.project-scores', { 'read back at once': '0', 'when completed': '2' }, /scores the mock makes up/],
      ['funds.id-forms', { fundId: '8d0c6f1e', 'company ids': 'fc-1' }, /an id of the deployment's own/],
      ['funds.id-forms', { fundId: '{fundExtractionId}', 'company ids': 'fc-1, fc-7' }, /not numbered from 1/],
      ['funds.run-progress', { statuses: 'running, completed' }, /pending, then running or not/],
      [
        'funds.run-progress',
        {
          statuses: 'pending, running, completed',
          'figures before the end': 'empty list',
          'available before the end': 'workbook',
          'dataSections before the end': 'empty list',
          'available while running': 'none',
          'figures when completed': 'a list',
        },
        /the mock shows the same the whole time a run is under way/,
      ],
      ['drive.folder-link-forms', { 'open?id= url': 'ambiguous' }, /matched or not found/],
      ['funds.run-defaults', { customerIsInvestor: 'yes' }, /not true or false/],
      ['funds.unreadable-file-run', { 'ends as': 'error', dataSections: 'reconciled' }, /the mock's lists none/],
      [
        'funds.unreadable-file-run',
        { 'ends as': 'error', available: 'workbook' },
        /no workbook, overview or structure/,
      ],
    ];
    for (const [id, words, reason] of refused) expect(() => values(id, words), id).toThrow(reason);
    // A profile written before the errored run's sections were observed still loads.
    expect(gapChoicesOf(values('funds.unreadable-file-run', { 'ends as': 'completed' }))?.unreadableFundFails).toBe(
      false,
    );
    const forms = values('funds.id-forms', { fundId: 'f-{owner id}', 'company ids': 'x1-c1, x1-c2, x1-c3' });
    expect(gapChoicesOf(forms)?.idForms).toEqual({ fundId: 'f-{owner id}', companyId: 'x1-c{n}' });
    const links = values('drive.folder-link-forms', {
      'open?id= url': 'not found',
      'open?id= url, id not last': 'matched',
      'bare id with spaces around': 'not found',
      'folders url with a query': 'matched',
      'bare id': 'matched',
    });
    const read = gapChoicesOf(links)!.linkRead;
    expect(
      ['https://d.example/open?id=f1', 'https://d.example/open?id=f1&a=0', ' f1 ', 'https://d.example/folders/f1'].map(
        read,
      ),
    ).toEqual([false, true, false, true]);
  });

  it('takes one choice from the two behaviours that set it only when they agree', () => {
    const ends = (word: string) => ({ kind: 'values' as const, values: { 'ends as': word } });
    const both = (website: string, upload: string) =>
      profileOf([
        touched('analysis.unreachable-website', ends(website)),
        touched('analysis.unreadable-upload', ends(upload)),
      ]);
    expect(() => parseGapProfile(both('failed', 'completed'))).toThrow(
      /^analysis.unreachable-website and analysis.unreadable-upload are answered otherwise: the mock fails an analysis over any unreadable source/,
    );
    expect(gapChoicesOf(parseGapProfile(both('completed', 'completed')))?.unreadableFails).toBe(false);
    expect(
      gapChoicesOf(parseGapProfile(profileOf([touched('analysis.unreadable-upload', ends('completed'))])))
        ?.unreadableFails,
    ).toBe(false);
    // Parity marks the second not profile-able where a deployment answered them otherwise, so its profile loads.
    const gap = (id: string, word: string) => ({ id, profileable: true, deployment: ends(word) }) as ParityGap;
    const gaps = [gap('analysis.unreachable-website', 'failed'), gap('analysis.unreadable-upload', 'completed')];
    markSharedChoices(gaps);
    expect(gaps.map((g) => [g.profileable, g.profileNote])).toEqual([
      [true, undefined],
      [false, expect.stringMatching(/^the mock follows analysis.unreachable-website here: /)],
    ]);
    const alike = [gap('analysis.unreachable-website', 'failed'), gap('analysis.unreadable-upload', 'failed')];
    markSharedChoices(alike);
    expect(alike.map((g) => g.profileable)).toEqual([true, true]);
  });

  it('skips what the run did not touch or could not profile', () => {
    const profile = parseGapProfile(
      profileOf([
        { id: 'errors.unknown-project', touched: false, profileable: false, deployment: null },
        {
          id: 'companies.orderby-unknown-field',
          touched: true,
          profileable: false,
          deployment: { kind: 'error', status: 200, code: '1000' },
        },
        touched('errors.malformed-json', { kind: 'error', status: 422, code: 'E' }),
      ]),
    );
    expect(profile.answers).toEqual({ 'errors.malformed-json': { kind: 'error', status: 422, code: 'E' } });
  });
});
