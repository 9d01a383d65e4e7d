// createIntegrationClient: openapi-fetch over the generated `paths`, with one middleware per
// concern, and one method per operation of the contract (named by its operationId).
import createClient from 'openapi-fetch';
import type { components, operations, paths } from '../../openapi/index.ts';
import { authMiddleware } from './auth-middleware.ts';
import { contentTypeMiddleware } from './content-type-middleware.ts';
import { envelopeMiddleware } from './envelope-middleware.ts';
import type { NormalizedEnvelope } from './envelope.ts';
import { errorMiddleware } from './error-middleware.ts';
import { ANALYSIS_POLL_SECTIONS, waitForAnalysis, type WaitForAnalysisOptions } from './analysis-polling.ts';
import {
  checkedRetry,
  checkedTimeout,
  DEFAULT_RETRY,
  DEFAULT_TIMEOUT_MS,
  fetchWithPolicy,
  type RetryOptions,
} from './call-policy.ts';
import {
  checkFolderRoom,
  fundUploadForm,
  preparedFundFiles,
  type FundFile,
  type FundFilePart,
  type PathReader,
} from './fund-files.ts';
import { waitForFundRun, type WaitForFundRunOptions } from './fund-run-polling.ts';
import { IntegrationError } from './integration-error.ts';
import { type ApiClient, type JsonBody, type Query, type Result, resultOf } from './operation-types.ts';
import { listProjects, type ListProjectsQuery } from './project-pages.ts';

type Schemas = components['schemas'];

export interface IntegrationClientOptions {
  /** The service base URL including its `/api` prefix, e.g. `http://127.0.0.1:4010/api`. */
  baseUrl: string;
  /** Sent raw as `Authorization` on every operation whose contract security is `apiKey`. */
  apiKey?: string | undefined;
  /** Sent as `Authorization: Bearer <token>` on the operations whose security is `sessionBearer` (webhook calls). */
  accessToken?: string | undefined;
  /** A fetch implementation; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch | undefined;
  /** Time limit of each request attempt in ms; default 30 s. A call over it fails with kind `timeout`. */
  timeoutMs?: number | undefined;
  /** Retries of reads (GET); default `{ retries: 2, baseDelayMs: 500, maxDelayMs: 30_000 }`; `false` turns them off. */
  retry?: RetryOptions | false | undefined;
  /** Reads fund files given as paths; the Node entry (`/node`) sets it, the main entry has none. */
  readPath?: PathReader | undefined;
}

export interface CallOptions {
  /** Aborts the call (kind `aborted`). */
  signal?: AbortSignal | undefined;
  /** Time limit of each attempt of this call; default the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
  /**
   * Reads are retried by the client's policy; `false` turns that off for this call. Writes (create,
   * message, webhook save, uploads, fund run) are never retried unless this call says `true` (the
   * client's policy) or gives its own options: a retried fund run may charge credits twice.
   */
  retry?: RetryOptions | boolean | undefined;
}

export type { RetryOptions };

export type WebhookConfigurationInput = Schemas['WebhookConfigurationInput'];
/** createProject's body: the company and the project type (whether and how an analysis starts). */
export type CreateProjectInput = JsonBody<'/integration/project', 'post'>;
/** processMessage's body: a message attached to a company. */
export type ProcessMessageInput = JsonBody<'/integration/processmessage', 'post'>;
/** startFundRun's body: the run's name and the data-room folder an upload returned. */
export type StartFundRunInput = JsonBody<'/integrationfund/fund/run', 'post'>;
/** retrieveReport's query: the project and the analysis whose report payload to read. */
export type RetrieveReportQuery = Query<'/integration/retrievereport', 'get'>;
type WireFullReportQuery = Query<'/integration/project/fullreport', 'get'>;
/** A part key the specification names (`dealscore`, `investments`, ...) or any chapter key. */
export type FullReportSection = NonNullable<WireFullReportQuery['sections']>;
/**
 * getFullReport's query: `projectId`, optionally `analysisId` (default: the latest completed one)
 * and `sections` (all when omitted), as an array of keys or the comma-separated string the service
 * reads: `dealscore`/`projectcompanyfit`, `relevantCompanyEvents`, `votes`/`votesAndNotes`,
 * `investments`, `reportingCycle`, or a chapter key.
 */
export type FullReportQuery = Omit<WireFullReportQuery, 'sections'> & {
  sections?: FullReportSection | readonly FullReportSection[] | undefined;
};

export interface UploadFundFilesOptions extends CallOptions {
  /** The folderPath of an earlier upload: the files are added to that folder. */
  folderPath?: string;
}

export interface UploadDataRoomOptions extends UploadFundFilesOptions {
  /** Files per upload call; default 10. */
  filesPerCall?: number;
}

const DEFAULT_FILES_PER_CALL = 10;

/** The specification's `{base_url}` "already includes its /api prefix". */
const BASE_URL_SHAPE = /^https?:\/\/[^/?#]+(\/[^?#]*)?\/api\/?$/;

/** A base URL the client accepts, without its trailing slash; anything else is refused with the rule it broke. */
export function checkedBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || !BASE_URL_SHAPE.test(baseUrl) || !URL.canParse(baseUrl)) {
    throw IntegrationError.refused(
      'Invalid client options',
      `baseUrl must be an http(s) URL whose path ends in the service's /api prefix (e.g. https://host/api), got ${JSON.stringify(baseUrl)}.`,
    );
  }
  return baseUrl.replace(/\/$/, '');
}

/** Which calls are retried by default: reads only. */
type CallKind = 'read' | 'write';

/**
 * The typed client: one method per operation of the contract, envelopes normalized, every failure an
 * IntegrationError with a `kind`, a time limit per attempt, retries of reads, paging and polling helpers.
 * @example
 * const client = createIntegrationClient({ baseUrl: 'http://127.0.0.1:4010/api', apiKey: 'mock-api-key' });
 * for await (const page of client.listProjects({ pageSize: 100 })) console.log(page.data.length);
 */
export function createIntegrationClient(options: IntegrationClientOptions) {
  const readPath = options.readPath;
  const baseUrl = checkedBaseUrl(options?.baseUrl);
  const baseFetch: (request: Request) => Promise<Response> = options.fetch ?? ((request) => globalThis.fetch(request));
  const clientTimeout = checkedTimeout(options.timeoutMs, DEFAULT_TIMEOUT_MS);
  const clientRetry = checkedRetry(options.retry, DEFAULT_RETRY);

  /** The per-call request options: the caller's signal and a fetch with this call's time limit and retries. */
  function init(
    opts: CallOptions,
    kind: CallKind,
  ): { signal?: AbortSignal; fetch: (request: Request) => Promise<Response> } {
    const timeoutMs = checkedTimeout(opts.timeoutMs, clientTimeout);
    const fallback = kind === 'read' && opts.retry === undefined ? clientRetry : false;
    const retry =
      opts.retry === true
        ? clientRetry || DEFAULT_RETRY
        : checkedRetry(opts.retry === undefined ? undefined : opts.retry, fallback);
    return { ...(opts.signal ? { signal: opts.signal } : {}), fetch: fetchWithPolicy(baseFetch, { timeoutMs, retry }) };
  }

  const api: ApiClient = createClient<paths>({
    baseUrl,
    fetch: fetchWithPolicy(baseFetch, { timeoutMs: clientTimeout, retry: false }),
  });
  // onResponse runs in reverse order of registration: envelope first, then errors.
  api.use(
    authMiddleware({ apiKey: options.apiKey, accessToken: options.accessToken }),
    contentTypeMiddleware(),
    errorMiddleware(),
    envelopeMiddleware(),
  );

  /** Files this client stored per folderPath, so the 50-files-per-run limit is checked before sending. */
  const filesInFolder = new Map<string, number>();

  const storedIn = (folderPath: string | undefined) =>
    folderPath === undefined ? 0 : (filesInFolder.get(folderPath) ?? 0);

  /** One upload call with parts already checked and prepared, so a data room prepares each file once. */
  async function postFundParts(
    parts: readonly FundFilePart[],
    opts: UploadFundFilesOptions,
  ): Promise<Result<'/integrationfund/fund/upload', 'post'>> {
    const call = await api.POST('/integrationfund/fund/upload', {
      // openapi-typescript types binary parts as strings; the FormData built here is what is sent.
      body: fundUploadForm(parts, opts.folderPath) as unknown as Schemas['FundUploadRequest'],
      ...init(opts, 'write'),
    });
    const result = resultOf<'/integrationfund/fund/upload', 'post'>(call);
    const { folderPath, fileNames } = result.data;
    filesInFolder.set(folderPath, storedIn(folderPath) + fileNames.length);
    return result;
  }

  async function uploadFundFiles(
    files: readonly FundFile[],
    opts: UploadFundFilesOptions = {},
  ): Promise<Result<'/integrationfund/fund/upload', 'post'>> {
    return postFundParts(await preparedFundFiles(files, storedIn(opts.folderPath), readPath), opts);
  }

  async function getFundRunSummary(
    fundExtractionId: Query<'/integrationfund/fund', 'get'>['fundExtractionId'],
    opts: CallOptions = {},
  ) {
    const call = await api.GET('/integrationfund/fund', {
      params: { query: { fundExtractionId } },
      ...init(opts, 'read'),
    });
    return resultOf<'/integrationfund/fund', 'get'>(call);
  }

  return {
    /** The underlying openapi-fetch client, with the same middleware, for anything the methods do not cover. */
    api,

    /** Company list, every page (async iterator of pages). */
    listProjects: (query?: ListProjectsQuery, opts: CallOptions = {}) => listProjects(api, query, init(opts, 'read')),

    /** Company list called with `id`: one project (the response shape is open in the contract). */
    async getProject(id: NonNullable<Query<'/integration/projects', 'get'>['id']>, opts: CallOptions = {}) {
      const call = await api.GET('/integration/projects', { params: { query: { id } }, ...init(opts, 'read') });
      return call.data as NormalizedEnvelope<Schemas['ProjectLookupResult']['data']>;
    },

    /** `GET /integration/project/search`: the caller's companies matching `keywords` (entries carry the id). */
    async searchProjects(keywords: Query<'/integration/project/search', 'get'>['keywords'], opts: CallOptions = {}) {
      const call = await api.GET('/integration/project/search', {
        params: { query: { keywords } },
        ...init(opts, 'read'),
      });
      return resultOf<'/integration/project/search', 'get'>(call);
    },

    /**
     * `POST /integration/project`: creates a company; `projectAnalysisNoFile` also starts its analysis
     * (`data.analysisId`), `projectAnalysisWithFile` waits for uploadAnalysisFiles. Spends credits when it analyses.
     * @example
     * const { data } = await client.createProject({ companyName: 'Helio Grid', projectType: 'projectNoAnalysis' });
     */
    async createProject(body: CreateProjectInput, opts: CallOptions = {}) {
      const call = await api.POST('/integration/project', { body, ...init(opts, 'write') });
      return resultOf<'/integration/project', 'post'>(call);
    },

    /** Files for a manual-upload analysis. The part names are open in the contract, so the caller builds the form. */
    async uploadAnalysisFiles(
      analysisId: operations['uploadAnalysisFiles']['parameters']['header']['analysisid'],
      form: FormData,
      opts: CallOptions = {},
    ) {
      const call = await api.POST('/integrationfiles/upload', {
        params: { header: { analysisid: analysisId } },
        body: form as unknown as JsonBody<'/integrationfiles/upload', 'post'>,
        ...init(opts, 'write'),
      });
      return resultOf<'/integrationfiles/upload', 'post'>(call);
    },

    /** `POST /integration/processmessage`: submits a message about a company (not retried unless asked). */
    async processMessage(body: ProcessMessageInput, opts: CallOptions = {}) {
      const call = await api.POST('/integration/processmessage', { body, ...init(opts, 'write') });
      return resultOf<'/integration/processmessage', 'post'>(call);
    },

    /** `GET /integration/analysis/detail`: one analysis with its chapters; a read before it completed is an error (the mock: kind `analysis-not-completed`). */
    async getAnalysisDetail(
      analysisId: Query<'/integration/analysis/detail', 'get'>['analysisId'],
      opts: CallOptions = {},
    ) {
      const call = await api.GET('/integration/analysis/detail', {
        params: { query: { analysisId } },
        ...init(opts, 'read'),
      });
      return resultOf<'/integration/analysis/detail', 'get'>(call);
    },

    /** `GET /integration/retrievereport`: an analysis's report payload (detail plus formatted chapter strings and deal scoring). */
    async retrieveReport(query: RetrieveReportQuery, opts: CallOptions = {}) {
      const call = await api.GET('/integration/retrievereport', { params: { query }, ...init(opts, 'read') });
      return resultOf<'/integration/retrievereport', 'get'>(call);
    },

    /**
     * `GET /integration/project/fullreport`: the project bundle. `sections` (all when omitted) selects parts:
     * `dealscore`/`projectcompanyfit` → projectcompanyfit, `relevantCompanyEvents` → eventsConfigsRelevantCompanyEvent,
     * `votes`/`votesAndNotes` → projectvotesummary, `investments` → investments and totalInvestment,
     * `reportingCycle` → reportingCycle, any other key → that chapter in analysisDetail. A part not selected is
     * null; `projectDetail` is always there; `analysisDetail` is null without a chapter key or a completed analysis.
     * @example
     * const { data } = await client.getFullReport({ projectId, sections: ['investments', 'reportingCycle'] });
     */
    async getFullReport({ sections, ...rest }: FullReportQuery, opts: CallOptions = {}) {
      const query: WireFullReportQuery = {
        ...rest,
        ...(sections === undefined ? {} : { sections: typeof sections === 'string' ? sections : sections.join(',') }),
      };
      const call = await api.GET('/integration/project/fullreport', { params: { query }, ...init(opts, 'read') });
      return resultOf<'/integration/project/fullreport', 'get'>(call);
    },

    /** `GET /integration/webhook` (access token): the saved webhook URL and event flags. */
    async getWebhookConfiguration(opts: CallOptions = {}) {
      const call = await api.GET('/integration/webhook', init(opts, 'read'));
      return resultOf<'/integration/webhook', 'get'>(call);
    },

    /** `POST /integration/webhook` (access token): saves the first webhook configuration. */
    async createWebhookConfiguration(body: WebhookConfigurationInput, opts: CallOptions = {}) {
      const call = await api.POST('/integration/webhook', { body, ...init(opts, 'write') });
      return resultOf<'/integration/webhook', 'post'>(call);
    },

    /** `PUT /integration/webhook` (access token): replaces the webhook configuration. */
    async updateWebhookConfiguration(body: WebhookConfigurationInput, opts: CallOptions = {}) {
      const call = await api.PUT('/integration/webhook', { body, ...init(opts, 'write') });
      return resultOf<'/integration/webhook', 'put'>(call);
    },

    /** `GET /integration/webhook/history` (access token): the most recent deliveries, newest first. */
    async listWebhookDeliveries(opts: CallOptions = {}) {
      const call = await api.GET('/integration/webhook/history', init(opts, 'read'));
      return resultOf<'/integration/webhook/history', 'get'>(call);
    },

    /** One upload call. Files are checked (type, size, files per run) before anything is sent. */
    uploadFundFiles,

    /**
     * A whole data room over one or more upload calls: the first call creates the folder (unless
     * `folderPath` is given), the next ones add to it. Every file is checked before the first call.
     */
    async uploadDataRoom(
      files: readonly FundFile[],
      opts: UploadDataRoomOptions = {},
    ): Promise<Schemas['FundUploadResult']> {
      const filesPerCall = opts.filesPerCall ?? DEFAULT_FILES_PER_CALL;
      if (!Number.isInteger(filesPerCall) || filesPerCall < 1) {
        throw IntegrationError.refused(
          'Fund upload refused',
          `filesPerCall must be a whole number ≥ 1, got ${filesPerCall}.`,
        );
      }
      const parts = await preparedFundFiles(files, storedIn(opts.folderPath), readPath);
      let folderPath = opts.folderPath;
      const fileNames: string[] = [];
      for (let start = 0; start < parts.length; start += filesPerCall) {
        try {
          const batch = parts.slice(start, start + filesPerCall);
          // The folder's count is checked again per call: the service's answers (or other calls) may have added files.
          checkFolderRoom(batch.length, storedIn(folderPath));
          const { data } = await postFundParts(batch, folderPath === undefined ? opts : { ...opts, folderPath });
          folderPath = data.folderPath;
          fileNames.push(...data.fileNames);
        } catch (error) {
          throw partialUploadError(error, folderPath, fileNames);
        }
      }
      return { folderPath: folderPath as string, fileNames };
    },

    /** `POST /integrationfund/fund/run`: starts a fund run on an uploaded folder (costs credits; never retried unless asked). */
    async startFundRun(body: StartFundRunInput, opts: CallOptions = {}) {
      const call = await api.POST('/integrationfund/fund/run', { body, ...init(opts, 'write') });
      return resultOf<'/integrationfund/fund/run', 'post'>(call);
    },

    /** `GET /integrationfund/fund`: a fund run's status and, once completed, its summary. */
    getFundRunSummary,

    /** Polls the fund read until `completed` or `error` and resolves with that summary. */
    waitForFundRun: (
      fundExtractionId: Query<'/integrationfund/fund', 'get'>['fundExtractionId'],
      opts?: WaitForFundRunOptions,
    ) => waitForFundRun(async (id, signal) => (await getFundRunSummary(id, { signal })).data, fundExtractionId, opts),

    /**
     * Polls the analysis's status until `completed` or `failed` and resolves with its summary. The
     * status is read from the full report's `projectDetail.analyses` (the analysis detail has none).
     */
    waitForAnalysis: (
      projectId: Query<'/integration/project/fullreport', 'get'>['projectId'],
      analysisId: NonNullable<Query<'/integration/project/fullreport', 'get'>['analysisId']>,
      opts?: WaitForAnalysisOptions,
    ) =>
      waitForAnalysis(
        async (id, signal) =>
          (
            await api.GET('/integration/project/fullreport', {
              params: { query: { projectId: id, sections: ANALYSIS_POLL_SECTIONS } },
              ...init({ signal }, 'read'),
            })
          ).data!.data as Schemas['FullReport'],
        projectId,
        analysisId,
        opts,
      ),
  };
}

/** A failed batch says what earlier batches already stored, so a partial upload is never silent. */
function partialUploadError(error: unknown, folderPath: string | undefined, fileNames: string[]): unknown {
  if (!(error instanceof IntegrationError) || folderPath === undefined || fileNames.length === 0) return error;
  return new IntegrationError({ ...error, cause: error, storedBeforeFailure: { folderPath, fileNames } });
}

export type IntegrationClient = ReturnType<typeof createIntegrationClient>;
