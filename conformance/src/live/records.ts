// The records several rules share, each made at most once per run and only when a rule asks for
// it: the listed companies, a completed analysis, a created company, a data-room folder, a fund
// run (10 credits) and its end state, the webhook configuration pointing at the suite's receiver
// (put back when the run ends). Every record created carries the run id in its name.
import type { components } from '../../../openapi/index.ts';
import { FINAL_FUND_STATUSES } from '../final-statuses.ts';
import { dataOf, describeAnswer, isSuccess, sleep } from './answers.ts';
import type { ConformanceReceiver, Delivery } from './receiver.ts';
import { NotChecked } from './not-checked.ts';
import type { Caller, Cost, FixtureName, Needs } from './rule-types.ts';

type Schemas = components['schemas'];

export interface FixtureInfo {
  title: string;
  cost: Cost;
  needs: Needs;
  /** Fixtures this one makes first. */
  uses?: FixtureName[];
}

/** One more than the largest page (100): enough for pageSize 99, 100 and 101 to answer three different counts. */
export const FILLED_LIST_SIZE = 101;

/** What each shared record costs, for the plan and the catalogue page. */
export const FIXTURES: Record<FixtureName, FixtureInfo> = {
  createdCompany: {
    title: 'a company created with projectNoAnalysis and a website (no analysis, no credits)',
    cost: { credits: 0, records: 1 },
    needs: { writes: true },
  },
  fundFolder: {
    title: 'a data-room folder with two small PDF files',
    cost: { credits: 0, records: 1 },
    needs: { writes: true },
  },
  fundRun: {
    title: 'a fund run over that folder, projectMode none (10 credits)',
    cost: { credits: 10, records: 1 },
    needs: { writes: true },
    uses: ['fundFolder'],
  },
  receiverConfigured: {
    title: "the webhook configuration pointed at the suite's receiver, both flags on; put back at the end",
    cost: { credits: 0, records: 0 },
    needs: { writes: true, accessToken: true, receiver: true },
  },
  analyzedCompany: {
    title: 'a company created with projectAnalysisNoFile (one company analysis: cost unknown)',
    cost: { credits: 'unknown', records: 1 },
    needs: { writes: true },
  },
  filledList: {
    title: `companies created with projectNoAnalysis (no credits) until the list holds ${FILLED_LIST_SIZE}, so the page size limit of 100 can be seen at, below and above it; each named with the run id and a token of its own`,
    cost: { credits: 0, records: FILLED_LIST_SIZE },
    needs: { writes: true },
  },
};

/**
 * Words that start the filler names, so they fall all over an ascending list: mixed case, and
 * pairs whose order depends on whether a collation counts spaces and punctuation.
 */
const FILL_WORDS = [
  'Zephyr',
  'alpha',
  'Del Monte',
  'Delaware',
  "o'Brien",
  'O Neil',
  'Mac Arthur',
  'Macadamia',
  'kilo',
  'Echo',
];

export interface FilledCompany {
  id: string;
  companyName: string;
  /** A word in companyName no other company of the run carries (fixed width: no token is part of another). */
  token: string;
}
export const PDF_FILE = (runId: string, name: string): [Blob, string] => [
  new Blob([`%PDF-1.4\n% conformance run ${runId} ${name}\n%%EOF\n`], { type: 'application/pdf' }),
  `conformance-${runId}-${name}.pdf`,
];

export interface FixtureOptions {
  pollIntervalMs: number;
  pollTimeoutMs: number;
  /** How long to wait for a webhook delivery once its event happened. */
  deliveryTimeoutMs: number;
  receiver?: ConformanceReceiver;
}

export interface FinishedFundRun {
  summary: Schemas['FundRunSummary'];
  /** Every status read while polling, in order. */
  statuses: string[];
  /** The run was still not final at --poll-timeout (summary is the last read). */
  timedOut: boolean;
}

export class Fixtures {
  private readonly memo = new Map<string, Promise<unknown>>();
  private webhookBefore?: Schemas['WebhookConfiguration'] | null;
  private webhookChanged = false;

  /** The rule running now: a fixture's calls are counted in the rule that first needs it. */
  private readonly current: () => Caller;
  private readonly options: FixtureOptions;

  constructor(current: () => Caller, options: FixtureOptions) {
    this.current = current;
    this.options = options;
  }

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let found = this.memo.get(key) as Promise<T> | undefined;
    if (!found) {
      found = make();
      this.memo.set(key, found);
    }
    return found;
  }

  get runId(): string {
    return this.current().runId;
  }

  get receiver(): ConformanceReceiver | undefined {
    return this.options.receiver;
  }

  /** The first 100 companies of the list (page 0). */
  listedProjects(): Promise<Schemas['Project'][]> {
    return this.once('listedProjects', async () => {
      const answer = await this.current().call('listProjects', {
        query: { page: '0', pageSize: '100' },
        headers: { 'content-type': 'application/json' },
      });
      const projects = dataOf<Schemas['Project'][]>(answer);
      if (!isSuccess(answer) || !Array.isArray(projects))
        throw new NotChecked(`the company list answered ${describeAnswer(answer)}`);
      return projects;
    });
  }

  /** A company with a completed analysis, from the list (read only). */
  completedAnalysis(): Promise<{ projectId: string; analysisId: string }> {
    return this.once('completedAnalysis', async () => {
      for (const project of await this.listedProjects()) {
        const analysis = project.analyses?.find((a) => a.status === 'completed');
        if (analysis) return { projectId: project.id, analysisId: analysis.id };
      }
      throw new NotChecked('no company with a completed analysis among the first 100 of the list');
    });
  }

  /** Any company: the first listed one, else the one this run creates. */
  async someProject(): Promise<{ id: string; companyName: string }> {
    const listed = (await this.listedProjects())[0];
    if (listed) return listed;
    return this.createdCompany();
  }

  createdCompany(): Promise<{
    id: string;
    companyName: string;
    name: string;
    companyWebsite: string;
    answered: Schemas['CreatedProject'];
  }> {
    return this.once('createdCompany', async () => {
      const companyName = `conformance-${this.runId} company`;
      // The run id as a host label (a --run-id may hold characters a host name cannot).
      const companyWebsite = `https://conformance-${this.runId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}-company.example`;
      const request: Schemas['CreateProjectRequest'] = {
        name: `conformance-${this.runId}`,
        companyName,
        companyWebsite,
        projectType: 'projectNoAnalysis',
      };
      const answer = await this.current().call('createProject', {
        json: request,
        spend: { ...FIXTURES.createdCompany.cost, record: `company "${companyName}"` },
      });
      const project = dataOf<Schemas['CreateProjectResult']>(answer)?.project;
      if (!isSuccess(answer) || !project?.id)
        throw new NotChecked(`creating the company answered ${describeAnswer(answer)}`);
      return { id: project.id, companyName, name: request.name ?? companyName, companyWebsite, answered: project };
    });
  }

  fundFolder(): Promise<{ folderPath: string; fileNames: string[]; answered: Schemas['FundUploadResult'] }> {
    return this.once('fundFolder', async () => {
      const form = new FormData();
      const files = [PDF_FILE(this.runId, 'fund-report'), PDF_FILE(this.runId, 'capital-account')];
      for (const [blob, name] of files) form.append('files', blob, name);
      const answer = await this.current().call('uploadFundFiles', {
        form,
        spend: { ...FIXTURES.fundFolder.cost, record: `data-room folder with ${files.map((f) => f[1]).join(', ')}` },
      });
      const data = dataOf<Schemas['FundUploadResult']>(answer);
      if (!isSuccess(answer) || typeof data?.folderPath !== 'string')
        throw new NotChecked(`the fund upload answered ${describeAnswer(answer)}`);
      return { folderPath: data.folderPath, fileNames: files.map((f) => f[1]), answered: data };
    });
  }

  fundRun(): Promise<{ request: Schemas['FundRunRequest']; run: Schemas['FundRun'] }> {
    return this.once('fundRun', async () => {
      // Pointed at the receiver first, when there is one, so the run's completion can be seen.
      if (this.options.receiver) await this.receiverConfigured().catch(() => undefined);
      const { folderPath } = await this.fundFolder();
      const request: Schemas['FundRunRequest'] = {
        name: `conformance-${this.runId} fund`,
        folderPath,
        refDate: '2025-12-31',
        projectMode: 'none',
      };
      const answer = await this.current().call('startFundRun', {
        json: request,
        spend: { ...FIXTURES.fundRun.cost, record: `fund run "${request.name}"` },
      });
      const run = dataOf<Schemas['FundRun']>(answer);
      if (!isSuccess(answer) || typeof run?.fundExtractionId !== 'string')
        throw new NotChecked(`starting the fund run answered ${describeAnswer(answer)}`);
      return { request, run };
    });
  }

  /**
   * With writes: the companies this run created so that the list holds at least FILLED_LIST_SIZE
   * (none when it already does); read only: nothing created. The list's totalCount after filling.
   */
  filledList(): Promise<{ total: number | undefined; created: FilledCompany[] }> {
    return this.once('filledList', async () => {
      const first = await this.current().call('listProjects', {
        query: { pageSize: '1' },
        headers: { 'content-type': 'application/json' },
      });
      const before = (first.body as { pagination?: { totalCount?: unknown } } | undefined)?.pagination?.totalCount;
      if (!isSuccess(first) || typeof before !== 'number')
        throw new NotChecked(`the company list answered ${describeAnswer(first)} without pagination.totalCount`);
      const created: FilledCompany[] = [];
      const tokenBase = `k${this.runId.replace(/[^a-z0-9]/gi, '').toLowerCase()}n`;
      const wanted = Math.max(2, FILLED_LIST_SIZE - before);
      for (let i = 0; i < wanted; i += 1) {
        const token = `${tokenBase}${String(i).padStart(3, '0')}`;
        const companyName = `${FILL_WORDS[i % FILL_WORDS.length]} conformance-${this.runId} ${token}`;
        const answer = await this.current().call('createProject', {
          json: { companyName, projectType: 'projectNoAnalysis' },
          spend: {
            credits: 0,
            records: 1,
            record: i === 0 ? `companies "<word> conformance-${this.runId} <token>" (${wanted})` : undefined,
          },
        });
        const id = dataOf<Schemas['CreateProjectResult']>(answer)?.project?.id;
        if (!isSuccess(answer) || !id)
          throw new NotChecked(`creating company ${companyName} answered ${describeAnswer(answer)}`);
        created.push({ id, companyName, token });
      }
      return { total: before + created.length, created };
    });
  }

  get pollIntervalMs(): number {
    return this.options.pollIntervalMs;
  }

  get pollTimeoutMs(): number {
    return this.options.pollTimeoutMs;
  }

  /** Polls the fund read until the run is completed or error, or --poll-timeout passes. */
  pollFundRun(): Promise<FinishedFundRun> {
    return this.once('pollFundRun', async () => {
      const { run } = await this.fundRun();
      const statuses: string[] = [];
      const deadline = Date.now() + this.options.pollTimeoutMs;
      for (;;) {
        const answer = await this.current().call('getFundRunSummary', {
          query: { fundExtractionId: run.fundExtractionId },
        });
        const summary = dataOf<Schemas['FundRunSummary']>(answer);
        if (!isSuccess(answer) || !summary) throw new NotChecked(`the fund read answered ${describeAnswer(answer)}`);
        statuses.push(summary.status);
        if (FINAL_FUND_STATUSES.has(summary.status)) return { summary, statuses, timedOut: false };
        if (Date.now() > deadline) return { summary, statuses, timedOut: true };
        await sleep(this.options.pollIntervalMs);
      }
    });
  }

  /** The run in a final state; not checked when it did not get there (funds.run-reaches-final-state fails then). */
  async finishedFundRun(): Promise<FinishedFundRun> {
    const polled = await this.pollFundRun();
    if (polled.timedOut)
      throw new NotChecked(
        `the fund run was still ${polled.summary.status} after --poll-timeout ${this.options.pollTimeoutMs} ms`,
      );
    return polled;
  }

  /**
   * Saves a webhook configuration (POST or PUT); the first save of the run reads what was there
   * before, so restore() can put it back.
   */
  async saveWebhook(
    operationId: 'createWebhookConfiguration' | 'updateWebhookConfiguration',
    input: Schemas['WebhookConfigurationInput'],
  ) {
    if (!this.webhookChanged) {
      const before = await this.current().call('getWebhookConfiguration', {
        auth: 'bearer',
        headers: { 'content-type': 'application/json' },
      });
      if (!isSuccess(before))
        throw new NotChecked(`reading the webhook configuration answered ${describeAnswer(before)}`);
      this.webhookBefore = dataOf<Schemas['WebhookConfiguration'] | null>(before) ?? null;
    }
    const saved = await this.current().call(operationId, {
      auth: 'bearer',
      json: input,
      headers: { 'content-type': 'application/json' },
      spend: {
        credits: 0,
        records: 0,
        record: this.webhookChanged ? undefined : 'webhook configuration changed (put back at the end)',
      },
    });
    this.webhookChanged = true;
    return saved;
  }

  /** The saved webhook configuration now points at the suite's receiver with both flags on. */
  receiverConfigured(): Promise<string> {
    return this.once('receiverConfigured', async () => {
      const receiver = this.options.receiver;
      if (!receiver) throw new NotChecked('needs a webhook receiver the service can reach: pass --receiver-host');
      const saved = await this.saveWebhook('createWebhookConfiguration', {
        url: receiver.url,
        analysisCompleted: true,
        analysisChangedStatus: true,
      });
      if (!isSuccess(saved)) throw new NotChecked(`saving the webhook configuration answered ${describeAnswer(saved)}`);
      return receiver.url;
    });
  }

  get deliveryTimeoutMs(): number {
    return this.options.deliveryTimeoutMs;
  }

  /** Waits for a delivery to the receiver that matches; undefined after --delivery-timeout. */
  async delivery(matches: (d: Delivery) => boolean): Promise<Delivery | undefined> {
    const receiver = this.options.receiver;
    if (!receiver) throw new NotChecked('needs a webhook receiver the service can reach: pass --receiver-host');
    const deadline = Date.now() + this.options.deliveryTimeoutMs;
    for (;;) {
      const found = receiver.received.find(matches);
      if (found) return found;
      if (Date.now() > deadline) return undefined;
      await sleep(this.options.pollIntervalMs);
    }
  }

  analyzedCompany(): Promise<{ projectId: string; analysisId: string; companyName: string }> {
    return this.once('analyzedCompany', async () => {
      if (this.options.receiver) await this.receiverConfigured().catch(() => undefined);
      const companyName = `conformance-${this.runId} analyzed company`;
      const request: Schemas['CreateProjectRequest'] = {
        companyName,
        projectType: 'projectAnalysisNoFile',
        companyWebsite: `https://conformance-${this.runId}.example`,
      };
      const answer = await this.current().call('createProject', {
        json: request,
        spend: { ...FIXTURES.analyzedCompany.cost, record: `company "${companyName}" with one analysis` },
      });
      const data = dataOf<Schemas['CreateProjectResult']>(answer);
      if (!isSuccess(answer) || !data?.project?.id || !data.analysisId)
        throw new NotChecked(`creating a company with an analysis answered ${describeAnswer(answer)}`);
      return { projectId: data.project.id, analysisId: data.analysisId, companyName };
    });
  }

  /** The analysis of analyzedCompany() in a final state (completed or failed), read through the company list by id. */
  analysisFinished(): Promise<{ projectId: string; analysisId: string; status: string }> {
    return this.once('analysisFinished', async () => {
      const company = await this.analyzedCompany();
      const deadline = Date.now() + this.options.pollTimeoutMs;
      for (;;) {
        const answer = await this.current().call('listProjects', {
          query: { id: company.projectId },
          headers: { 'content-type': 'application/json' },
        });
        const data = dataOf<unknown>(answer);
        const project = (Array.isArray(data) ? data[0] : data) as Schemas['Project'] | undefined;
        const status = project?.analyses?.find((a) => a.id === company.analysisId)?.status;
        if (status === 'completed' || status === 'failed') return { ...company, status };
        if (Date.now() > deadline)
          throw new NotChecked(
            `analysis ${company.analysisId} was still ${String(status)} after --poll-timeout ${this.options.pollTimeoutMs} ms`,
          );
        await sleep(this.options.pollIntervalMs);
      }
    });
  }

  /** Puts the webhook configuration back as it was; returns what it did, for the report. */
  async restore(): Promise<string | undefined> {
    if (!this.webhookChanged) return undefined;
    const before = this.webhookBefore;
    const input: Schemas['WebhookConfigurationInput'] = before
      ? {
          url: before.url,
          analysisCompleted: before.analysisCompleted,
          analysisChangedStatus: before.analysisChangedStatus,
        }
      : {
          url: `https://example.invalid/conformance-${this.runId}`,
          analysisCompleted: false,
          analysisChangedStatus: false,
        };
    try {
      const answer = await this.current().call('updateWebhookConfiguration', {
        auth: 'bearer',
        json: input,
        headers: { 'content-type': 'application/json' },
      });
      return isSuccess(answer)
        ? `webhook configuration put back to ${input.url}${before ? '' : ' (none was saved before; both flags off)'}`
        : `could NOT put the webhook configuration back (${describeAnswer(answer)}): it still points at the suite's receiver`;
    } catch (error) {
      return `could NOT put the webhook configuration back: ${(error as Error).message}`;
    }
  }
}
