// The oracle's read commands over the company list: walk every page of the list filtered by the
// sequence's token (page sizes at, below and above the limits, default page and size, with and
// without an order), search by the token, and look a company up by id. The records compared are
// exactly the sequence's own (the token), so a deployment's other records never enter the comparison.
import fc from 'fast-check';
import type { components } from '../../../../openapi/index.ts';
import { dataOf } from '../answers.ts';
import { ascendingIn, eventually } from '../catalogue/list-pages.ts';
import type { Exchange } from '../exchange.ts';
import { schemaGap } from './contract-gaps.ts';
import { holds, same } from './difference.ts';
import type { Observable } from './observables.ts';
import { sameOutcome } from './outcome.ts';
import { both, onModel, type OracleReal, type OracleState } from './state.ts';

type Schemas = components['schemas'];
type Command = fc.AsyncCommand<OracleState, OracleReal>;
type Pagination = Partial<Schemas['Pagination']>;
const JSON_HEADERS = { 'content-type': 'application/json' };
/** A walk stops here: the sequence's own records never fill more pages than this. */
const MAX_PAGES = 30;
const MAX_PAGE_SIZE = 100;

interface Walk {
  pages: { ids: string[]; names: string[]; pagination: Pagination; answer: Exchange }[];
}

const paginationOf = (answer: Exchange): Pagination =>
  (answer.body as { pagination?: Pagination } | undefined)?.pagination ?? {};

/** Which rule a page size is judged by: its default, the clamp above the limit, the limit itself, or the arithmetic. */
function sizeObservable(pageSize: number | undefined): Observable {
  if (pageSize === undefined) return 'pageSizeDefault';
  if (pageSize > MAX_PAGE_SIZE) return 'pageSizeClamped';
  if (pageSize === MAX_PAGE_SIZE) return 'pageSizeAtLimit';
  return 'pageArithmetic';
}

export class ListByToken implements Command {
  readonly pageSize: number | undefined;
  readonly ordered: boolean;
  readonly pageZeroOmitted: boolean;

  constructor(pageSize: number | undefined, ordered: boolean, pageZeroOmitted: boolean) {
    this.pageSize = pageSize;
    this.ordered = ordered;
    this.pageZeroOmitted = pageZeroOmitted;
  }
  check = () => true;

  private query(s: OracleState, page: number): Record<string, string> {
    const query: Record<string, string> = { search: s.token };
    if (this.pageSize !== undefined) query.pageSize = String(this.pageSize);
    if (this.ordered) query.orderby = 'companyName';
    if (page > 0 || !this.pageZeroOmitted) query.page = String(page);
    return query;
  }

  /** Every page of one side, until nextPage is false or a page is empty. */
  private async walk(s: OracleState, side: 'deployment' | 'model', walkOf: { model?: Walk } = {}): Promise<Walk> {
    const walk: Walk = { pages: [] };
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const request = { query: this.query(s, page), headers: JSON_HEADERS };
      const answer =
        side === 'model' ? await onModel(s, 'listProjects', request) : await s.ctx.call('listProjects', request);
      if (side === 'deployment' && walkOf.model)
        sameOutcome('pageArithmetic', `page ${page} of the list searched by the token`, {
          deployment: answer,
          model: walkOf.model.pages[page]?.answer ?? walkOf.model.pages[0]!.answer,
        });
      const data = dataOf<Schemas['Project'][]>(answer) ?? [];
      const pagination = paginationOf(answer);
      walk.pages.push({ ids: data.map((p) => p.id), names: data.map((p) => p.companyName), pagination, answer });
      if (data.length === 0 || pagination.nextPage !== true) break;
    }
    return walk;
  }

  async run(s: OracleState): Promise<void> {
    const model = await this.walk(s, 'model');
    const expected = model.pages.flatMap((p) => p.ids).sort();
    // A deployment's index may take a moment to hold a new record: its walk is repeated while it lags.
    const deployment = await eventually(
      s.ctx,
      () => this.walk(s, 'deployment', { model }),
      (w) => w.pages.flatMap((p) => p.ids).length >= expected.length,
    );
    const sizeRule = sizeObservable(this.pageSize);
    const label = `the list searched by the token, pageSize ${this.pageSize ?? '(default)'}${this.ordered ? ', orderby companyName' : ''}`;
    // Which records first (a foreign or missing record changes every count after it), then the arithmetic.
    const ids = deployment.pages.flatMap((p) => p.ids);
    holds(
      'pageArithmetic',
      new Set(ids).size === ids.length,
      () => `${label}: a company is on two pages (${ids.join(', ')})`,
    );
    same('listMembership', `the companies of ${label}`, ids.map((id) => s.ids.model(id)).sort(), expected);
    same(sizeRule, `number of pages of ${label}`, deployment.pages.length, model.pages.length);
    for (const [i, page] of model.pages.entries()) {
      const got = deployment.pages[i];
      const where = `page ${i} of ${label}`;
      same(sizeRule, `${where}: entries`, got?.ids.length, page.ids.length);
      same(sizeRule, `${where}: pagination.pageSize`, got?.pagination.pageSize, page.pagination.pageSize);
      same('pageArithmetic', `${where}: pagination.totalCount`, got?.pagination.totalCount, page.pagination.totalCount);
      same('pageArithmetic', `${where}: pagination.nextPage`, got?.pagination.nextPage, page.pagination.nextPage);
      // The page number's value is "read as given" (the sample shows 1 for page 0): not compared.
    }
    if (this.pageZeroOmitted)
      same('pageDefault', `${label} without page`, deployment.pages[0]?.ids.length, model.pages[0]?.ids.length);
    this.compareFields(s, deployment);
    if (this.ordered) {
      const names = deployment.pages.flatMap((p) => p.names);
      const { ascending, firstBreak } = ascendingIn(names);
      holds(
        deployment.pages.length > 1 ? 'orderAcrossPages' : 'order',
        ascending,
        () => `${label}: ${firstBreak ?? 'not ascending'}`,
      );
    }
  }

  /** Read after write: each listed company carries what it was created with (name, website and nickname when sent). */
  private compareFields(s: OracleState, walk: Walk): void {
    for (const page of walk.pages) {
      const listed = dataOf<Schemas['Project'][]>(page.answer) ?? [];
      for (const project of listed) {
        const created = s.companies.find((c) => c.deployment === project.id);
        if (!created) continue;
        same(
          'listedFields',
          `company ${project.id}'s companyName in the list`,
          project.companyName,
          created.companyName,
        );
        if (created.companyWebsite !== undefined)
          same(
            'listedFields',
            `company ${project.id}'s companyWebsite in the list`,
            project.companyWebsite,
            created.companyWebsite,
          );
        if (created.name !== undefined)
          same('listedFields', `company ${project.id}'s name (nickname) in the list`, project.name, created.name);
      }
    }
  }
  toString = () =>
    `listByToken(pageSize: ${this.pageSize ?? 'omitted'}, orderby: ${this.ordered ? 'companyName' : 'omitted'}, page 0: ${this.pageZeroOmitted ? 'omitted' : 'sent'})`;
}

/**
 * The token with each `s` written as `ſ` (long s): upper-cased it is the token's upper case, lower-cased
 * it is not the token. The specification fixes no case or letter folding for keywords, so what its
 * search finds is not compared; the token's search right after it must still find exactly its own.
 */
const lookalikeOf = (token: string) => token.replace(/s/g, '\u017f');

export class SearchByToken implements Command {
  check = () => true;
  async run(s: OracleState): Promise<void> {
    const ids = (answer: Exchange) =>
      (dataOf<Schemas['ProjectSearchResult']>(answer)?.data ?? []).map((entry) => entry.id);
    await both(s, 'searchProjects', { query: { keywords: lookalikeOf(s.token) } });
    const request = { query: { keywords: s.token } };
    const model = await onModel(s, 'searchProjects', request);
    const expected = ids(model).sort();
    const deployment = await eventually(
      s.ctx,
      () => s.ctx.call('searchProjects', request),
      (answer) => ids(answer).length >= expected.length,
    );
    sameOutcome('searchExact', 'the search by the token', { deployment, model });
    // Entry fields other than id are a gap (ProjectSearchEntry's x-gap): only the ids are compared.
    same(
      'searchExact',
      'the companies found by the token',
      ids(deployment)
        .map((id) => s.ids.model(id))
        .sort(),
      expected,
    );
  }
  toString = () => 'searchByToken()';
}

export class LookUpCompany implements Command {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
  check = (s: Readonly<OracleState>) => s.companies.length > 0;
  async run(s: OracleState): Promise<void> {
    const company = s.companies[this.index % s.companies.length];
    if (!company) return;
    const answers = await both(
      s,
      'listProjects',
      { query: { id: company.deployment }, headers: JSON_HEADERS },
      { query: { id: company.model }, headers: JSON_HEADERS },
    );
    sameOutcome('lookup', `the list called with id ${company.deployment}`, answers);
    // The shape of that answer is a gap (ProjectLookupResult's x-gap): compared only if the contract fixes it.
    if (schemaGap('ProjectLookupResult') === undefined)
      same('lookup', 'the company looked up', dataOf(answers.deployment), dataOf(answers.model));
  }
  toString = () => `lookUpCompany(${this.index})`;
}

export const listCommands = [
  fc
    .record({
      pageSize: fc.option(fc.constantFrom(1, 2, 3, 10, 99, 100, 101, 250), { nil: undefined }),
      ordered: fc.boolean(),
      pageZeroOmitted: fc.boolean(),
    })
    .map(({ pageSize, ordered, pageZeroOmitted }) => new ListByToken(pageSize, ordered, pageZeroOmitted)),
  fc.constant(new SearchByToken()),
  fc.nat(5).map((i) => new LookUpCompany(i)),
];
