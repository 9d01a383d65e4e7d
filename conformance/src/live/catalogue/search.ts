// Company search: the result list at data.data, each entry with the project id.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess } from '../answers.ts';
import type { Exchange } from '../exchange.ts';
import type { Rule, RuleContext } from '../rule.ts';
import { eventually } from './list-pages.ts';

type Schemas = components['schemas'];
const entriesOf = (answer: Exchange) => dataOf<Schemas['ProjectSearchResult']>(answer)?.data;

/** The search for `keywords`, asked again while an index catches up with a new company `id`. */
function searchUntilFound(ctx: RuleContext, keywords: string, id: string): Promise<Exchange> {
  return eventually(
    ctx,
    () => ctx.call('searchProjects', { query: { keywords } }),
    (answer) => entriesOf(answer)?.some((e) => e.id === id) === true,
  );
}

export const searchRules: Rule[] = [
  {
    id: 'search.finds-known-company',
    area: 'search',
    title: "the company search by a company's name lists its id at data.data",
    spec: 'The result list sits at `data.data`, each entry has `id` (the project id).',
    operations: ['searchProjects'],
    cost: { credits: 0, records: 0 },
    needs: {},
    async check(ctx) {
      const project = await ctx.fixtures.someProject();
      const answer = await ctx.call('searchProjects', { query: { keywords: project.companyName } });
      const entries = dataOf<Schemas['ProjectSearchResult']>(answer)?.data;
      ctx.expect(
        isSuccess(answer) && Array.isArray(entries) && entries.some((e) => e.id === project.id),
        `keywords=${JSON.stringify(project.companyName)} answered ${describeAnswer(answer)} without ${project.id} at data.data`,
      );
    },
  },
  {
    id: 'search.finds-created-company',
    area: 'search',
    title: 'a company created by this run is found by the company search',
    spec: 'The result list sits at `data.data`, each entry has `id` (the project id).',
    operations: ['createProject', 'searchProjects'],
    cost: { credits: 0, records: 0 },
    uses: ['createdCompany'],
    needs: { writes: true },
    async check(ctx) {
      const created = await ctx.fixtures.createdCompany();
      const answer = await searchUntilFound(ctx, created.companyName, created.id);
      const entries = dataOf<Schemas['ProjectSearchResult']>(answer)?.data;
      ctx.expect(
        isSuccess(answer) && Array.isArray(entries) && entries.some((e) => e.id === created.id),
        `keywords=${JSON.stringify(created.companyName)} answered ${describeAnswer(answer)} without ${created.id}`,
      );
    },
  },
  {
    id: 'search.exactly-matching',
    area: 'search',
    title: 'the company search for a token only one company carries lists exactly that company',
    spec: 'The result list sits at `data.data`, each entry has `id` (the project id).',
    operations: ['createProject', 'searchProjects'],
    cost: { credits: 0, records: 0 },
    uses: ['filledList'],
    needs: { writes: true },
    async check(ctx) {
      const { created } = await ctx.fixtures.filledList();
      for (const target of [created[0], created.at(-2)]) {
        if (!target) continue;
        const answer = await searchUntilFound(ctx, target.token, target.id);
        const ids = (entriesOf(answer) ?? []).map((e) => e.id);
        ctx.expect(
          isSuccess(answer) && ids.length === 1 && ids[0] === target.id,
          `keywords=${target.token} answered ${describeAnswer(answer)} ${JSON.stringify(ids)}, expected exactly [${target.id}] ("${target.companyName}")`,
        );
      }
    },
  },
];
