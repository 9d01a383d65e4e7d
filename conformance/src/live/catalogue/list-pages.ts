// Reading pages of the company list for the paging and ordering rules.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess, sleep } from '../answers.ts';
import type { RuleContext } from '../rule.ts';
import type { CallAuth } from '../rule-types.ts';

type Schemas = components['schemas'];

export interface ListPage {
  data: Schemas['Project'][];
  pagination?: Partial<Schemas['Pagination']>;
}

export async function listPage(ctx: RuleContext, query: Record<string, string>, auth?: CallAuth): Promise<ListPage> {
  const answer = await ctx.call('listProjects', { query, auth, headers: { 'content-type': 'application/json' } });
  const data = dataOf<Schemas['Project'][]>(answer);
  if (!isSuccess(answer) || !Array.isArray(data)) {
    ctx.expect(
      false,
      `the company list with ${new URLSearchParams(query).toString() || 'no parameters'} answered ${describeAnswer(answer)}`,
    );
    ctx.notChecked('the company list gave no page to check');
  }
  return { data, pagination: (answer.body as { pagination?: Partial<Schemas['Pagination']> }).pagination };
}

/** How long a new record may take to be found by a search (an index updated a moment later is allowed). */
const SEARCH_SETTLE_MS = 10_000;
const SEARCH_RETRY_MS = 250;

/**
 * Asks again (every 250 ms, for at most 10 s or --poll-timeout if shorter) until `done` holds of
 * the answer; the last answer either way. The specification does not say a search sees a new
 * record at once, so a correct service whose index lags is given the moment it needs.
 */
export async function eventually<T>(ctx: RuleContext, ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + Math.min(SEARCH_SETTLE_MS, ctx.fixtures.pollTimeoutMs);
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() >= deadline) return answer;
    await sleep(SEARCH_RETRY_MS);
  }
}

/** Pages of 100 a search is followed through: a value many companies share (a country) lists more than one page. */
const SEARCH_PAGES = 10;

/**
 * The project of the list with this id, found through `search` (its name, or another value it
 * holds), on any of the first SEARCH_PAGES pages, asked again while a search index catches up;
 * "not checked" when the search lists more than those pages without it (the order of the matches is
 * not specified, so it may be further on). `auth`: whose list (the API key's when not given).
 */
export async function findListed(
  ctx: RuleContext,
  id: string,
  search: string,
  auth?: CallAuth,
): Promise<Schemas['Project'] | undefined> {
  const walk = async () => {
    for (let page = 0; page < SEARCH_PAGES; page += 1) {
      const { data, pagination } = await listPage(ctx, { search, pageSize: '100', page: String(page) }, auth);
      const found = data.find((project) => project.id === id);
      if (found || pagination?.nextPage !== true) return { found, more: false };
    }
    return { found: undefined, more: true };
  };
  const { found, more } = await eventually(ctx, walk, (result) => result.found !== undefined);
  if (!found && more)
    ctx.notChecked(
      `search=${JSON.stringify(search)} lists more than ${SEARCH_PAGES * 100} companies, ${id} not among the first`,
    );
  return found;
}

/** Plain code-unit order, and the orders a service's collation may use: "ascending" is all the specification says. */
const ORDERS: ((a: string, b: string) => number)[] = [
  (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  (a, b) => a.localeCompare(b),
  (a, b) => a.toLowerCase().localeCompare(b.toLowerCase()),
  // Database collations (ICU, glibc locales) that ignore case, spaces and punctuation at the first level.
  new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true }).compare,
  new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true, numeric: true }).compare,
  (a, b) => {
    const [x, y] = [a, b].map((s) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
    return (x ?? '') < (y ?? '') ? -1 : (x ?? '') > (y ?? '') ? 1 : 0;
  },
];

/** Whether the values are ascending under one of the orders a collation may give; else the first pair out of order under each. */
export function ascendingIn(values: string[]): { ascending: boolean; firstBreak?: string } {
  const breaks: string[] = [];
  for (const order of ORDERS) {
    const at = values.findIndex((v, i) => i > 0 && order(values[i - 1] ?? '', v) > 0);
    if (at < 0) return { ascending: true };
    breaks.push(`${JSON.stringify(values[at - 1])} before ${JSON.stringify(values[at])} (position ${at})`);
  }
  return { ascending: false, firstBreak: [...new Set(breaks)].join('; ') };
}
