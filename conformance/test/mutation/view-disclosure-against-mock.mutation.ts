// A test of `npm run test:mutation`: the mutated mock names a choice of a company's views in
// X-Mock-Gap only where its answer makes it. Parity's table (GAP_PROBES, not mutated) holds the two
// texts; parity-against-mock checks each is named where due, this file that neither is named where
// the answer makes no such choice (a company given every field, no analysis under way), and that a
// list names the placeholders when one company of its page holds them.
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import { GAP_PROBES } from '../../../common/src/index.ts';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { paritySeed } from '../support/conformance-mock.ts';

const PLACEHOLDERS = GAP_PROBES['companies.placeholder-values'].mockGap;
const PROCESSING = GAP_PROBES['analysis.processing-while-running'].mockGap;
const GIVEN_ID = 'c0ffee00-0000-4000-8000-0000000000a1';

const ALL_GIVEN = {
  companyWebsite: 'https://partly.example',
  companyEmail: 'contact@partly.example',
  companyLegalName: 'Partly Given AS',
};
const PARTLY_GIVEN = (['companyWebsite', 'companyEmail', 'companyLegalName'] as const).map(
  (missing, i) => [`c0ffee00-0000-4000-8000-0000000000b${i + 1}`, missing] as const,
);

// The parity seed's companies lack an email and a legal name (placeholders shown); one more is given all three.
const base = paritySeed(600);
const SEED = {
  ...base,
  data: {
    projects: [
      ...(base.data?.projects ?? []),
      // One field of the three missing each: a placeholder is due for each of them.
      ...PARTLY_GIVEN.map(([id, missing]) => ({
        id,
        ownerUserId: 'user-mock',
        companyName: `Partly Given ${missing}`,
        ...Object.fromEntries(Object.entries(ALL_GIVEN).filter(([field]) => field !== missing)),
        completedAnalysis: false,
      })),
      {
        id: GIVEN_ID,
        ownerUserId: 'user-mock',
        companyName: 'Given Fields',
        companyWebsite: 'https://givenfields.example',
        companyEmail: 'contact@givenfields.example',
        companyLegalName: 'Given Fields AS',
        completedAnalysis: false,
      },
    ],
  },
};

let mock: RunningMock | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function call(path: string, json?: unknown): Promise<{ gaps: string[]; body: any }> {
  const answer = await fetch(`${mock!.baseUrl}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: API_KEY, 'content-type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  return { gaps: (answer.headers.get('x-mock-gap') ?? '').split('; '), body: await answer.json() };
}

const named = (gaps: string[]) => ({
  placeholders: gaps.includes(PLACEHOLDERS),
  processing: gaps.includes(PROCESSING),
});

describe("the mutated mock's X-Mock-Gap of company views", () => {
  it('names the placeholders and the processing value only where the answer shows them', async () => {
    mock = await startMock({ port: 0, seed: SEED, responseCache: false });
    const given = await call(`/integration/projects?id=${GIVEN_ID}`);
    expect(given.body.data.companyLegalName, 'the seed gives the legal name').toBe('Given Fields AS');
    const created = await call('/integration/project', {
      companyName: 'Disclosure Check',
      companyWebsite: 'https://disclosure.example',
      projectType: 'projectAnalysisNoFile',
    });
    const id = created.body.data.project.id as string;
    const running = await call(`/integration/projects?id=${id}`);
    // A page holding the given company and others: the placeholders of the others are named.
    const page = await call('/integration/projects?pageSize=50');
    const ids = (page.body.data as { id: string }[]).map((p) => p.id);
    let ended = running;
    for (let waited = 0; ended.body.data.processing !== 'completed' && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ended = await call(`/integration/projects?id=${id}`);
    }
    const partly = [];
    for (const [id] of PARTLY_GIVEN)
      partly.push(named((await call(`/integration/projects?id=${id}`)).gaps).placeholders);
    // An answer names nothing more where no choice is due: lookups differ by the texts due alone.
    const without = (gaps: string[], text: string) => gaps.filter((g) => g !== text);
    expect(without(ended.gaps, PLACEHOLDERS), 'a lookup with placeholders, less their text').toEqual(given.gaps);
    expect(without(running.gaps, PROCESSING), 'a lookup while an analysis runs, less its text').toEqual(ended.gaps);
    expect(partly, 'lookups of companies missing one of website, email, legal name').toEqual([true, true, true]);
    expect({
      given: named(given.gaps),
      running: running.body.data.processing === 'completed' ? 'ended before read' : named(running.gaps),
      page: ids.includes(GIVEN_ID) ? named(page.gaps) : 'the given company not on the page',
      ended: ended.body.data.processing === 'completed' ? named(ended.gaps) : 'still running',
    }).toEqual({
      given: { placeholders: false, processing: false },
      running: { placeholders: true, processing: true },
      page: { placeholders: true, processing: true },
      ended: { placeholders: true, processing: false },
    });
  });
});
