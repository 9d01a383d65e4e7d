// Analysis detail and report payload: the ids read back are the ones asked for, the fit
// dimensions appear as the four flattened keys in analysisObject, and ids that name nothing are
// not answered as if they did.
import { randomUUID } from 'node:crypto';
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess } from '../answers.ts';
import type { Rule, RuleContext } from '../rule.ts';

type Schemas = components['schemas'];

async function detail(ctx: RuleContext): Promise<{ projectId: string; detail: Schemas['AnalysisDetail'] }> {
  const { projectId, analysisId } = await ctx.fixtures.completedAnalysis();
  const answer = await ctx.call('getAnalysisDetail', { query: { analysisId } });
  const data = dataOf<Schemas['AnalysisDetail']>(answer);
  if (!isSuccess(answer) || !data) {
    ctx.expect(false, `the analysis detail of ${analysisId} answered ${describeAnswer(answer)}`);
    ctx.notChecked('no analysis detail to check');
  }
  return { projectId, detail: data };
}

const FIT_KEYS = [
  ['score', 'number'],
  ['scoreLabel', 'string'],
  ['explanation', 'string'],
  ['scoreColor', 'string'],
] as const;

export const analysisRules: Rule[] = [
  {
    id: 'analysis.detail-of-its-project',
    area: 'analysis',
    title: "the analysis detail of a company's completed analysis names that company's projectId",
    spec: '| projectId | string (uuid) |',
    operations: ['listProjects', 'getAnalysisDetail'],
    cost: { credits: 0, records: 0 },
    needs: {},
    async check(ctx) {
      const { projectId, detail: data } = await detail(ctx);
      ctx.expect(
        data.projectId === projectId,
        `projectId is ${JSON.stringify(data.projectId)}, the analysis belongs to ${projectId}`,
      );
    },
  },
  {
    id: 'analysis.fit-keys-per-dimension',
    area: 'analysis',
    title: 'analysisObject holds the four projectfit_<code>_* keys, typed, for every fit dimension',
    spec: 'for each fit dimension code `<code>`, the four keys `projectfit_<code>_score` (number), `projectfit_<code>_scoreLabel` (string), `projectfit_<code>_explanation` (string), `projectfit_<code>_scoreColor` (string)',
    operations: ['getAnalysisDetail'],
    cost: { credits: 0, records: 0 },
    needs: {},
    async check(ctx) {
      const { detail: data } = await detail(ctx);
      const dimensions = data.projectcompanyfit?.projectcompanyfitdimensions ?? [];
      if (dimensions.length === 0) ctx.notChecked('the analysis has no fit dimensions');
      const object = (data.analysisObject ?? {}) as Record<string, unknown>;
      for (const { code } of dimensions) {
        for (const [suffix, type] of FIT_KEYS) {
          const key = `projectfit_${code}_${suffix}`;
          ctx.expect(
            typeof object[key] === type,
            `analysisObject.${key} is ${JSON.stringify(object[key])}, expected a ${type}`,
          );
        }
      }
    },
  },
  {
    id: 'analysis.report-of-its-project',
    area: 'analysis',
    title: 'the report payload holds the analysis detail of the project asked for',
    spec: 'Contains the analysis detail plus report-generation fields: formatted chapter strings, project detail strings and deal scoring data.',
    operations: ['retrieveReport'],
    cost: { credits: 0, records: 0 },
    needs: {},
    async check(ctx) {
      const { projectId, analysisId } = await ctx.fixtures.completedAnalysis();
      const answer = await ctx.call('retrieveReport', { query: { projectId, analysisId } });
      const data = dataOf<Schemas['ReportPayload']>(answer);
      ctx.expect(
        isSuccess(answer) && data?.projectId === projectId,
        `retrievereport answered ${describeAnswer(answer)} with projectId ${JSON.stringify(data?.projectId)}, expected ${projectId}`,
      );
    },
  },
  {
    id: 'analysis.unknown-ids-not-2xx',
    area: 'analysis',
    title:
      'the analysis detail, report, full report and company lookup of ids no record has (fresh uuids) are not answered 2xx',
    spec: '`GET {base_url}/integration/analysis/detail?analysisId=<analysis_id>`. `analysisId` (uuid) required. Response `data`: analysis detail (see Resources).\nCodes for missing or invalid parameters and for the remaining endpoints: not shown.',
    operations: ['getAnalysisDetail', 'retrieveReport', 'getFullReport', 'listProjects'],
    cost: { credits: 0, records: 0 },
    needs: {},
    gap: 'the status and code for an unknown project or analysis id are not shown',
    async check(ctx) {
      const [projectId, analysisId] = [randomUUID(), randomUUID()];
      const reads = [
        ['getAnalysisDetail', { analysisId }],
        ['retrieveReport', { projectId, analysisId }],
        ['getFullReport', { projectId }],
        ['listProjects', { id: projectId }],
      ] as const;
      for (const [operationId, query] of reads) {
        const answer = await ctx.call(operationId, { query, headers: { 'content-type': 'application/json' } });
        ctx.expect(
          !isSuccess(answer),
          `${operationId} with ${new URLSearchParams(query).toString()} (ids of no record) answered ${describeAnswer(answer)}`,
        );
      }
    },
  },
];
