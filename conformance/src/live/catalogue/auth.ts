// Authentication rules a client can observe: a missing or invalid API key is refused with 4010.
import { refusedAs } from '../answers.ts';
import type { Rule } from '../rule.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
const REFUSED = 'A missing or invalid API key gives 401 with code `4010`.';

export const authRules: Rule[] = [
  {
    id: 'auth.missing-credentials-401',
    area: 'auth',
    title: 'the company list without an Authorization header is refused with 401 and code 4010',
    spec: REFUSED,
    operations: ['listProjects'],
    cost: { credits: 0, records: 0 },
    needs: {},
    async check(ctx) {
      const answer = await ctx.call('listProjects', { auth: 'none', headers: JSON_HEADERS });
      ctx.expect(...refusedAs(answer, 401, '4010'));
    },
  },
  {
    id: 'auth.invalid-api-key-401',
    area: 'auth',
    title: 'the company list with an invalid API key is refused with 401 and code 4010',
    spec: REFUSED,
    operations: ['listProjects'],
    cost: { credits: 0, records: 0 },
    needs: {},
    async check(ctx) {
      const answer = await ctx.call('listProjects', { auth: 'invalidApiKey', headers: JSON_HEADERS });
      ctx.expect(...refusedAs(answer, 401, '4010'));
    },
  },
];
