// Fund runs whose outcome a weak check never sees: a run with projectMode omitted (the default,
// bookmark, creates a company record for each portfolio company) and a run provoked to end in
// `error` (an unreadable file: errorMessage explains, no HTTP error, no fundAnalysisCompleted), and
// runs over a folder that is not valid for the caller (never uploaded, or another user's).
import type { components } from '../../../../openapi/index.ts';
import { randomUUID } from 'node:crypto';
import { dataOf, describeAnswer, isSuccess, sleep } from '../answers.ts';
import type { FilledCompany } from '../records.ts';
import type { Rule, RuleContext } from '../rule.ts';
import { eventually, listPage } from './list-pages.ts';

type Schemas = components['schemas'];
const RUN = { credits: 10, records: 2 };
const JSON_HEADERS = { 'content-type': 'application/json' };

/** Uploads these files to a new folder and starts a run over it; the run's id. */
async function startRun(
  ctx: RuleContext,
  label: string,
  files: [Blob, string][],
  request: Omit<Schemas['FundRunRequest'], 'folderPath' | 'name'>,
): Promise<string> {
  const form = new FormData();
  for (const [blob, name] of files) form.append('files', blob, name);
  const upload = await ctx.call('uploadFundFiles', {
    form,
    spend: { credits: 0, records: 1, record: `data-room folder with ${files.map((f) => f[1]).join(', ')}` },
  });
  const folderPath = dataOf<Schemas['FundUploadResult']>(upload)?.folderPath;
  if (!isSuccess(upload) || !folderPath) return ctx.notChecked(`the fund upload answered ${describeAnswer(upload)}`);
  const name = `conformance-${ctx.runId} ${label}`;
  const run = await ctx.call('startFundRun', {
    json: { name, folderPath, ...request },
    spend: {
      credits: 10,
      records: 1,
      record: `fund run "${name}"${request.projectMode ? '' : ' (projectMode omitted: bookmark makes a company record per portfolio company)'}`,
    },
  });
  const id = dataOf<Schemas['FundRun']>(run)?.fundExtractionId;
  if (!isSuccess(run) || !id) {
    ctx.expect(false, `starting fund run "${name}" answered ${describeAnswer(run)}`);
    return ctx.notChecked('no run to follow');
  }
  return id;
}

/** Reads the run until it is completed or error (--poll-timeout); every read must be a 200. */
async function finalSummary(ctx: RuleContext, fundExtractionId: string): Promise<Schemas['FundRunSummary']> {
  const deadline = Date.now() + ctx.fixtures.pollTimeoutMs;
  for (;;) {
    const answer = await ctx.call('getFundRunSummary', { query: { fundExtractionId } });
    const summary = dataOf<Schemas['FundRunSummary']>(answer);
    if (!isSuccess(answer) || !summary) {
      ctx.expect(false, `the fund read of run ${fundExtractionId} answered ${describeAnswer(answer)}`);
      return ctx.notChecked('no summary to check');
    }
    if (summary.status === 'completed' || summary.status === 'error') return summary;
    // Every run the suite starts must end, as funds.run-reaches-final-state asks of its own run.
    if (Date.now() > deadline) {
      ctx.expect(
        false,
        `run ${fundExtractionId} was still ${summary.status} after --poll-timeout ${ctx.fixtures.pollTimeoutMs} ms (Poll until status is completed or error)`,
      );
      return ctx.notChecked('the run did not end');
    }
    await sleep(ctx.fixtures.pollIntervalMs);
  }
}

/**
 * Two companies of the filled list (the first and the last created), each once a search for its
 * token lists it (an index may lag); companies a search has not found are left out.
 */
async function listedBeforeRun(ctx: RuleContext): Promise<FilledCompany[]> {
  const { created } = await ctx.fixtures.filledList();
  const listed: FilledCompany[] = [];
  for (const company of new Set([created[0], created.at(-1)])) {
    if (!company) continue;
    const page = await eventually(
      ctx,
      () => listPage(ctx, { search: company.token, pageSize: '100' }),
      (p) => p.data.some((c) => c.id === company.id),
    );
    if (page.data.some((c) => c.id === company.id)) listed.push(company);
  }
  return listed;
}

const pdf = (ctx: RuleContext, name: string): [Blob, string] => [
  new Blob([`%PDF-1.4\n% conformance run ${ctx.runId} ${name}\n%%EOF\n`], { type: 'application/pdf' }),
  `conformance-${ctx.runId}-${name}.pdf`,
];

export const fundOutcomeRules: Rule[] = [
  {
    id: 'funds.mode-default-bookmark',
    area: 'funds',
    title:
      'a run with projectMode omitted runs as bookmark: its summary says bookmark and, completed, links every portfolio company to a company record; the companies created before it are still listed, each found exactly by a search for its own token and read by its id',
    spec: '| projectMode | string | No | `none`, `bookmark`, `analyze`; default `bookmark` |\n`bookmark`: each portfolio company is created as a company record; no company analysis and no extra credits.',
    operations: ['uploadFundFiles', 'startFundRun', 'getFundRunSummary', 'listProjects', 'createProject'],
    cost: RUN,
    uses: ['filledList'],
    needs: { writes: true },
    async check(ctx) {
      // Companies created before the run: a run creates records, it takes none away from the list.
      const before = await listedBeforeRun(ctx);
      const id = await startRun(ctx, 'default mode fund', [pdf(ctx, 'default-mode-report')], {});
      const summary = await finalSummary(ctx, id);
      for (const company of before) {
        const { data } = await listPage(ctx, { search: company.token, pageSize: '100' });
        const ids = data.map((p) => p.id);
        ctx.expect(
          ids.length === 1 && ids[0] === company.id,
          `after bookmark run ${id}, search=${company.token} answered ${JSON.stringify(ids)}, expected exactly [${company.id}] ("${company.companyName}", listed so before the run)`,
        );
        // And read by its id: the company list called with `id` answers it.
        const read = await ctx.call('listProjects', { query: { id: company.id }, headers: JSON_HEADERS });
        const readData = dataOf<unknown>(read);
        const found = (Array.isArray(readData) ? readData[0] : readData) as Schemas['Project'] | undefined;
        ctx.expect(
          isSuccess(read) && found?.id === company.id,
          `after bookmark run ${id}, the company list called with id=${company.id} ("${company.companyName}", created before the run) answered ${describeAnswer(read)}`,
        );
      }
      ctx.expect(
        summary.projectMode === 'bookmark',
        `projectMode is ${JSON.stringify(summary.projectMode)}, projectMode omitted`,
      );
      if (summary.status !== 'completed') return ctx.notChecked(`the run ended in ${summary.status}`);
      const unlinked = summary.companies.filter((c) => c.projectId === null).map((c) => c.companyName);
      ctx.expect(unlinked.length === 0, `companies left as names under the default mode: ${unlinked.join(', ')}`);
      // "no company analysis": a linked record shows no analysis created once the run was (at most 10 read).
      const linked = [...new Set(summary.companies.flatMap((c) => (c.projectId ? [c.projectId] : [])))].slice(0, 10);
      for (const projectId of linked) {
        const answer = await ctx.call('listProjects', { query: { id: projectId }, headers: JSON_HEADERS });
        const data = dataOf<unknown>(answer);
        const project = (Array.isArray(data) ? data[0] : data) as Schemas['Project'] | undefined;
        if (!isSuccess(answer) || !project) continue;
        const started = (project.analyses ?? []).filter(
          (a) => Date.parse(a.createdAt) >= Date.parse(summary.createdAt),
        );
        ctx.expect(
          started.length === 0,
          `company ${projectId}, linked by a run in the default (bookmark) mode created at ${summary.createdAt}, shows analyses created since: ${started.map((a) => `${a.id} at ${a.createdAt}`).join(', ')}`,
        );
      }
    },
  },
  {
    id: 'funds.run-error-outcome',
    area: 'funds',
    title:
      'a run over an unreadable file that ends in error is read with HTTP 200, an errorMessage, and sends no fundAnalysisCompleted',
    spec: '| a non-final state | processing fails | any failure during processing | `error` | `errorMessage` on the fund read explains; no HTTP error; fundAnalysisCompleted is not sent |',
    operations: ['uploadFundFiles', 'startFundRun', 'getFundRunSummary'],
    cost: RUN,
    needs: { writes: true },
    async check(ctx) {
      if (ctx.can('receiver') && ctx.can('accessToken')) await ctx.fixtures.receiverConfigured();
      const broken: [Blob, string] = [
        // A PDF header and nothing after it: a file no engine can read.
        new Blob([`%PDF-1.4\n% conformance run ${ctx.runId}: truncated, unreadable\n`], { type: 'application/pdf' }),
        `conformance-${ctx.runId}-unreadable.pdf`,
      ];
      const id = await startRun(ctx, 'unreadable fund', [broken], { projectMode: 'none' });
      const summary = await finalSummary(ctx, id);
      if (summary.status !== 'error')
        return ctx.notChecked(
          `the run over an unreadable file ended ${summary.status}: the error path was not reached`,
        );
      ctx.expect(
        typeof summary.errorMessage === 'string' && summary.errorMessage.length > 0,
        `status error with errorMessage ${JSON.stringify(summary.errorMessage)}`,
      );
      const receiver = ctx.fixtures.receiver;
      if (!receiver || !ctx.can('accessToken')) return;
      // The event's payload is a gap: a delivery naming the run is what can be seen.
      await sleep(Math.min(ctx.fixtures.deliveryTimeoutMs, 1_000));
      const sent = receiver.received.filter(
        (d) =>
          JSON.stringify(d.body).includes(id) && (d.body as { event?: unknown })?.event === 'fundAnalysisCompleted',
      );
      ctx.expect(sent.length === 0, `fundAnalysisCompleted was sent for run ${id}, which ended in error`);
    },
  },
  {
    id: 'funds.run-unknown-folder-not-accepted',
    area: 'funds',
    title: 'a run over a folderPath no upload answered is not accepted (no 2xx)',
    spec: '| (none) | POST fund run accepted | credits available, folder valid, at most 50 files | `pending` | 10 credits charged |',
    operations: ['startFundRun'],
    // Refused as specified it charges nothing; the budget holds the 10 credits a wrong acceptance would take.
    cost: { credits: 10, records: 1 },
    needs: { writes: true },
    async check(ctx) {
      const name = `conformance-${ctx.runId} no folder`;
      const folderPath = `conformance-${ctx.runId}/${randomUUID()}`;
      const run = await ctx.call('startFundRun', {
        json: { name, folderPath, projectMode: 'none' },
        judge: false,
        spend: { credits: 10, records: 1, record: `fund run "${name}" (only if wrongly accepted)` },
      });
      ctx.expect(
        !isSuccess(run),
        `a run over folderPath ${folderPath}, never uploaded, answered ${describeAnswer(run)}`,
      );
    },
  },
  {
    id: 'funds.run-other-users-folder-not-accepted',
    area: 'funds',
    title: "a second user's run over the first user's folder is not accepted (no 2xx)",
    spec: '| (none) | POST fund run accepted | credits available, folder valid, at most 50 files | `pending` | 10 credits charged |',
    operations: ['uploadFundFiles', 'startFundRun'],
    cost: { credits: 10, records: 1 },
    uses: ['fundFolder'],
    needs: { writes: true, secondUser: true },
    gap: "whether a run may use a folder another user uploaded (and the error then) is not shown; the fund upload's sentence (Error100 when folderPath is not a folder the caller uploaded) is only context",
    async check(ctx) {
      const folder = await ctx.fixtures.fundFolder();
      const name = `conformance-${ctx.runId} second user fund`;
      const run = await ctx.call('startFundRun', {
        auth: 'secondApiKey',
        json: { name, folderPath: folder.folderPath, projectMode: 'none' },
        judge: false,
        spend: { credits: 10, records: 1, record: `fund run "${name}" of the second user (only if wrongly accepted)` },
      });
      ctx.expect(
        !isSuccess(run),
        `the second user's run over folder ${folder.folderPath}, uploaded by the first user, answered ${describeAnswer(run)}`,
      );
    },
  },
];
