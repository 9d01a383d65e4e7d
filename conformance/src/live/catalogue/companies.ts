// Company list rules (paging, page size, ordering, search, lookup by id) and create company rules.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess } from '../answers.ts';
import type { Rule } from '../rule.ts';
import { companyLinkedTo } from './companies-outcomes.ts';
import { ascendingIn, findListed, listPage } from './list-pages.ts';

type Schemas = components['schemas'];
const FREE = { credits: 0, records: 0 };
const ids = (projects: { id: string }[]) => projects.map((p) => p.id);

export const companyRules: Rule[] = [
  {
    id: 'companies.page-default-zero',
    area: 'companies',
    title: 'the list without `page` answers the same companies as page 0',
    spec: '| page | integer | No | 0-indexed; default 0 |',
    operations: ['listProjects'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const omitted = await listPage(ctx, { pageSize: '5' });
      const zero = await listPage(ctx, { pageSize: '5', page: '0' });
      ctx.expect(
        JSON.stringify(ids(omitted.data)) === JSON.stringify(ids(zero.data)),
        `page omitted gave ${JSON.stringify(ids(omitted.data))}, page=0 gave ${JSON.stringify(ids(zero.data))}`,
      );
    },
  },
  {
    id: 'companies.page-size-default-10',
    area: 'companies',
    title: 'the list without `pageSize` answers at most 10 companies (10 when there are more)',
    spec: '| pageSize | integer | No | Default 10; max 100; larger values are clamped to 100 |',
    operations: ['listProjects'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const page = await listPage(ctx, {});
      const total = page.pagination?.totalCount;
      ctx.expect(page.data.length <= 10, `answered ${page.data.length} companies without pageSize`);
      if (typeof total === 'number' && total > 10)
        ctx.expect(
          page.data.length === 10,
          `totalCount is ${total} but the first page without pageSize has ${page.data.length}`,
        );
    },
  },
  {
    id: 'companies.page-size-clamped',
    area: 'companies',
    title: 'pageSize above 100 is clamped to 100, not refused',
    spec: 'larger values are clamped to 100',
    operations: ['listProjects'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const page = await listPage(ctx, { pageSize: '1000' });
      const total = page.pagination?.totalCount;
      ctx.expect(page.data.length <= 100, `pageSize=1000 answered ${page.data.length} companies`);
      if (typeof total === 'number' && total > 100)
        ctx.expect(page.data.length === 100, `totalCount is ${total} but pageSize=1000 answered ${page.data.length}`);
      const size = page.pagination?.pageSize;
      ctx.expect(size === undefined || size <= 100, `pagination.pageSize is ${String(size)} for pageSize=1000`);
    },
  },
  {
    id: 'companies.pages-partition',
    area: 'companies',
    title:
      'pages of 3 do not overlap, nextPage is true except on the last page, and together they hold totalCount companies',
    spec: 'Pagination object: `page` integer, `totalCount` integer, `pageSize` integer, `nextPage` boolean.',
    operations: ['listProjects'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const seen = new Map<string, number>();
      let total: number | undefined;
      // At most 40 pages: a large deployment is checked on its first 120 companies.
      for (let page = 0; page < 40; page += 1) {
        const answer = await listPage(ctx, { page: String(page), pageSize: '3' });
        total ??= answer.pagination?.totalCount;
        ctx.expect(answer.data.length <= 3, `page ${page} has ${answer.data.length} companies for pageSize 3`);
        for (const id of ids(answer.data)) {
          ctx.expect(!seen.has(id), `company ${id} is on page ${seen.get(id) ?? '?'} and on page ${page}`);
          seen.set(id, page);
        }
        const next = answer.pagination?.nextPage;
        const more = typeof total === 'number' ? (page + 1) * 3 < total : undefined;
        if (more !== undefined && next !== undefined)
          ctx.expect(next === more, `page ${page}: nextPage is ${String(next)} with totalCount ${total}`);
        if (answer.data.length === 0 || next === false) {
          if (typeof total === 'number')
            ctx.expect(seen.size === total, `the pages hold ${seen.size} companies, totalCount says ${total}`);
          return;
        }
      }
    },
  },
  {
    id: 'companies.orderby-ascending',
    area: 'companies',
    title: 'orderby=companyName sorts the page by companyName, ascending',
    spec: '| orderby | string | No | Field name to sort by, ascending |',
    operations: ['listProjects'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      let page = await listPage(ctx, { orderby: 'companyName', pageSize: '100' });
      // With writes, a list too short to order is filled first (the filler companies of the run).
      if (page.data.length < 2 && ctx.can('writes')) {
        await ctx.fixtures.filledList();
        page = await listPage(ctx, { orderby: 'companyName', pageSize: '100' });
      }
      const names = page.data.map((p) => p.companyName);
      if (names.length < 2) ctx.notChecked('fewer than two companies in the list: nothing to order');
      ctx.expect(ascendingIn(names).ascending, `not ascending by companyName: ${JSON.stringify(names.slice(0, 10))}`);
    },
  },
  {
    id: 'companies.search-filters-by-name',
    area: 'companies',
    title: "the list's `search` with a company's full name finds that company",
    spec: '| search | string | No | Keyword filter over company name, website, industry, country, description |',
    operations: ['listProjects'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      const project = await ctx.fixtures.someProject();
      const found = await findListed(ctx, project.id, project.companyName);
      ctx.expect(
        found !== undefined,
        `search=${JSON.stringify(project.companyName)} does not list company ${project.id}`,
      );
    },
  },
  {
    id: 'companies.lookup-by-id',
    area: 'companies',
    title: 'the list called with `id` answers that company',
    spec: 'The same path is also called with a query parameter `id` (project id) to fetch one project; the exact response shape of that call: not shown.',
    operations: ['listProjects'],
    cost: FREE,
    needs: {},
    gap: 'the response shape of the lookup by id is not shown',
    async check(ctx) {
      const project = await ctx.fixtures.someProject();
      const answer = await ctx.call('listProjects', {
        query: { id: project.id },
        headers: { 'content-type': 'application/json' },
      });
      const data = dataOf<unknown>(answer);
      const listed = Array.isArray(data) ? data : [data];
      ctx.expect(
        isSuccess(answer) && listed.some((p) => (p as { id?: unknown } | null)?.id === project.id),
        `id=${project.id} answered ${describeAnswer(answer)} without that company`,
      );
    },
  },
  {
    id: 'companies.create-echoes-request',
    area: 'companies',
    title: 'create company answers the project with the name, companyName and projectType sent',
    spec: 'Response `data`: `project` (`id`, `name`, `companyName`, `companyWebsite`, `projectType`) and `analysisId` (string).',
    operations: ['createProject'],
    cost: FREE,
    uses: ['createdCompany'],
    needs: { writes: true },
    async check(ctx) {
      const created = await ctx.fixtures.createdCompany();
      const got = created.answered;
      const sent = { name: created.name, companyName: created.companyName, projectType: 'projectNoAnalysis' };
      ctx.expect(
        got.name === sent.name && got.companyName === sent.companyName && got.projectType === sent.projectType,
        `sent ${JSON.stringify(sent)}, answered ${JSON.stringify(got)}`,
      );
    },
  },
  {
    id: 'companies.created-is-listed',
    area: 'companies',
    title: 'a created company is in the list, with the id and companyName the create answered',
    spec: '1. Create company records (called projects) and start analyses of them, from a website, from documents, or with no analysis.\n2. List companies with their analyses, scores, status, phase and owner.',
    operations: ['createProject', 'listProjects'],
    cost: FREE,
    uses: ['createdCompany'],
    needs: { writes: true },
    async check(ctx) {
      const created = await ctx.fixtures.createdCompany();
      const listed = await findListed(ctx, created.id, created.companyName);
      ctx.expect(
        listed?.companyName === created.companyName,
        `company ${created.id} ("${created.companyName}") is not listed as created (found: ${JSON.stringify(listed?.companyName)})`,
      );
    },
  },
  {
    id: 'companies.no-analysis-type-has-no-analysis',
    area: 'companies',
    title: 'a company created with projectNoAnalysis is listed with no analysis',
    spec: '`projectNoAnalysis`: the project is created with no analysis; a folder is linked only and never triggers analysis.',
    operations: ['createProject', 'listProjects'],
    cost: FREE,
    uses: ['createdCompany'],
    needs: { writes: true },
    async check(ctx) {
      const created = await ctx.fixtures.createdCompany();
      const listed = await findListed(ctx, created.id, created.companyName);
      if (!listed) return ctx.notChecked(`company ${created.id} is not in the list (see companies.created-is-listed)`);
      ctx.expect(listed.analyses.length === 0, `listed with analyses ${JSON.stringify(listed.analyses)}`);
    },
  },
  {
    id: 'companies.drive-provider-not-supported',
    area: 'companies',
    title: 'a drive provider other than google-drive gives the link outcome provider_not_supported',
    spec: '`google-drive` (default), `one-drive`, `sharepoint`; only `google-drive` is supported, the others resolve to `provider_not_supported` and no action is taken',
    operations: ['createProject', 'listProjects'],
    cost: { credits: 0, records: 1 },
    needs: { writes: true },
    async check(ctx) {
      const companyName = `conformance-${ctx.runId} one-drive company`;
      const request: Schemas['CreateProjectRequest'] = {
        companyName,
        projectType: 'projectNoAnalysis',
        folderName: `conformance-${ctx.runId}`,
        driveProvider: 'one-drive',
      };
      const answer = await ctx.call('createProject', {
        json: request,
        spend: { credits: 0, records: 1, record: `company "${companyName}"` },
      });
      const id = dataOf<Schemas['CreateProjectResult']>(answer)?.project?.id;
      if (!isSuccess(answer) || !id) {
        ctx.expect(false, `create company with driveProvider one-drive answered ${describeAnswer(answer)}`);
        return;
      }
      const listed = await findListed(ctx, id, companyName);
      const status = listed?.extraConfig?.driveFolderLink?.status;
      ctx.expect(
        status === 'provider_not_supported',
        `project.extraConfig.driveFolderLink.status is ${JSON.stringify(status)}`,
      );
    },
  },
  {
    id: 'companies.folder-linked-elsewhere',
    area: 'companies',
    title:
      'a folder already linked to a company gives a second company the outcome linked_to_other_project, and the first keeps its link',
    spec: 'A folder can be linked to one project only; when linked elsewhere the outcome is `linked_to_other_project` and no action is taken.',
    operations: ['createProject', 'listProjects'],
    cost: { credits: 0, records: 2 },
    needs: { writes: true, driveFolder: true },
    async check(ctx) {
      const folderLink = ctx.driveFolder!;
      // The folder may be linked already (an earlier run): then the first company is the second one too.
      const first = await companyLinkedTo(ctx, `conformance-${ctx.runId} folder owner`, folderLink);
      if (first.status !== 'linked' && first.status !== 'linked_to_other_project') {
        ctx.expect(
          false,
          `the first company linked to --drive-folder ${folderLink} got ${JSON.stringify(first.status)}, expected linked (or linked_to_other_project when an earlier run linked it): is it a folder of the connected drive?`,
        );
        return;
      }
      const second = await companyLinkedTo(ctx, `conformance-${ctx.runId} folder latecomer`, folderLink);
      ctx.expect(
        second.status === 'linked_to_other_project',
        `a second company linked to the folder ${folderLink} got ${JSON.stringify(second.status)}, expected linked_to_other_project`,
      );
      if (first.status !== 'linked') return;
      const again = await findListed(ctx, first.id, `conformance-${ctx.runId} folder owner`);
      ctx.expect(
        again?.extraConfig?.driveFolderLink?.status === 'linked',
        `after the second company, the first one's link outcome is ${JSON.stringify(again?.extraConfig?.driveFolderLink?.status)}, expected it to stay linked (no action is taken)`,
      );
    },
  },
  {
    id: 'companies.website-required-without-file',
    area: 'companies',
    title: 'projectAnalysisNoFile without companyWebsite is not accepted with a 2xx',
    spec: '| companyWebsite | string (URL) | Required when projectType is `projectAnalysisNoFile`, otherwise optional | Website |',
    operations: ['createProject'],
    // Refused as specified it costs nothing; a service that accepts it starts an analysis.
    cost: { credits: 'unknown', records: 1 },
    needs: { writes: true },
    gap: 'the status and code for an invalid request are not shown',
    async check(ctx) {
      const companyName = `conformance-${ctx.runId} no website`;
      const answer = await ctx.call('createProject', {
        json: { companyName, projectType: 'projectAnalysisNoFile' },
        judge: false,
        spend: { credits: 'unknown', records: 1, record: `company "${companyName}" (only if wrongly accepted)` },
      });
      ctx.expect(!isSuccess(answer), `accepted with ${describeAnswer(answer)}`);
    },
  },
  {
    id: 'companies.manual-upload-accepted',
    area: 'companies',
    title:
      'projectAnalysisWithFile without docLink or notesText gives an analysisId that the file upload accepts as its header',
    spec: '1. `projectAnalysisWithFile`: `docLink` downloads and triggers analysis; `notesText` creates a file and triggers analysis; when neither is given, upload is manual.\nThe analysis id is used as the `analysisid` header when uploading files to `{base_url}/integrationfiles/upload`.',
    operations: ['createProject', 'uploadAnalysisFiles'],
    cost: { credits: 'unknown', records: 2 },
    needs: { writes: true },
    async check(ctx) {
      const companyName = `conformance-${ctx.runId} manual upload`;
      const answer = await ctx.call('createProject', {
        json: { companyName, projectType: 'projectAnalysisWithFile' },
        spend: { credits: 'unknown', records: 1, record: `company "${companyName}" with one analysis` },
      });
      const analysisId = dataOf<Schemas['CreateProjectResult']>(answer)?.analysisId;
      if (!isSuccess(answer) || !analysisId) {
        ctx.expect(
          false,
          `create company (projectAnalysisWithFile) answered ${describeAnswer(answer)} without analysisId`,
        );
        return;
      }
      const form = new FormData();
      const name = `conformance-${ctx.runId}-pitch-deck.pdf`;
      form.append(
        'files',
        new Blob([`%PDF-1.4\n% conformance ${ctx.runId}\n%%EOF\n`], { type: 'application/pdf' }),
        name,
      );
      const upload = await ctx.call('uploadAnalysisFiles', {
        headers: { analysisid: analysisId },
        form,
        spend: { credits: 0, records: 1, record: `file ${name} for analysis ${analysisId}` },
      });
      ctx.expect(isSuccess(upload), `the upload with analysisid ${analysisId} answered ${describeAnswer(upload)}`);
    },
  },
];
