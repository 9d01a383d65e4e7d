// Full report: projectDetail always, the selected parts only (the others null), section key
// aliases, chapter keys filtering analysisDetail, the latest completed analysis by default.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess } from '../answers.ts';
import type { Rule, RuleContext } from '../rule.ts';

type FullReport = components['schemas']['FullReport'];
const FREE = { credits: 0, records: 0 };
const PARTS = [
  'projectvotesummary',
  'analysisDetail',
  'projectcompanyfit',
  'eventsConfigsRelevantCompanyEvent',
  'investments',
  'totalInvestment',
  'reportingCycle',
] as const;

async function fullReport(ctx: RuleContext, query: Record<string, string>): Promise<FullReport> {
  const answer = await ctx.call('getFullReport', { query });
  const data = dataOf<FullReport>(answer);
  if (!isSuccess(answer) || !data) {
    ctx.expect(
      false,
      `the full report with ${new URLSearchParams(query).toString()} answered ${describeAnswer(answer)}`,
    );
    ctx.notChecked('no full report to check');
  }
  return data;
}

async function withSections(ctx: RuleContext, sections: string): Promise<FullReport> {
  const { projectId } = await ctx.fixtures.completedAnalysis();
  return fullReport(ctx, { projectId, sections });
}

const nonNull = (report: FullReport) => PARTS.filter((part) => report[part] !== null && report[part] !== undefined);

export const fullReportRules: Rule[] = [
  {
    id: 'fullreport.project-detail-always',
    area: 'fullreport',
    title: 'projectDetail is returned whatever the sections',
    spec: '`projectDetail` is always returned.',
    operations: ['getFullReport'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      for (const sections of ['investments', 'votes']) {
        const report = await withSections(ctx, sections);
        ctx.expect(
          typeof report.projectDetail === 'object' && report.projectDetail !== null,
          `sections=${sections}: projectDetail is ${JSON.stringify(report.projectDetail)}`,
        );
      }
    },
  },
  {
    id: 'fullreport.unselected-part-null',
    area: 'fullreport',
    title: 'with sections=investments every other part (and analysisDetail) is null',
    spec: 'a part not selected is null',
    operations: ['getFullReport'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const report = await withSections(ctx, 'investments');
      const unexpected = nonNull(report).filter((part) => part !== 'investments' && part !== 'totalInvestment');
      ctx.expect(unexpected.length === 0, `parts not selected but not null: ${unexpected.join(', ')}`);
    },
  },
  {
    id: 'fullreport.selected-part-returned',
    area: 'fullreport',
    title: 'sections=investments returns investments (an array) and totalInvestment',
    spec: '| investments | investments and totalInvestment |',
    operations: ['getFullReport'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const report = await withSections(ctx, 'investments');
      ctx.expect(Array.isArray(report.investments), `investments is ${JSON.stringify(report.investments)}`);
      ctx.expect(
        typeof report.totalInvestment === 'object' && report.totalInvestment !== null,
        `totalInvestment is ${JSON.stringify(report.totalInvestment)}`,
      );
    },
  },
  {
    id: 'fullreport.no-chapter-key-analysis-null',
    area: 'fullreport',
    title: 'without a chapter key (sections=dealscore) analysisDetail is null, even with a completed analysis',
    spec: 'with no chapter key, `analysisDetail` is null',
    operations: ['getFullReport'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const report = await withSections(ctx, 'dealscore');
      ctx.expect(report.analysisDetail === null, 'analysisDetail is not null with sections=dealscore');
    },
  },
  {
    id: 'fullreport.section-aliases',
    area: 'fullreport',
    title: 'dealscore and projectcompanyfit select the same part; so do votes and votesAndNotes',
    spec: '| dealscore, projectcompanyfit | projectcompanyfit |\n| votes, votesAndNotes | projectvotesummary |',
    operations: ['getFullReport'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      for (const [a, b, part] of [
        ['dealscore', 'projectcompanyfit', 'projectcompanyfit'],
        ['votes', 'votesAndNotes', 'projectvotesummary'],
      ] as const) {
        const [first, second] = [await withSections(ctx, a), await withSections(ctx, b)];
        ctx.expect(first[part] !== null && second[part] !== null, `${part} is null for sections=${a} or sections=${b}`);
        ctx.expect(
          JSON.stringify(first[part]) === JSON.stringify(second[part]),
          `${part} differs between sections=${a} and sections=${b}`,
        );
      }
    },
  },
  {
    id: 'fullreport.chapter-key-selects-chapters',
    area: 'fullreport',
    title: 'a chapter key as section gives an analysisDetail holding only that chapter',
    spec: 'any other key | a chapter key: analysisDetail holds only chapters with these keys',
    operations: ['getFullReport'],
    cost: FREE,
    needs: {},
    gap: 'the entity key names of chapters are not shown: the key is taken from the full report of the same company',
    async check(ctx) {
      const { projectId } = await ctx.fixtures.completedAnalysis();
      const all = await fullReport(ctx, { projectId });
      const keys = Object.keys(all.analysisDetail?.analysisData ?? {});
      const key = keys[0];
      if (!key) return ctx.notChecked('the full report has no chapters in analysisDetail.analysisData');
      const one = await withSections(ctx, key);
      const got = Object.keys(one.analysisDetail?.analysisData ?? {});
      ctx.expect(one.analysisDetail !== null, `sections=${key}: analysisDetail is null`);
      ctx.expect(
        got.every((k) => k === key),
        `sections=${key}: analysisDetail.analysisData holds ${JSON.stringify(got)}`,
      );
    },
  },
  {
    id: 'fullreport.latest-completed-by-default',
    area: 'fullreport',
    title: "without analysisId the full report's analysisDetail is of the company's latest completed analysis",
    spec: 'If omitted, the latest completed analysis is used.',
    operations: ['getFullReport'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const { projectId } = await ctx.fixtures.completedAnalysis();
      const report = await fullReport(ctx, { projectId });
      ctx.expect(
        report.analysisDetail !== null && report.analysisDetail.projectId === projectId,
        `analysisDetail is ${report.analysisDetail === null ? 'null' : `of project ${JSON.stringify(report.analysisDetail.projectId)}`}, expected the analysis of ${projectId}`,
      );
    },
  },
  {
    id: 'fullreport.several-sections',
    area: 'fullreport',
    title:
      'sections=investments,votes returns exactly those parts (investments, totalInvestment, projectvotesummary); every other part is null',
    spec: '| sections | string | No | Comma-separated list of parts; all parts when omitted |',
    operations: ['getFullReport'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const report = await withSections(ctx, 'investments,votes');
      const wanted = ['investments', 'totalInvestment', 'projectvotesummary'];
      const got = nonNull(report);
      ctx.expect(
        JSON.stringify([...got].sort()) === JSON.stringify([...wanted].sort()),
        `sections=investments,votes: parts not null are ${JSON.stringify(got)}, expected exactly ${JSON.stringify(wanted)}`,
      );
    },
  },
  {
    id: 'fullreport.all-parts-by-default',
    area: 'fullreport',
    title:
      'without sections every part is returned: votes, fit, events, investments, totalInvestment, and analysisDetail with every chapter of the analysis',
    spec: '| sections | string | No | Comma-separated list of parts; all parts when omitted |',
    operations: ['getFullReport', 'getAnalysisDetail'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const { projectId, analysisId } = await ctx.fixtures.completedAnalysis();
      const report = await fullReport(ctx, { projectId, analysisId });
      // reportingCycle is left out: it is null whenever its derivation fails.
      const missing = PARTS.filter((part) => part !== 'reportingCycle' && !nonNull(report).includes(part));
      ctx.expect(missing.length === 0, `sections omitted: ${missing.join(', ')} null`);
      const detail = await ctx.call('getAnalysisDetail', { query: { analysisId } });
      const chapters = Object.keys(dataOf<components['schemas']['AnalysisDetail']>(detail)?.analysisData ?? {}).sort();
      const inReport = Object.keys(report.analysisDetail?.analysisData ?? {}).sort();
      if (isSuccess(detail))
        ctx.expect(
          JSON.stringify(inReport) === JSON.stringify(chapters),
          `sections omitted: analysisDetail holds chapters ${JSON.stringify(inReport)}, the analysis has ${JSON.stringify(chapters)}`,
        );
    },
  },
  {
    id: 'fullreport.several-chapter-keys',
    area: 'fullreport',
    title: 'two chapter keys and a part as sections give analysisDetail with exactly those two chapters, and that part',
    spec: 'any other key | a chapter key: analysisDetail holds only chapters with these keys',
    operations: ['getFullReport'],
    cost: FREE,
    needs: {},
    gap: 'the entity key names of chapters are not shown: the keys are taken from the full report of the same company',
    async check(ctx) {
      const { projectId } = await ctx.fixtures.completedAnalysis();
      const all = await fullReport(ctx, { projectId });
      const keys = Object.keys(all.analysisDetail?.analysisData ?? {});
      if (keys.length < 2) return ctx.notChecked('the analysis has fewer than two chapters');
      const chosen = [keys[0] ?? '', keys.at(-1) ?? ''].sort();
      const report = await withSections(ctx, [chosen[0], 'investments', chosen[1]].join(','));
      const got = Object.keys(report.analysisDetail?.analysisData ?? {}).sort();
      ctx.expect(
        JSON.stringify(got) === JSON.stringify(chosen),
        `sections=${chosen[0]},investments,${chosen[1]}: analysisDetail.analysisData holds ${JSON.stringify(got)}, expected ${JSON.stringify(chosen)}`,
      );
      ctx.expect(
        Array.isArray(report.investments),
        `investments is ${JSON.stringify(report.investments)} though selected`,
      );
    },
  },
];
