// Company list rules judged where a weak check passes a broken service: the page size limit at,
// below and above 100; the ascending order across pages, not within one; a keyword filter judged
// by exclusion (exactly the company named by a token only it carries), and over each field it
// names (website, industry, country), not only the name; the drive provider's default.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess } from '../answers.ts';
import { FILLED_LIST_SIZE } from '../records.ts';
import type { Rule, RuleContext } from '../rule.ts';
import { hostOf } from './companies-outcomes.ts';
import { ascendingIn, eventually, findListed, listPage } from './list-pages.ts';

type Schemas = components['schemas'];
const FREE = { credits: 0, records: 0 };
const MAX_PAGE = 100;

/** The filler companies (with writes), so that the list is longer than the largest page. */
async function fillIfWrites(ctx: RuleContext): Promise<void> {
  if (ctx.can('writes')) await ctx.fixtures.filledList();
}

/** Every page of the list with these parameters (pages of `size`, at most `maxPages`), in order. */
async function walk(
  ctx: RuleContext,
  query: Record<string, string>,
  size: number,
  maxPages: number,
): Promise<{ projects: Schemas['Project'][]; total: number | undefined; complete: boolean }> {
  const projects: Schemas['Project'][] = [];
  let total: number | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const answer = await listPage(ctx, { ...query, page: String(page), pageSize: String(size) });
    total ??= answer.pagination?.totalCount;
    projects.push(...answer.data);
    if (answer.data.length < size || answer.pagination?.nextPage === false) return { projects, total, complete: true };
  }
  return { projects, total, complete: false };
}

export const companyEdgeRules: Rule[] = [
  {
    id: 'companies.page-size-at-limit',
    area: 'companies',
    title:
      'pageSize 1, 99 and 100 answer that many companies and 101 answers 100 (with writes the list is first filled past 100, and totalCount must count them)',
    spec: '| Page size | default 10, max 100, larger values clamped | company list |',
    operations: ['listProjects', 'createProject'],
    // Read only it creates nothing; with writes it fills the list to 101 companies (filledList).
    cost: { credits: 0, records: FILLED_LIST_SIZE },
    needs: {},
    async check(ctx) {
      // With writes the list holds at least the companies counted when it was filled: an empty or
      // short list would make every size below answer "all of them" trivially.
      const filled = ctx.can('writes') ? (await ctx.fixtures.filledList()).total : undefined;
      for (const size of [1, 99, MAX_PAGE, MAX_PAGE + 1]) {
        const page = await listPage(ctx, { pageSize: String(size), page: '0' });
        const total = page.pagination?.totalCount;
        if (filled !== undefined)
          ctx.expect(
            typeof total === 'number' && total >= filled,
            `pageSize=${size}: totalCount is ${String(total)} after the list was filled to ${filled} companies`,
          );
        const effective = Math.min(size, MAX_PAGE);
        if (typeof total === 'number')
          ctx.expect(
            page.data.length === Math.min(effective, total),
            `pageSize=${size} answered ${page.data.length} companies with totalCount ${total}, expected ${Math.min(effective, total)}`,
          );
        const reported = page.pagination?.pageSize;
        ctx.expect(
          reported === undefined || reported === effective,
          `pageSize=${size}: pagination.pageSize is ${String(reported)}, expected ${effective}`,
        );
      }
    },
  },
  {
    id: 'companies.orderby-across-pages',
    area: 'companies',
    title:
      'orderby=companyName (and orderby=name) keeps one ascending order across every page of 7, and the pages hold each company once',
    spec: '| orderby | string | No | Field name to sort by, ascending |',
    operations: ['listProjects'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      await fillIfWrites(ctx);
      for (const field of ['companyName', 'name'] as const) {
        // 20 pages of 7 (140 companies): the filled list and more.
        const { projects, total, complete } = await walk(ctx, { orderby: field }, 7, 20);
        const values = projects.map((p) => String(p[field]));
        if (values.length < 2) ctx.notChecked('fewer than two companies in the list: nothing to order');
        const order = ascendingIn(values);
        ctx.expect(
          order.ascending,
          `orderby=${field}: pages of 7 read in turn are not ascending: ${order.firstBreak ?? ''}`,
        );
        const ids = new Set(projects.map((p) => p.id));
        ctx.expect(ids.size === projects.length, `orderby=${field}: a company is on more than one page`);
        if (complete && typeof total === 'number')
          ctx.expect(
            ids.size === total,
            `orderby=${field}: the pages hold ${ids.size} companies, totalCount says ${total}`,
          );
      }
    },
  },
  {
    id: 'companies.search-exactly-matching',
    area: 'companies',
    title:
      "the list's `search` with a token only one company's name carries answers exactly that company (totalCount 1)",
    spec: '| search | string | No | Keyword filter over company name, website, industry, country, description |',
    operations: ['listProjects'],
    cost: FREE,
    uses: ['filledList'],
    needs: { writes: true },
    async check(ctx) {
      const { created } = await ctx.fixtures.filledList();
      for (const target of [created[1], created.at(-1)]) {
        if (!target) continue;
        // A search index may take a moment to hold a new company: asked again until it does.
        const page = await eventually(
          ctx,
          () => listPage(ctx, { search: target.token, pageSize: String(MAX_PAGE) }),
          (p) => p.data.some((c) => c.id === target.id),
        );
        const ids = page.data.map((p) => p.id);
        ctx.expect(
          ids.length === 1 && ids[0] === target.id,
          `search=${target.token} answered ${JSON.stringify(ids)}, expected exactly [${target.id}] ("${target.companyName}")`,
        );
        const total = page.pagination?.totalCount;
        ctx.expect(
          total === undefined || total === 1,
          `search=${target.token}: totalCount is ${String(total)}, expected 1`,
        );
      }
    },
  },
  {
    id: 'companies.search-over-listed-fields',
    area: 'companies',
    title:
      "the list's `search` with a listed company's website host, its industry or its country (each where some company has one) lists that company",
    spec: '| search | string | No | Keyword filter over company name, website, industry, country, description |',
    operations: ['listProjects'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const listed = await ctx.fixtures.listedProjects();
      const fields: [string, (p: Schemas['Project']) => string | undefined][] = [
        ['website', (p) => hostOf(p.companyWebsite)],
        ['industry', (p) => p.companyIndustry?.trim() || undefined],
        ['country', (p) => p.companyCountry?.trim() || undefined],
      ];
      let searched = 0;
      for (const [field, valueOf] of fields) {
        const project = listed.find((p) => valueOf(p) !== undefined);
        const value = project && valueOf(project);
        if (!project || !value) continue;
        searched += 1;
        const found = await findListed(ctx, project.id, value);
        ctx.expect(
          found !== undefined,
          `search=${JSON.stringify(value)} (the ${field} of company ${project.id}, "${project.companyName}") does not list it`,
        );
      }
      if (searched === 0) ctx.notChecked('no listed company has a website, an industry or a country to search by');
    },
  },
  {
    id: 'companies.drive-provider-default-google',
    area: 'companies',
    title: 'a folder asked for without driveProvider is resolved on google-drive (never provider_not_supported)',
    spec: '| driveProvider | string | No | `google-drive` (default), `one-drive`, `sharepoint`; only `google-drive` is supported, the others resolve to `provider_not_supported` and no action is taken |',
    operations: ['createProject', 'listProjects'],
    cost: { credits: 0, records: 1 },
    needs: { writes: true },
    async check(ctx) {
      const companyName = `conformance-${ctx.runId} default drive company`;
      const answer = await ctx.call('createProject', {
        json: { companyName, projectType: 'projectNoAnalysis', folderName: `conformance-${ctx.runId} no such folder` },
        spend: { credits: 0, records: 1, record: `company "${companyName}"` },
      });
      const id = dataOf<Schemas['CreateProjectResult']>(answer)?.project?.id;
      if (!isSuccess(answer) || !id) {
        ctx.expect(false, `create company with folderName and no driveProvider answered ${describeAnswer(answer)}`);
        return;
      }
      const project = await findListed(ctx, id, companyName);
      const status = project?.extraConfig?.driveFolderLink?.status;
      ctx.expect(
        status !== undefined && status !== 'provider_not_supported',
        `project.extraConfig.driveFolderLink.status is ${JSON.stringify(status)} without driveProvider (default google-drive)`,
      );
    },
  },
];
