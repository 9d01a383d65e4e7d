// Message intake: the answer is the envelope's metadata with data null.
import { describeAnswer } from '../answers.ts';
import type { Rule } from '../rule.ts';

export const messageRules: Rule[] = [
  {
    id: 'messages.answer-data-null',
    area: 'messages',
    title: 'process message answers 200 with metadata and data null',
    spec: 'Response: 200 with `metadata` as in the envelope and `data` = null.',
    operations: ['processMessage'],
    cost: { credits: 0, records: 1 },
    uses: ['createdCompany'],
    needs: { writes: true },
    async check(ctx) {
      const project = await ctx.fixtures.createdCompany();
      const content = `conformance-${ctx.runId}: message intake check`;
      const answer = await ctx.call('processMessage', {
        json: { projectId: project.id, content },
        headers: { 'content-type': 'application/json' },
        spend: { credits: 0, records: 1, record: `message "${content}" on company ${project.id}` },
      });
      const body = answer.body as { metadata?: unknown; data?: unknown } | undefined;
      ctx.expect(answer.status === 200, `expected HTTP 200, got ${describeAnswer(answer)}`);
      ctx.expect(typeof body?.metadata === 'object' && body.metadata !== null, 'no metadata object in the answer');
      ctx.expect(
        body !== undefined && 'data' in body && body.data === null,
        `data is ${JSON.stringify(body?.data)}, expected null`,
      );
    },
  },
];
