// Fund runs: acceptance (engine, folder, 50-file limit, credits, in that order; the 10 credits are
// taken in the same synchronous step as the check, so concurrent runs can never overdraw), then
// `running` half-way and `completed` or `error` at the end of the processing time.
import type { components } from '../../../openapi/index.ts';
import { buildFundAnalysisCompletedEvent } from '../events.ts';
import { errors } from '../http/errors.ts';
import { createAnalysis, isUnreadable } from './analyses.ts';
import { fillForm } from './gap-choices.ts';
import { kebab } from './kebab.ts';
import { newProjectRecord } from './projects.ts';
import type { FundRunRecord, ProjectRecord, UserRecord } from './records.ts';
import type { MockState } from './state.ts';

type Schemas = components['schemas'];

export const RUN_COST = 10;
const MAX_FILES_PER_RUN = 50;
const FOLDER_GAP = "fund run with a folderPath that is not the caller's: the mock answers 404 Error100";
const FUND_STAGE_GAP = 'error for an unknown fundstageId';
export const ANALYZE_CREDITS_GAP =
  'projectMode analyze when credits run out: companies beyond the credits are created without an analysis';

function fundIdOf(state: MockState, user: UserRecord, name: string, fundExtractionId: string): string {
  return fillForm(state.choices.idForms.fundId, {
    '{owner id}': user.id,
    '{name}': name,
    '{name as a slug}': kebab(name),
    '{fundExtractionId}': fundExtractionId,
  });
}

/** The caller's role on a run's fund: owner for its creator, else what the seed grants. */
export function roleOn(user: UserRecord, run: FundRunRecord): Schemas['FundRole'] | undefined {
  return run.ownerUserId === user.id ? 'owner' : user.fundRoles.get(run.fundId);
}

export function startFundRun(state: MockState, user: UserRecord, request: Schemas['FundRunRequest']): FundRunRecord {
  if (!state.engineAvailable) throw errors.engineUnavailable();
  const folder = state.folders.get(request.folderPath);
  if (!folder || folder.ownerUserId !== user.id) throw errors.folderNotFound().withGap(FOLDER_GAP);
  if (folder.fileNames.length > MAX_FILES_PER_RUN) throw errors.tooManyFiles(folder.fileNames.length);
  let fundstage: Schemas['FundStage'] | null = null;
  if (request.fundstageId !== undefined) {
    fundstage = state.seed.fundStages.find((s) => s.id === request.fundstageId) ?? null;
    if (!fundstage)
      throw errors.invalidRequest(`body fundstageId names no fund stage: ${request.fundstageId}`, FUND_STAGE_GAP);
  }
  if (!state.charge(RUN_COST)) throw errors.noCredits();

  const now = state.ids.now();
  const fundExtractionId = state.ids.uuid('fundRun');
  const { fundDefaults } = state.choices;
  const run: FundRunRecord = {
    fundExtractionId,
    fundId: fundIdOf(state, user, request.name, fundExtractionId),
    ownerUserId: user.id,
    name: request.name,
    folderPath: folder.folderPath,
    fileNames: [...folder.fileNames],
    status: 'pending',
    errorMessage: null,
    refDate: request.refDate ?? null,
    projectMode: request.projectMode ?? 'bookmark',
    customerIsInvestor: request.customerIsInvestor ?? fundDefaults.customerIsInvestor,
    fundstage,
    lastStageChange: fundstage ? now : null,
    companies: [],
    createdAt: now,
    updatedAt: now,
  };
  state.fundRuns.set(run.fundExtractionId, run);
  const total = state.seed.processingMs;
  state.scheduler.schedule(total / 2, { kind: 'runRunning', fundExtractionId: run.fundExtractionId });
  state.scheduler.schedule(total, { kind: 'runFinish', fundExtractionId: run.fundExtractionId });
  return run;
}

export function progressRun(state: MockState, run: FundRunRecord): void {
  if (run.status === 'pending' && state.choices.fundShowsRunning) {
    run.status = 'running';
    run.updatedAt = state.ids.now();
  }
}

export function finishRun(state: MockState, run: FundRunRecord): void {
  if (run.status === 'completed' || run.status === 'error') return;
  const unreadable = run.fileNames.find(isUnreadable);
  run.updatedAt = state.ids.now();
  if (unreadable && state.choices.unreadableFundFails) {
    run.status = 'error';
    run.errorMessage = `The analysis engine could not read ${unreadable}`;
    return;
  }
  const owner = state.user(run.ownerUserId);
  run.companies = state.seed.portfolio.map((company, i) => {
    const project =
      run.projectMode === 'none' ? undefined : companyRecord(state, owner, company, run.projectMode === 'analyze');
    return {
      id: fillForm(state.choices.idForms.companyId, {
        '{fundExtractionId}': run.fundExtractionId,
        '{n}': String(i + 1),
      }),
      status: company.status,
      companyName: company.companyName,
      website: company.website,
      projectId: project?.id ?? null,
      projectLogoUrl: null,
      origin: company.origin,
    };
  });
  run.status = 'completed';
  state.webhooks.emit(run.ownerUserId, buildFundAnalysisCompletedEvent(run, state.choices.fundPayloadFields));
}

/** The owner's company record of that name, created when missing; `analyze` also starts an analysis. */
function companyRecord(
  state: MockState,
  owner: UserRecord,
  company: Pick<Schemas['FundCompany'], 'companyName' | 'website'>,
  analyze: boolean,
): ProjectRecord {
  const match = state.choices.portfolioMatch;
  const wanted = company.companyName.toLowerCase();
  let project =
    match === 'never'
      ? undefined
      : state.projects
          .inOrder()
          .find(
            (p) =>
              p.ownerUserId === owner.id &&
              (match === 'exact' ? p.companyName === company.companyName : p.companyName.toLowerCase() === wanted),
          );
  if (!project) {
    project = newProjectRecord(state, owner, {
      companyName: company.companyName,
      name: company.companyName,
      companyWebsite: company.website,
      projectType: null,
    });
    state.projects.set(project.id, project);
  }
  if (analyze && state.charge(state.seed.analysisCost)) {
    createAnalysis(state, project, company.website ? [company.website] : [], false);
  }
  return project;
}

export function fundRunSummary(
  state: MockState,
  run: FundRunRecord,
  role: Schemas['FundRole'],
): Schemas['FundRunSummary'] {
  const owner = state.user(run.ownerUserId);
  const completed = run.status === 'completed';
  const underWay = run.status === 'pending' || run.status === 'running';
  const { fundDefaults, dataSections, availableUnderWay } = state.choices;
  const shown = (flag: 'workbook' | 'overview' | 'structure') =>
    completed || (underWay && availableUnderWay.includes(flag));
  const versions = [...state.fundRuns.values()].filter((r) => r.fundId === run.fundId).reverse();
  return {
    fundExtractionId: run.fundExtractionId,
    fundId: run.fundId,
    baseFundExtractionId: null,
    name: run.name,
    uploadName: run.name,
    status: run.status,
    errorMessage: run.errorMessage,
    refDate: run.refDate ?? run.createdAt.slice(0, 10),
    projectMode: run.projectMode,
    customerIsInvestor: run.customerIsInvestor,
    showDerivedMetrics: fundDefaults.showDerivedMetrics,
    fundstage: run.fundstage,
    lastStageChange: run.lastStageChange,
    firm: state.seed.firm,
    owner: { id: owner.id, fullName: owner.name, email: owner.email },
    myRole: role,
    figures: completed && state.choices.figuresWhenCompleted ? state.seed.figures.map((f) => ({ ...f })) : [],
    companiesCount: run.companies.length,
    companies: run.companies.map((c) => ({ ...c })),
    fundRuns: versions.map((r) => ({
      fundExtractionId: r.fundExtractionId,
      name: r.name,
      refDate: r.refDate,
      status: r.status,
      baseFundExtractionId: null,
      createdAt: r.createdAt,
    })),
    available: {
      workbook: shown('workbook'),
      overview: shown('overview'),
      structure: shown('structure'),
      incremental: underWay ? availableUnderWay.includes('incremental') : fundDefaults.incremental,
      dataSections: [...(completed ? dataSections.completed : underWay ? dataSections.underWay : [])],
    },
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
  };
}
