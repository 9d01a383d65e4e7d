// A test of `npm run test:mutation`: the mutated mock's plan spent to its last credit, as a consumer
// team's test of "no credits left" does it (seed `credits`, `POST /__mock/credits`). The suite keeps
// within --max-credits and the default seed has 1000 credits, so no other leg sees a charge refused.
// Here a workspace with a few credits takes an analyze-mode fund run whose portfolio companies are
// charged one company analysis each until the credits end (the last at exactly its cost), a company
// and a fund run at exactly their cost, and the calls refused after them (402 Error131, nothing
// charged); one portfolio company is a seeded company with a completed analysis (the run starts its
// second), one has no website. Every call, and what a client reads after (the companies, each
// analysis, the full report of each analysis of the twice-analysed company, the runs, the credits
// in the control API's state), must answer as the unmutated model given the same seed and calls
// (`startTime`: ids and times deterministic; processing moved by the clock call only).
import { describe, expect, it } from 'vitest';
import type { MockSeed } from '../../../mocks/src/server.ts';
import { startMock } from '../../../mocks/src/server.ts';
import { closeAfterEach } from '../support/close-after-each.ts';
import { type Reachable, call } from '../support/restart-chain.ts';
import { unmutatedInProcessMock } from '../support/unmutated-model.ts';

const PROCESSING_MS = 600_000;
const ANALYSIS_COST = 2;
/** The specification's run cost (Limits): 10 credits, charged when the run is accepted. */
const RUN_COST = 10;
const ANALYSED_ID = 'c0ffee00-0000-4000-8000-00000000c001';

const SEED: MockSeed = {
  startTime: '2026-03-01T00:00:00.000Z',
  // Nothing moves by the machine's clock: the clock call moves processing on both sides alike.
  processingMs: PROCESSING_MS,
  analysisCost: ANALYSIS_COST,
  // One analyze-mode run, then each of the three portfolio companies' analyses: the last at exactly its cost.
  credits: RUN_COST + 3 * ANALYSIS_COST,
  portfolio: [
    { companyName: 'Tidal Ledger', website: 'https://tidalledger.example', status: 'exited', origin: 'document' },
    { companyName: 'Quiet Holdings', website: null, status: 'active', origin: 'document' },
    { companyName: 'Lumen Freight', website: 'https://lumenfreight.example', status: 'active', origin: 'document' },
  ],
  data: {
    projects: [
      {
        id: ANALYSED_ID,
        ownerUserId: 'user-mock',
        companyName: 'Tidal Ledger',
        companyWebsite: 'https://tidalledger.example',
        completedAnalysis: true,
      },
    ],
  },
};

const closeAfterTest = closeAfterEach();

type Answer = Awaited<ReturnType<typeof call>>;

describe("the mutated mock's credits, spent to the last", () => {
  it('charges, refuses at the boundary and shows what it charged as the unmutated model does', async () => {
    const mock = await startMock({ port: 0, seed: SEED, responseCache: false });
    closeAfterTest(() => mock.close());
    const model = await unmutatedInProcessMock(SEED);
    closeAfterTest(() => model.close());
    const targets: [string, Reachable][] = [
      ['the mutated mock', mock],
      ['the unmutated model', model],
    ];

    /** One call on both, in the same order; the mock's answer must be the model's. */
    const both = async (
      what: string,
      method: string,
      path: string,
      options: { json?: unknown; form?: () => FormData } = {},
    ): Promise<Answer> => {
      const [[, target], [, reference]] = targets;
      const answer = await call(target, method, path, { json: options.json, form: options.form?.() });
      const expected = await call(reference, method, path, { json: options.json, form: options.form?.() });
      expect(answer, `${what}: ${method} ${path}`).toEqual(expected);
      return expected;
    };
    const credits = async (what: string): Promise<number> => {
      const [mockState, modelState] = await Promise.all(targets.map(([, t]) => call(t, 'GET', '/__mock/state')));
      expect(mockState!.body.data.credits, `the credits ${what}`).toBe(modelState!.body.data.credits);
      return modelState!.body.data.credits;
    };
    const advance = (what: string) => both(what, 'POST', '/__mock/clock', { json: { advanceMs: PROCESSING_MS } });
    const refused = (answer: Answer) => [answer.status, answer.body?.code ?? answer.body?.metadata?.code];

    const pdf = () => {
      const form = new FormData();
      form.append('files', new Blob(['%PDF-1.4\n%credits leg\n'], { type: 'application/pdf' }), 'credits-fund.pdf');
      return form;
    };
    const upload = await both('a fund upload', 'POST', '/integrationfund/fund/upload', { form: pdf });
    const folderPath: string = upload.body.data.folderPath;
    const run = (name: string, projectMode?: string) =>
      both(`a fund run (${name})`, 'POST', '/integrationfund/fund/run', {
        json: { name, folderPath, ...(projectMode ? { projectMode } : {}) },
      });
    const company = (companyName: string) =>
      both(`a company analysed from its website (${companyName})`, 'POST', '/integration/project', {
        json: { companyName, companyWebsite: 'https://credits.example', projectType: 'projectAnalysisNoFile' },
      });

    // The analyze-mode run is accepted; at its end each portfolio company is charged an analysis.
    const first = await run('Credits Fund', 'analyze');
    expect(first.status, 'an analyze-mode run with credits for it').toBe(200);
    expect(await credits('after the run was accepted')).toBe(3 * ANALYSIS_COST);
    await advance('the run ends, its analyses start');
    expect(await credits('after the three analyses')).toBe(0);

    const firstRun: string = first.body.data.fundExtractionId;
    const readRun = (id: string) => both('the fund run', 'GET', `/integrationfund/fund?fundExtractionId=${id}`);
    const analyses = async (): Promise<string[]> =>
      (await both('the analysed company', 'GET', `/integration/projects?id=${ANALYSED_ID}`)).body.data.analyses.map(
        (a: { id: string }) => a.id,
      );
    const fullReports = async (what: string, ids: string[]) => {
      await both(`${what}: the full report`, 'GET', `/integration/project/fullreport?projectId=${ANALYSED_ID}`);
      for (const id of ids)
        await both(
          `${what}: the full report of one analysis`,
          'GET',
          `/integration/project/fullreport?projectId=${ANALYSED_ID}&analysisId=${id}`,
        );
    };
    await readRun(firstRun);
    const twice = await analyses();
    expect(twice.length, "the seeded company's analyses: its own and the run's").toBe(2);
    // The second analysis is under way: the full report given it shows the completed one's scores.
    await fullReports('the second analysis under way', twice);

    // Nothing left: a company analysis and a fund run are refused, nothing charged or created.
    expect(refused(await company('Refused Robotics')), 'a company analysis with no credits').toEqual([402, 'Error131']);
    expect(refused(await run('Refused Fund')), 'a fund run with no credits').toEqual([402, 'Error131']);
    // Exactly the cost of each: a company analysis, a run one credit short, then a run.
    const setCredits = (n: number) =>
      both('the credits set by the control API', 'POST', '/__mock/credits', { json: { credits: n } });
    await setCredits(ANALYSIS_COST);
    expect((await company('Spent Robotics')).status, 'a company analysis with exactly its cost').toBe(200);
    expect(await credits('after the last company analysis')).toBe(0);
    await setCredits(RUN_COST - 1);
    expect(refused(await run('Short Fund')), 'a fund run one credit short').toEqual([402, 'Error131']);
    expect(await credits('after the refused run')).toBe(RUN_COST - 1);
    await setCredits(RUN_COST);
    const last = await run('Last Fund', 'analyze');
    expect(last.status, 'an analyze-mode run with exactly its cost').toBe(200);
    expect(refused(await run('Refused Again')), 'a fund run after the last credit').toEqual([402, 'Error131']);
    await advance('the last run ends with no credits for its analyses');
    await advance('every analysis ends');
    expect(await credits('at the end')).toBe(0);

    // What a client reads after: the runs, the companies, each analysis, the full reports.
    const lastRun: string = last.body.data.fundExtractionId;
    for (const id of [firstRun, lastRun]) await readRun(id);
    const listed = await both('the companies', 'GET', '/integration/projects?page=0&pageSize=100&orderby=companyName');
    for (const project of listed.body.data)
      for (const analysis of project.analyses)
        await both(
          `${project.companyName}'s analysis`,
          'GET',
          `/integration/analysis/detail?analysisId=${analysis.id}`,
        );
    await fullReports('every analysis ended', await analyses());
    // The control API's whole state, but where each keeps its uploads.
    const [mockState, modelState] = await Promise.all(targets.map(([, t]) => call(t, 'GET', '/__mock/state')));
    const { uploadsDir: _mine, ...state } = mockState!.body.data;
    const { uploadsDir: _model, ...expected } = modelState!.body.data;
    expect(state, 'the control API state').toEqual(expected);
  });
});
