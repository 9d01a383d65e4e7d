// The commands of the stateful sequences (fast-check model-based testing). Each checks its
// precondition against the model and the run's options and budget, calls the service, checks the
// invariants it touches, and updates the model.
import fc from 'fast-check';
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess } from '../answers.ts';
import { PDF_FILE } from '../records.ts';
import { eventually } from '../catalogue/list-pages.ts';
import { ensure, INVARIANTS, MAX_FUND_RUNS, STATUS_RANK, type SequenceModel, type SequenceReal } from './model.ts';

type Schemas = components['schemas'];
type Command = fc.AsyncCommand<SequenceModel, SequenceReal>;
const JSON_HEADERS = { 'content-type': 'application/json' };

async function listed(
  m: SequenceModel,
  query: Record<string, string>,
): Promise<{ data: Schemas['Project'][]; pagination?: Partial<Schemas['Pagination']> }> {
  const answer = await m.ctx.call('listProjects', { query, headers: JSON_HEADERS });
  const data = dataOf<Schemas['Project'][]>(answer);
  ensure(
    isSuccess(answer) && Array.isArray(data),
    INVARIANTS.pages,
    () => `the company list with ${new URLSearchParams(query).toString()} answered ${describeAnswer(answer)}`,
  );
  return { data: data ?? [], pagination: (answer.body as { pagination?: Partial<Schemas['Pagination']> }).pagination };
}

class CreateCompany implements Command {
  readonly label: string;

  constructor(label: string) {
    this.label = label;
  }
  check = (m: Readonly<SequenceModel>) => m.ctx.canSpend({ credits: 0, records: 1 });
  async run(m: SequenceModel): Promise<void> {
    m.phase.created += 1;
    const companyName = `conformance-${m.ctx.runId} seq-${m.phase.created} ${this.label}`;
    const answer = await m.ctx.call('createProject', {
      json: { companyName, projectType: 'projectNoAnalysis' },
      spend: { credits: 0, records: 1, record: `company "${companyName}"` },
    });
    const id = dataOf<Schemas['CreateProjectResult']>(answer)?.project?.id;
    ensure(
      isSuccess(answer) && typeof id === 'string',
      INVARIANTS.createdListed,
      () => `create company answered ${describeAnswer(answer)}`,
    );
    // A search index may see the new company a moment later: asked again while it catches up.
    const page = await eventually(
      m.ctx,
      () => listed(m, { search: companyName, pageSize: '100' }),
      (p) => p.data.some((project) => project.id === id),
    );
    const inList = page.data.find((p) => p.id === id);
    ensure(
      inList !== undefined,
      INVARIANTS.createdListed,
      () => `company ${id} is not in the list searched by its name`,
    );
    ensure(
      inList?.companyName === companyName,
      INVARIANTS.idsReadBack,
      () =>
        `company ${id} is listed as ${JSON.stringify(inList?.companyName)}, created as ${JSON.stringify(companyName)}`,
    );
    const search = await eventually(
      m.ctx,
      () => m.ctx.call('searchProjects', { query: { keywords: companyName } }),
      (answer) => dataOf<Schemas['ProjectSearchResult']>(answer)?.data?.some((e) => e.id === id) === true,
    );
    const entries = dataOf<Schemas['ProjectSearchResult']>(search)?.data ?? [];
    ensure(
      entries.some((e) => e.id === id),
      INVARIANTS.createdListed,
      () => `the company search for ${JSON.stringify(companyName)} does not find ${id}`,
    );
    m.companies.push({ id: id as string, companyName });
  }
  toString = () => `createCompany(${JSON.stringify(this.label)})`;
}

class ReadPages implements Command {
  readonly pageSize: number;

  constructor(pageSize: number) {
    this.pageSize = pageSize;
  }
  check = () => true;
  async run(m: SequenceModel): Promise<void> {
    const seen = new Set<string>();
    let total: number | undefined;
    // At most 30 pages: a large deployment is checked on its first pages only.
    for (let page = 0; page < 30; page += 1) {
      const { data, pagination } = await listed(m, { page: String(page), pageSize: String(this.pageSize) });
      total ??= pagination?.totalCount;
      for (const p of data) {
        ensure(
          !seen.has(p.id),
          INVARIANTS.pages,
          () => `company ${p.id} is on two pages of size ${this.pageSize} (again on page ${page})`,
        );
        seen.add(p.id);
      }
      if (data.length === 0 || pagination?.nextPage === false) {
        ensure(
          total === undefined || seen.size === total,
          INVARIANTS.pages,
          () => `pages of ${this.pageSize} hold ${seen.size} companies, totalCount is ${String(total)}`,
        );
        for (const c of m.companies)
          ensure(seen.has(c.id), INVARIANTS.idsReadBack, () => `created company ${c.id} is on no page`);
        return;
      }
    }
  }
  toString = () => `readPages(${this.pageSize})`;
}

class UploadFolder implements Command {
  check = (m: Readonly<SequenceModel>) => m.ctx.canSpend({ credits: 0, records: 1 });
  async run(m: SequenceModel): Promise<void> {
    const [blob, name] = PDF_FILE(m.ctx.runId, `seq-${m.folders.length + 1}`);
    const form = new FormData();
    form.append('files', blob, name);
    const answer = await m.ctx.call('uploadFundFiles', {
      form,
      spend: { credits: 0, records: 1, record: `data-room folder with ${name}` },
    });
    const folderPath = dataOf<Schemas['FundUploadResult']>(answer)?.folderPath;
    ensure(
      isSuccess(answer) && typeof folderPath === 'string',
      INVARIANTS.idsReadBack,
      () => `the fund upload answered ${describeAnswer(answer)}`,
    );
    m.folders.push(folderPath as string);
  }
  toString = () => 'uploadFolder()';
}

class StartRun implements Command {
  readonly folder: number;

  constructor(folder: number) {
    this.folder = folder;
  }
  check = (m: Readonly<SequenceModel>) =>
    m.folders.length > 0 && m.phase.fundRuns < MAX_FUND_RUNS && m.ctx.canSpend({ credits: 10, records: 1 });
  async run(m: SequenceModel): Promise<void> {
    m.phase.fundRuns += 1;
    const folderPath = m.folders[this.folder % m.folders.length] ?? '';
    const name = `conformance-${m.ctx.runId} seq fund ${m.phase.fundRuns}`;
    const answer = await m.ctx.call('startFundRun', {
      json: { name, folderPath, projectMode: 'none' },
      spend: { credits: 10, records: 1, record: `fund run "${name}"` },
    });
    const run = dataOf<Schemas['FundRun']>(answer);
    ensure(
      isSuccess(answer) && typeof run?.fundExtractionId === 'string',
      INVARIANTS.statusForward,
      () => `starting a run answered ${describeAnswer(answer)}`,
    );
    ensure(
      run?.status === 'pending',
      INVARIANTS.statusForward,
      () => `a new run is ${JSON.stringify(run?.status)}, not pending`,
    );
    m.runs.push({ fundExtractionId: run?.fundExtractionId ?? '', rank: 0 });
  }
  toString = () => `startRun(${this.folder})`;
}

class ReadRun implements Command {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
  check = (m: Readonly<SequenceModel>) => m.runs.length > 0;
  async run(m: SequenceModel): Promise<void> {
    const run = m.runs[this.index % m.runs.length];
    if (!run) return;
    const answer = await m.ctx.call('getFundRunSummary', { query: { fundExtractionId: run.fundExtractionId } });
    const summary = dataOf<Schemas['FundRunSummary']>(answer);
    ensure(
      isSuccess(answer) && summary !== undefined,
      INVARIANTS.idsReadBack,
      () => `reading run ${run.fundExtractionId} answered ${describeAnswer(answer)}`,
    );
    const rank = STATUS_RANK[summary?.status ?? ''];
    ensure(
      rank !== undefined && rank >= run.rank,
      INVARIANTS.statusForward,
      () => `run ${run.fundExtractionId} went back to ${JSON.stringify(summary?.status)}`,
    );
    ensure(
      summary?.fundExtractionId === run.fundExtractionId,
      INVARIANTS.idsReadBack,
      () => `reading run ${run.fundExtractionId} answered run ${JSON.stringify(summary?.fundExtractionId)}`,
    );
    ensure(
      (summary?.fundRuns ?? []).some((r) => r.fundExtractionId === run.fundExtractionId),
      INVARIANTS.ownFundRuns,
      () => `run ${run.fundExtractionId} is not in its fundRuns`,
    );
    run.rank = rank ?? run.rank;
  }
  toString = () => `readRun(${this.index})`;
}

class ReadHistory implements Command {
  check = (m: Readonly<SequenceModel>) => m.ctx.can('accessToken');
  async run(m: SequenceModel): Promise<void> {
    const answer = await m.ctx.call('listWebhookDeliveries', { auth: 'bearer' });
    const deliveries = dataOf<Schemas['WebhookDelivery'][]>(answer) ?? [];
    const times = deliveries.map((d) => Date.parse(d.createdAt));
    ensure(
      isSuccess(answer) && deliveries.length <= 10 && times.every((t, i) => i === 0 || (times[i - 1] ?? 0) >= t),
      INVARIANTS.history,
      () =>
        `${describeAnswer(answer)}, ${deliveries.length} deliveries: ${deliveries.map((d) => d.createdAt).join(', ')}`,
    );
  }
  toString = () => 'readHistory()';
}

export const sequenceCommands = [
  fc.constantFrom('alpha', 'beta', 'gamma').map((label) => new CreateCompany(label)),
  fc.integer({ min: 1, max: 5 }).map((size) => new ReadPages(size)),
  fc.constant(new UploadFolder()),
  fc.nat(3).map((i) => new StartRun(i)),
  fc.nat(3).map((i) => new ReadRun(i)),
  fc.constant(new ReadHistory()),
];
