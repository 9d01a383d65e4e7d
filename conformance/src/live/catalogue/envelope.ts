// The envelope's success outcome, in both placements the specification shows (top level on the
// company list, inside `metadata` elsewhere).
import { envelopeOutcome } from '../judge-response.ts';
import type { Rule } from '../rule.ts';

export const envelopeRules: Rule[] = [
  {
    id: 'envelope.success-outcome',
    area: 'envelope',
    title: 'a successful answer carries code 1000, title Successful and an empty description',
    spec: 'Success is `metadata.code` = `1000`, `title` = `Successful`, `description` = empty string.',
    operations: ['listProjects', 'searchProjects'],
    cost: { credits: 0, records: 0 },
    needs: {},
    async check(ctx) {
      const project = await ctx.fixtures.someProject();
      const answers = [
        await ctx.call('listProjects', { headers: { 'content-type': 'application/json' } }),
        await ctx.call('searchProjects', { query: { keywords: project.companyName } }),
      ];
      for (const answer of answers) {
        const outcome = envelopeOutcome(answer.body)?.fields ?? {};
        const got = { code: outcome.code, title: outcome.title, description: outcome.description };
        ctx.expect(
          answer.status === 200 && got.code === '1000' && got.title === 'Successful' && got.description === '',
          `${answer.url}: expected HTTP 200 with 1000/Successful/"", got HTTP ${answer.status} ${JSON.stringify(got)}`,
        );
      }
    },
  },
];
