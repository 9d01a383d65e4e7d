// findListed follows a search past its first page: a value many companies share (a country) lists
// the company looked for on a later page of a correct service, whose order of matches the
// specification does not fix; past ten pages without it the rule is not checked, never failed.
import { describe, expect, it } from 'vitest';
import { findListed } from '../../src/live/catalogue/list-pages.ts';
import { NotChecked } from '../../src/live/not-checked.ts';
import type { RuleContext } from '../../src/live/rule.ts';

/** A context whose company list answers `total` matches of any search, 100 a page, the one looked for at `at`. */
function listOf(total: number, at: number) {
  const pages: number[] = [];
  const ctx = {
    fixtures: { pollTimeoutMs: 0 },
    async call(_operationId: string, request: { query: Record<string, string> }) {
      const page = Number(request.query.page ?? 0);
      pages.push(page);
      const ids = Array.from({ length: total }, (_, i) => (i === at ? 'wanted' : `other-${i}`)).slice(
        page * 100,
        page * 100 + 100,
      );
      const body = {
        data: ids.map((id) => ({ id, companyName: id })),
        pagination: { page, pageSize: 100, totalCount: total, nextPage: (page + 1) * 100 < total },
      };
      return { status: 200, body, text: JSON.stringify(body), headers: new Headers() };
    },
    expect(condition: boolean, message: string) {
      if (!condition) throw new Error(message);
    },
    notChecked(reason: string): never {
      throw new NotChecked(reason);
    },
  };
  return { ctx: ctx as unknown as RuleContext, pages };
}

describe('findListed', () => {
  it('finds the company on the second page of 150 matches', async () => {
    const { ctx, pages } = listOf(150, 120);
    expect((await findListed(ctx, 'wanted', 'NO'))?.id).toBe('wanted');
    expect(pages).toEqual([0, 1]);
  });

  it('answers undefined when the matches end without it, and is not checked past ten pages', async () => {
    expect(await findListed(listOf(150, -1).ctx, 'wanted', 'NO')).toBeUndefined();
    await expect(findListed(listOf(1_200, 1_150).ctx, 'wanted', 'NO')).rejects.toThrow(NotChecked);
  });
});
