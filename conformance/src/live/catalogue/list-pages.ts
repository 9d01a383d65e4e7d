// Reading pages of the company list for the paging and ordering rules.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess } from '../answers.ts';
import type { RuleContext } from '../rule.ts';

type Schemas = components['schemas'];

export interface ListPage {
  data: Schemas['Project'][];
  pagination?: Partial<Schemas['Pagination']>;
}

export async function listPage(ctx: RuleContext, query: Record<string, string>): Promise<ListPage> {
  const answer = await ctx.call('listProjects', { query, headers: { 'content-type': 'application/json' } });
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

/** The project of the list with this id, looked up by its name through `search`. */
export async function findListed(
  ctx: RuleContext,
  id: string,
  companyName: string,
): Promise<Schemas['Project'] | undefined> {
  const page = await listPage(ctx, { search: companyName, pageSize: '100' });
  return page.data.find((p) => p.id === id);
}
