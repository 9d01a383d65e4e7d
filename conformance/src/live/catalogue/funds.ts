// Fund upload, fund run and fund read rules: folders, the 50-file refusal before charging, the
// run's life (pending on creation, forward moves only, a final state), its summary.
import { randomUUID } from 'node:crypto';
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess, refusedAs } from '../answers.ts';
import { PDF_FILE } from '../records.ts';
import type { Rule, RuleContext } from '../rule.ts';

type Schemas = components['schemas'];
const FREE = { credits: 0, records: 0 };
const STATUS_ORDER: Record<string, number> = { pending: 0, running: 1, completed: 2, error: 2 };
/** Other versions a summary lists that are read back to check their fund (a broken list may hold thousands). */
const MAX_VERSIONS_READ = 10;

/** A one-file upload form: a small PDF named for the run and `label`, added to `folderPath`. */
function oneFileInto(runId: string, label: string, folderPath: string): { form: FormData; name: string } {
  const [blob, name] = PDF_FILE(runId, label);
  const form = new FormData();
  form.append('files', blob, name);
  form.append('folderPath', folderPath);
  return { form, name };
}

/**
 * Uploads a folder of `count` small PDFs (`conformance-<run>-<label>-NN.pdf`) and starts a run over
 * it named `conformance-<run> <count> files`; answers the run's answer. An upload that gives no
 * folder leaves the rule not checked.
 */
async function runOverFolderOf(
  ctx: RuleContext,
  count: number,
  label: string,
  runSpend: { credits: number; records: number; record: string },
) {
  const form = new FormData();
  for (let i = 1; i <= count; i += 1) {
    const [blob, name] = PDF_FILE(ctx.runId, `${label}-${String(i).padStart(2, '0')}`);
    form.append('files', blob, name);
  }
  const upload = await ctx.call('uploadFundFiles', {
    form,
    spend: {
      credits: 0,
      records: 1,
      record: `data-room folder with ${count} small PDF files conformance-${ctx.runId}-${label}-NN.pdf`,
    },
  });
  const folderPath = dataOf<Schemas['FundUploadResult']>(upload)?.folderPath;
  if (!isSuccess(upload) || !folderPath)
    ctx.notChecked(`the upload of ${count} files answered ${describeAnswer(upload)}`);
  return ctx.call('startFundRun', {
    json: { name: `conformance-${ctx.runId} ${count} files`, folderPath, projectMode: 'none' },
    spend: runSpend,
  });
}

export const fundRules: Rule[] = [
  {
    id: 'funds.upload-returns-folder',
    area: 'funds',
    title: 'the fund upload answers a folderPath and the names of the files it stored',
    spec: 'Response `data`: `folderPath` (string; pass to fund run or another upload), `fileNames` (string array of files stored by this call).',
    operations: ['uploadFundFiles'],
    cost: FREE,
    uses: ['fundFolder'],
    needs: { writes: true },
    async check(ctx) {
      const folder = await ctx.fixtures.fundFolder();
      ctx.expect(folder.folderPath.length > 0, 'folderPath is empty');
      ctx.expect(
        JSON.stringify([...folder.answered.fileNames].sort()) === JSON.stringify([...folder.fileNames].sort()),
        `sent ${JSON.stringify(folder.fileNames)}, fileNames ${JSON.stringify(folder.answered.fileNames)}`,
      );
    },
  },
  {
    id: 'funds.upload-adds-to-folder',
    area: 'funds',
    title: 'an upload with folderPath adds to that folder and lists only the files of this call',
    spec: 'Each upload call adds to the same folder when folderPath is given.',
    operations: ['uploadFundFiles'],
    cost: { credits: 0, records: 1 },
    uses: ['fundFolder'],
    needs: { writes: true },
    async check(ctx) {
      const folder = await ctx.fixtures.fundFolder();
      const { form, name } = oneFileInto(ctx.runId, 'side-letter', folder.folderPath);
      const answer = await ctx.call('uploadFundFiles', {
        form,
        spend: { credits: 0, records: 1, record: `file ${name} added to ${folder.folderPath}` },
      });
      const data = dataOf<Schemas['FundUploadResult']>(answer);
      ctx.expect(isSuccess(answer), `answered ${describeAnswer(answer)}`);
      ctx.expect(
        data?.folderPath === folder.folderPath,
        `folderPath ${JSON.stringify(data?.folderPath)}, expected ${folder.folderPath}`,
      );
      ctx.expect(
        JSON.stringify(data?.fileNames) === JSON.stringify([name]),
        `fileNames ${JSON.stringify(data?.fileNames)}, expected ${JSON.stringify([name])}`,
      );
    },
  },
  {
    id: 'funds.upload-foreign-folder-404',
    area: 'funds',
    title: 'an upload into a folderPath the caller never uploaded is refused with 404 Error100',
    spec: 'Errors: `Error100` (404) when folderPath is not a folder the caller uploaded',
    operations: ['uploadFundFiles'],
    cost: { credits: 0, records: 1 },
    needs: { writes: true },
    async check(ctx) {
      const { form, name } = oneFileInto(ctx.runId, 'stray', `conformance-${ctx.runId}/no-such-folder`);
      const answer = await ctx.call('uploadFundFiles', {
        form,
        spend: { credits: 0, records: 1, record: `file ${name} (only if wrongly accepted)` },
      });
      ctx.expect(...refusedAs(answer, 404, 'Error100'));
    },
  },
  {
    id: 'funds.upload-other-users-folder-404',
    area: 'funds',
    title: "a second user's upload into the first user's folder is refused with 404 Error100",
    spec: 'Errors: `Error100` (404) when folderPath is not a folder the caller uploaded',
    operations: ['uploadFundFiles'],
    cost: { credits: 0, records: 1 },
    uses: ['fundFolder'],
    needs: { writes: true, secondUser: true },
    async check(ctx) {
      const folder = await ctx.fixtures.fundFolder();
      const { form, name } = oneFileInto(ctx.runId, 'intruder', folder.folderPath);
      const answer = await ctx.call('uploadFundFiles', {
        auth: 'secondApiKey',
        form,
        spend: { credits: 0, records: 1, record: `file ${name} (only if wrongly accepted)` },
      });
      ctx.expect(...refusedAs(answer, 404, 'Error100'));
    },
  },
  {
    id: 'funds.run-at-50-files-accepted',
    area: 'funds',
    title: 'a run over a folder of exactly 50 files, the last count allowed, is accepted',
    spec: '| Error209 | 400 | fund run | The folder holds more than 50 files; refused before charging |',
    operations: ['uploadFundFiles', 'startFundRun'],
    cost: { credits: 10, records: 2 },
    needs: { writes: true },
    async check(ctx) {
      const run = await runOverFolderOf(ctx, 50, 'limit', {
        credits: 10,
        records: 1,
        record: `fund run "conformance-${ctx.runId} 50 files" over 50 files`,
      });
      ctx.expect(isSuccess(run), `a run over 50 files answered ${describeAnswer(run)}: 50 is within the limit`);
    },
  },
  {
    id: 'funds.run-over-50-files-refused',
    area: 'funds',
    title: 'a run over a folder of 51 files is refused with 400 Error209, before charging',
    spec: '| Error209 | 400 | fund run | The folder holds more than 50 files; refused before charging |',
    operations: ['uploadFundFiles', 'startFundRun'],
    // Refused as specified it charges nothing; the budget still holds the 10 credits a wrong acceptance would take.
    cost: { credits: 10, records: 1 },
    needs: { writes: true },
    async check(ctx) {
      const run = await runOverFolderOf(ctx, 51, 'bulk', {
        credits: 10,
        records: 0,
        record: `fund run "conformance-${ctx.runId} 51 files" (only if wrongly accepted)`,
      });
      ctx.expect(...refusedAs(run, 400, 'Error209'));
    },
  },
  {
    id: 'funds.run-pending-on-creation',
    area: 'funds',
    title: 'a fund run is pending when created',
    spec: '`fundExtractionId` string, `name` string, `status` string (always `pending` on creation), `refDate` string or null, `createdAt` ISO 8601 timestamp.',
    operations: ['startFundRun'],
    cost: FREE,
    uses: ['fundRun'],
    needs: { writes: true },
    async check(ctx) {
      const { request, run } = await ctx.fixtures.fundRun();
      ctx.expect(run.status === 'pending', `status on creation is ${JSON.stringify(run.status)}`);
      ctx.expect(
        run.name === request.name,
        `name is ${JSON.stringify(run.name)}, sent ${JSON.stringify(request.name)}`,
      );
    },
  },
  {
    id: 'funds.run-reaches-final-state',
    area: 'funds',
    title: 'polled, a fund run reaches completed or error',
    spec: 'Poll until status is `completed` or `error`.',
    operations: ['getFundRunSummary'],
    cost: FREE,
    uses: ['fundRun'],
    needs: { writes: true },
    async check(ctx) {
      const { summary, statuses, timedOut } = await ctx.fixtures.pollFundRun();
      ctx.expect(
        !timedOut && ['completed', 'error'].includes(summary.status),
        `statuses read until --poll-timeout ${ctx.fixtures.pollTimeoutMs} ms: ${statuses.join(' -> ')}`,
      );
    },
  },
  {
    id: 'funds.status-moves-forward',
    area: 'funds',
    title: 'the status only moves forward (pending, running, then completed or error) and stays final',
    spec: 'The states are `pending`, `running`, `completed`, `error`.',
    operations: ['getFundRunSummary'],
    cost: FREE,
    uses: ['fundRun'],
    needs: { writes: true },
    async check(ctx) {
      const { summary, statuses } = await ctx.fixtures.finishedFundRun();
      const again = await ctx.call('getFundRunSummary', { query: { fundExtractionId: summary.fundExtractionId } });
      const all = [...statuses, dataOf<Schemas['FundRunSummary']>(again)?.status ?? '(no status)'];
      const known = all.every((s) => s in STATUS_ORDER);
      const forward = all.every((s, i) => i === 0 || (STATUS_ORDER[all[i - 1] ?? ''] ?? 0) <= (STATUS_ORDER[s] ?? -1));
      const staysFinal = all.at(-1) === summary.status;
      ctx.expect(known && forward && staysFinal, `statuses read in order: ${all.join(' -> ')}`);
    },
  },
  {
    id: 'funds.run-in-own-fund-runs',
    area: 'funds',
    title:
      "a run appears in its own summary's fundRuns, and every other run listed there is a version of its fund (read, it has the same fundId)",
    spec: '| fundRuns | array | Versions of the fund, newest first: `{ fundExtractionId, name, refDate, status, baseFundExtractionId, createdAt }` |',
    operations: ['getFundRunSummary'],
    cost: FREE,
    uses: ['fundRun'],
    needs: { writes: true },
    async check(ctx) {
      const { summary } = await ctx.fixtures.finishedFundRun();
      ctx.expect(
        summary.fundRuns.some((r) => r.fundExtractionId === summary.fundExtractionId),
        `fundRuns ${JSON.stringify(summary.fundRuns.map((r) => r.fundExtractionId))} lacks ${summary.fundExtractionId}`,
      );
      // Exclusion, not only inclusion: read now (the suite's other runs, of other funds, exist by
      // then), each other entry read back must name this fund. What makes a run a version is not
      // shown (the fundId's x-gap), so the deployment's own fundId is the judge; an entry that
      // cannot be read is not judged.
      const now = await ctx.call('getFundRunSummary', { query: { fundExtractionId: summary.fundExtractionId } });
      const read = dataOf<Schemas['FundRunSummary']>(now);
      if (!isSuccess(now) || !read) return;
      const others = read.fundRuns
        .filter((r) => r.fundExtractionId !== read.fundExtractionId)
        .slice(0, MAX_VERSIONS_READ);
      const foreign: string[] = [];
      for (const entry of others) {
        const answer = await ctx.call('getFundRunSummary', { query: { fundExtractionId: entry.fundExtractionId } });
        const other = dataOf<Schemas['FundRunSummary']>(answer);
        if (isSuccess(answer) && other && other.fundId !== read.fundId)
          foreign.push(`${entry.fundExtractionId} (fundId ${JSON.stringify(other.fundId)})`);
      }
      ctx.expect(
        foreign.length === 0,
        `fundRuns of run ${read.fundExtractionId} (fundId ${JSON.stringify(read.fundId)}) list runs of other funds: ${foreign.join(', ')}`,
      );
    },
  },
  {
    id: 'funds.fund-runs-newest-first',
    area: 'funds',
    title: "a summary's fundRuns are ordered newest first",
    spec: 'Versions of the fund, newest first',
    operations: ['getFundRunSummary'],
    cost: FREE,
    uses: ['fundRun'],
    needs: { writes: true },
    async check(ctx) {
      const { summary } = await ctx.fixtures.finishedFundRun();
      const times = summary.fundRuns.map((r) => Date.parse(r.createdAt));
      ctx.expect(
        times.every((t, i) => i === 0 || (times[i - 1] ?? 0) >= t),
        `createdAt order: ${summary.fundRuns.map((r) => r.createdAt).join(', ')}`,
      );
    },
  },
  {
    id: 'funds.summary-echoes-run',
    area: 'funds',
    title: 'the summary of a run has its fundExtractionId, name, refDate and projectMode as requested',
    spec: '| fundExtractionId | string (uuid) | This run |',
    operations: ['getFundRunSummary'],
    cost: FREE,
    uses: ['fundRun'],
    needs: { writes: true },
    async check(ctx) {
      const { request, run } = await ctx.fixtures.fundRun();
      const { summary } = await ctx.fixtures.finishedFundRun();
      const got = {
        fundExtractionId: summary.fundExtractionId,
        name: summary.name,
        refDate: summary.refDate,
        projectMode: summary.projectMode,
      };
      const sent = {
        fundExtractionId: run.fundExtractionId,
        name: request.name,
        refDate: request.refDate,
        projectMode: request.projectMode,
      };
      ctx.expect(
        JSON.stringify(got) === JSON.stringify(sent),
        `expected ${JSON.stringify(sent)}, read ${JSON.stringify(got)}`,
      );
    },
  },
  {
    id: 'funds.mode-none-no-company-records',
    area: 'funds',
    title: 'with projectMode none no fund company is linked to a company record',
    spec: '`none`: portfolio companies stay as names in the fund run.',
    operations: ['getFundRunSummary'],
    cost: FREE,
    uses: ['fundRun'],
    needs: { writes: true },
    async check(ctx) {
      const { summary } = await ctx.fixtures.finishedFundRun();
      const linked = summary.companies.filter((c) => c.projectId !== null);
      ctx.expect(
        linked.length === 0,
        `companies linked to records: ${linked.map((c) => `${c.companyName} -> ${c.projectId}`).join(', ')}`,
      );
    },
  },
  {
    id: 'funds.detail-unknown-404',
    area: 'funds',
    title: 'the fund read of an unknown fundExtractionId is 404 Error100',
    spec: '| Error100 | 404 | fund detail | No run with that fundExtractionId in the workspace |',
    operations: ['getFundRunSummary'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const answer = await ctx.call('getFundRunSummary', { query: { fundExtractionId: randomUUID() } });
      ctx.expect(...refusedAs(answer, 404, 'Error100'));
    },
  },
  {
    id: 'funds.detail-no-role-403',
    area: 'funds',
    title: "a second user with no role on the run's fund reads it as 403 Error212",
    spec: 'a user with no role on the fund gets `Error212` (403)',
    operations: ['getFundRunSummary'],
    cost: FREE,
    uses: ['fundRun'],
    needs: { writes: true, secondUser: true },
    async check(ctx) {
      const { run } = await ctx.fixtures.fundRun();
      const answer = await ctx.call('getFundRunSummary', {
        auth: 'secondApiKey',
        query: { fundExtractionId: run.fundExtractionId },
      });
      ctx.expect(...refusedAs(answer, 403, 'Error212'));
    },
  },
];
