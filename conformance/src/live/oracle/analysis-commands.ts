// The oracle's company analyses (only with --analysis-cost, at most MAX_ORACLE_ANALYSES in the
// rule): create a company that starts one, and follow analyses to a final state on both sides.
// Which final state, and how long it takes, is not fixed (analysis transitions are not shown):
// what follows from the state each side reached (its webhook delivery) is compared elsewhere.
import fc from 'fast-check';
import type { components } from '../../../../openapi/index.ts';
import { FINAL_ANALYSIS_STATUSES as FINAL } from '../../final-statuses.ts';
import { dataOf, sleep } from '../answers.ts';
import { holds, same } from './difference.ts';
import { sameOutcome } from './outcome.ts';
import { both, onModel, type OracleAnalysis, type OracleReal, type OracleState } from './state.ts';

type Schemas = components['schemas'];
type Command = fc.AsyncCommand<OracleState, OracleReal>;
const ANALYSIS_COST = { credits: 'unknown' as const, records: 1 };
const JSON_HEADERS = { 'content-type': 'application/json' };

export class CreateAnalysedCompany implements Command {
  readonly nickname: boolean;

  constructor(nickname: boolean) {
    this.nickname = nickname;
  }
  check = (s: Readonly<OracleState>) =>
    s.ctx.can('writes') && s.phase.analyses < s.phase.caps.analyses && s.ctx.canSpend(ANALYSIS_COST);
  async run(s: OracleState): Promise<void> {
    s.phase.analyses += 1;
    s.phase.named += 1;
    const companyName = `conformance-${s.ctx.runId} ${s.token} analysed ${s.phase.named}`;
    const companyWebsite = `https://${s.token}-${s.phase.named}.example`;
    const name = this.nickname ? `${s.token} nickname ${s.phase.named}` : undefined;
    const json = { companyName, projectType: 'projectAnalysisNoFile', companyWebsite, name };
    const answers = await both(s, 'createProject', {
      json,
      spend: { ...ANALYSIS_COST, record: `company "${companyName}" with one analysis` },
    });
    sameOutcome('createEchoes', 'creating a company with an analysis', answers);
    const deployment = dataOf<Schemas['CreateProjectResult']>(answers.deployment);
    const model = dataOf<Schemas['CreateProjectResult']>(answers.model);
    same('createEchoes', 'project.companyName', deployment?.project?.companyName, model?.project?.companyName);
    same('createEchoes', 'project.projectType', deployment?.project?.projectType, model?.project?.projectType);
    holds(
      'createEchoes',
      typeof deployment?.project?.id === 'string' && typeof deployment.analysisId === 'string',
      () => `the created company answered no project.id or analysisId: ${JSON.stringify(deployment)}`,
    );
    s.ids.pair('createEchoes', 'project.id', deployment?.project.id ?? '', model?.project.id ?? '');
    s.ids.pair('createEchoes', 'analysisId', deployment?.analysisId ?? '', model?.analysisId ?? '');
    const company = {
      deployment: deployment?.project.id ?? '',
      model: model?.project.id ?? '',
      companyName,
      companyWebsite,
      name,
    };
    s.companies.push(company);
    s.analyses.push({
      deployment: deployment?.analysisId ?? '',
      model: model?.analysisId ?? '',
      company,
      status: {},
      final: false,
      subscribed: s.hooks?.flags.analysisCompleted ?? false,
      compared: false,
    });
  }
  toString = () => `createAnalysedCompany(nickname: ${this.nickname})`;
}

/** The analysis's status on one side, read through the company list by id, until final or --poll-timeout. */
async function finalStatus(s: OracleState, analysis: OracleAnalysis, side: 'deployment' | 'model') {
  const deadline = Date.now() + s.ctx.fixtures.pollTimeoutMs;
  const request = { query: { id: analysis.company[side] }, headers: JSON_HEADERS };
  for (;;) {
    const answer =
      side === 'model' ? await onModel(s, 'listProjects', request) : await s.ctx.call('listProjects', request);
    const data = dataOf<unknown>(answer);
    const project = (Array.isArray(data) ? data[0] : data) as Schemas['Project'] | undefined;
    const status = project?.analyses?.find((a) => a.id === analysis[side])?.status;
    if (status !== undefined && FINAL.has(status)) return status;
    // An analysis that does not end in time is a gap (transitions are not shown): nothing follows from it.
    if (Date.now() > deadline) return undefined;
    await sleep(side === 'model' ? 10 : s.ctx.fixtures.pollIntervalMs);
  }
}

/** Follows every analysis of the sequence not yet followed (both sides side by side). */
export async function awaitAnalyses(s: OracleState): Promise<void> {
  const open = s.analyses.filter((a) => !a.final);
  await Promise.all(
    open.map(async (a) => {
      const [deployment, model] = await Promise.all([finalStatus(s, a, 'deployment'), finalStatus(s, a, 'model')]);
      a.status = { deployment, model };
      a.final = true;
    }),
  );
}

export class AwaitAnalyses implements Command {
  check = (s: Readonly<OracleState>) => s.analyses.some((a) => !a.final);
  run = (s: OracleState) => awaitAnalyses(s);
  toString = () => 'awaitAnalyses()';
}

export const analysisCommands = [
  fc.boolean().map((nickname) => new CreateAnalysedCompany(nickname)),
  fc.constant(new AwaitAnalyses()),
];
