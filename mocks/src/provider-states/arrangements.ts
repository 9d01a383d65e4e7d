// The mock's side of the pacts' provider states: for each state the pacts name
// (common/src/provider-states/, docs/provider-states.md), how the mock makes it true. Each
// starts from a reset, so states never leak into each other; the answer holds the values the pacts'
// `fromProviderState` expressions read.
import {
  ANALYSIS_AWAITS_UPLOAD,
  API_KEY_NOT_VALID,
  COMPANY_EXISTS,
  COMPANY_HAS_COMPLETED_ANALYSIS,
  COMPANY_LIST_FAILS,
  CREDITS_LEFT,
  DELIVERY_FAILED,
  ENGINE_AVAILABLE,
  ENGINE_UNREACHABLE,
  FOLDER_TOO_LARGE,
  FOLDER_UPLOADED,
  FOLDER_UPLOADED_NO_CREDITS,
  FUND_RUN_COMPLETED,
  FUND_RUN_WITHOUT_ROLE,
  NO_SUCH_FOLDER,
  NO_SUCH_FUND_RUN,
  NO_WEBHOOK_CONFIGURATION,
  SESSION_TOKEN_NOT_VALID,
  WEBHOOK_CONFIGURED,
} from '../../../common/src/index.ts';
import type { SeedProject } from '../domain/seed.ts';
import type { StateContext } from './state-context.ts';

export type StateParams = Record<string, unknown>;
/** Values handed back to the verifier, by name. */
export type StateValues = Record<string, string>;
type Arrangement = (context: StateContext, params: StateParams) => Promise<StateValues>;

const RUN = { name: 'Helio Fund I', refDate: '2025-12-31' };
const RECEIVER = 'https://receiver.heliogrid.example/hooks';
/** A port fetch refuses to connect to, so the delivery fails at once with a described error. */
const UNREACHABLE_RECEIVER = 'http://127.0.0.1:9/hooks';

/** The one company a state names, owned by the caller, with a completed analysis. */
function namedCompany(params: StateParams, ownerUserId: string): SeedProject {
  if (typeof params.projectId !== 'string') throw new Error('this provider state needs the param projectId');
  const companyName = typeof params.companyName === 'string' ? params.companyName : 'Helio Grid';
  return {
    id: params.projectId,
    ownerUserId,
    name: companyName.split(' ')[0],
    companyName,
    companyWebsite: 'https://heliogrid.example',
    companyLegalName: `${companyName} GmbH`,
    companyEmail: 'contact@heliogrid.example',
    companyIndustry: 'Energy',
    companyCountry: 'DE',
    companyBusinessModel: 'b2b',
    companyStage: 'seed',
    companyRevenueRange: 'EUR 1M - 5M',
    completedAnalysis: true,
  };
}

/** States the seed the mock started with already makes true. */
const startSeed: Arrangement = async (context) => {
  await context.reset();
  return {};
};

async function withNamedCompany(context: StateContext, params: StateParams): Promise<void> {
  // Reset first: the caller is the first user of the seed the mock started with, whatever came since.
  await context.reset();
  await context.reset({ data: { projects: [namedCompany(params, context.user(0).id)] } });
}

async function uploadedFolder(context: StateContext, files = 1): Promise<StateValues> {
  return { folderPath: await context.uploadDataRoom(context.user(0), files) };
}

export const arrangements: Record<string, Arrangement> = {
  [API_KEY_NOT_VALID]: startSeed,
  [SESSION_TOKEN_NOT_VALID]: startSeed,
  [COMPANY_EXISTS]: async (context, params) => {
    await withNamedCompany(context, params);
    return {};
  },
  [CREDITS_LEFT]: async (context) => {
    await context.reset({ credits: 1000 });
    return {};
  },
  [ANALYSIS_AWAITS_UPLOAD]: async (context) => {
    await context.reset();
    const created = await context.call(context.user(0).apiKey, 'POST', '/integration/project', {
      companyName: 'Helio Grid',
      projectType: 'projectAnalysisWithFile',
    });
    return { analysisId: String(created.analysisId) };
  },
  [COMPANY_LIST_FAILS]: async (context) => {
    await context.reset();
    context.session.state.faults.companyList = true;
    return {};
  },
  [COMPANY_HAS_COMPLETED_ANALYSIS]: async (context, params) => {
    await withNamedCompany(context, params);
    const analysis = context.session.state.analyses
      .ofProject(String(params.projectId))
      .find((a) => a.status === 'completed');
    if (!analysis) throw new Error(`the mock seeded no completed analysis for ${String(params.projectId)}`);
    return { analysisId: analysis.id };
  },
  [ENGINE_AVAILABLE]: startSeed,
  [ENGINE_UNREACHABLE]: async (context) => {
    await context.reset();
    context.session.state.engineAvailable = false;
    return {};
  },
  [NO_SUCH_FOLDER]: startSeed,
  [FOLDER_UPLOADED]: async (context) => {
    await context.reset();
    return uploadedFolder(context);
  },
  [FOLDER_UPLOADED_NO_CREDITS]: async (context) => {
    await context.reset({ credits: 0 });
    return uploadedFolder(context);
  },
  [FOLDER_TOO_LARGE]: async (context) => {
    await context.reset();
    return uploadedFolder(context, 51);
  },
  [FUND_RUN_COMPLETED]: async (context) => {
    await context.reset();
    const caller = context.user(0);
    const run = await context.call(caller.apiKey, 'POST', '/integrationfund/fund/run', {
      ...RUN,
      folderPath: await context.uploadDataRoom(caller),
    });
    await context.session.settle();
    return { fundExtractionId: String(run.fundExtractionId) };
  },
  [NO_SUCH_FUND_RUN]: startSeed,
  [FUND_RUN_WITHOUT_ROLE]: async (context) => {
    // The start seed's second user grants the first no role on the funds it creates.
    await context.reset();
    const other = context.user(1);
    const run = await context.call(other.apiKey, 'POST', '/integrationfund/fund/run', {
      ...RUN,
      folderPath: await context.uploadDataRoom(other),
    });
    return { fundExtractionId: String(run.fundExtractionId) };
  },
  [NO_WEBHOOK_CONFIGURATION]: startSeed,
  [WEBHOOK_CONFIGURED]: async (context) => {
    await context.reset();
    await context.call(`Bearer ${context.user(0).accessToken}`, 'POST', '/integration/webhook', {
      url: RECEIVER,
      analysisCompleted: true,
    });
    return {};
  },
  [DELIVERY_FAILED]: async (context) => {
    await context.reset();
    const caller = context.user(0);
    await context.call(`Bearer ${caller.accessToken}`, 'POST', '/integration/webhook', {
      url: UNREACHABLE_RECEIVER,
      analysisCompleted: true,
    });
    await context.call(caller.apiKey, 'POST', '/integration/project', {
      companyName: 'Helio Grid',
      projectType: 'projectAnalysisNoFile',
      companyWebsite: 'https://heliogrid.example',
    });
    // The analysis completes and its analysisCompleted delivery fails before settle answers.
    await context.session.settle();
    return {};
  },
};
