// Company search: the result list at data.data, each entry with the project id.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess } from '../answers.ts';
import type { Rule } from '../rule.ts';

type Schemas = components['schemas'];

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
      const answer = await ctx.call('searchProjects', { query: { keywords: created.companyName } });
      const entries = dataOf<Schemas['ProjectSearchResult']>(answer)?.data;
      ctx.expect(
        isSuccess(answer) && Array.isArray(entries) && entries.some((e) => e.id === created.id),
        `keywords=${JSON.stringify(created.companyName)} answered ${describeAnswer(answer)} without ${created.id}`,
      );
    },
  },
];
