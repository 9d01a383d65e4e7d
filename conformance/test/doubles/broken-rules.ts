// For every rule of the catalogue, the Break (broken-proxy.ts) that makes the stateful mock violate
// exactly that rule while its answers keep the contract's shapes where the rule is not about them.
// broken-providers.test.ts runs the suite against each and expects it to name the rule.
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN, API_KEY, SECOND_API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import type { Break, ProxiedAnswer, ProxiedRequest } from './broken-proxy.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const ok = (data: unknown): ProxiedAnswer => ({
  status: 200,
  contentType: JSON_TYPE,
  body: { metadata: { code: '1000', title: 'Successful', description: '' }, data },
});
const at = (req: ProxiedRequest, method: string, path: string) => req.method === method && req.path === `/api${path}`;
const isCreatedCompany = (name: unknown) => typeof name === 'string' && /^conformance-[\w-]+ company$/.test(name);
const SECTION_KEYS = new Set([
  'dealscore',
  'projectcompanyfit',
  'relevantCompanyEvents',
  'votes',
  'votesAndNotes',
  'investments',
  'reportingCycle',
]);
const bodyJson = (req: ProxiedRequest): any => {
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch {
    return undefined;
  }
};
const delivery = (n: number) => ({
  event: 'analysisCompleted',
  status: 'Success',
  statusDescription: null,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
});

/** The first history answered, for the "not the most recent" break. */
let historyFirstRead: unknown[] | undefined;
/** analysisCompleted as the client last saved it, for the "delivers unsubscribed events" break. */
let savedAnalysisCompleted: unknown;
/** Remembers which fund runs were already read as final, for the "moves backwards" break. */
const finalSeen = new Set<string>();

export const BREAKS: Record<string, Break> = {
  'auth.missing-credentials-401': {
    request: (req) =>
      void (
        at(req, 'GET', '/integration/projects') &&
        !req.headers.authorization &&
        (req.headers.authorization = API_KEY)
      ),
  },
  'auth.invalid-api-key-401': {
    request: (req) =>
      void (req.headers.authorization?.endsWith('-not-a-valid-key') && (req.headers.authorization = API_KEY)),
  },
  'envelope.success-outcome': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/project/search') &&
        answer.status === 200 &&
        (answer.body.metadata.title = 'OK')
      ),
  },
  'webhooks.api-key-refused': {
    request: (req) =>
      void (
        at(req, 'GET', '/integration/webhook') &&
        !req.headers.authorization?.startsWith('Bearer ') &&
        (req.headers.authorization = `Bearer ${ACCESS_TOKEN}`)
      ),
  },
  'webhooks.history-at-most-10': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/webhook/history') &&
        answer.status === 200 &&
        (answer.body.data = Array.from({ length: 11 }, (_, i) => delivery(60 - i)))
      ),
  },
  'webhooks.history-newest-first': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/webhook/history') &&
        answer.status === 200 &&
        (answer.body.data = [delivery(1), delivery(2)])
      ),
  },
  'webhooks.save-read-back': {
    response: (req, answer) =>
      void (
        at(req, 'PUT', '/integration/webhook') &&
        answer.status === 200 &&
        (answer.body.data.analysisChangedStatus = false)
      ),
  },
  'webhooks.flags-default-false': {
    response: (req, answer) =>
      void (
        at(req, 'POST', '/integration/webhook') &&
        answer.status === 200 &&
        bodyJson(req)?.analysisCompleted === undefined &&
        (answer.body.data.analysisCompleted = true)
      ),
  },
  'companies.page-default-zero': {
    request: (req) =>
      void (
        at(req, 'GET', '/integration/projects') &&
        req.query.has('pageSize') &&
        !req.query.has('page') &&
        !req.query.has('search') &&
        req.query.set('page', '1')
      ),
  },
  'companies.page-size-default-10': {
    request: (req) =>
      void (
        at(req, 'GET', '/integration/projects') &&
        [...req.query.keys()].length === 0 &&
        req.query.set('pageSize', '11')
      ),
  },
  'companies.page-size-clamped': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/projects') &&
        Number(req.query.get('pageSize')) > 100 &&
        answer.status === 200 &&
        (answer.body.pagination.pageSize = Number(req.query.get('pageSize')))
      ),
  },
  'companies.pages-partition': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/projects') &&
        req.query.get('pageSize') === '3' &&
        answer.status === 200 &&
        (answer.body.pagination.totalCount += 1)
      ),
  },
  'companies.orderby-ascending': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/projects') &&
        req.query.has('orderby') &&
        answer.status === 200 &&
        answer.body.data.reverse()
      ),
  },
  'companies.search-filters-by-name': {
    response: (req, answer) => {
      if (
        at(req, 'GET', '/integration/projects') &&
        req.query.get('search')?.startsWith('conformance-') === false &&
        answer.status === 200
      ) {
        answer.body.data = [];
        answer.body.pagination.totalCount = 0;
      }
    },
  },
  'companies.lookup-by-id': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/projects') &&
        req.query.has('id') &&
        answer.status === 200 &&
        (answer.body.data.id = randomUUID())
      ),
  },
  'companies.create-echoes-request': {
    response: (req, answer) =>
      void (
        at(req, 'POST', '/integration/project') &&
        answer.status === 200 &&
        (answer.body.data.project.companyName += ' (renamed)')
      ),
  },
  'companies.created-is-listed': {
    response: (req, answer) => {
      if (at(req, 'GET', '/integration/projects') && answer.status === 200 && Array.isArray(answer.body.data))
        answer.body.data = answer.body.data.filter((p: { companyName: string }) => !isCreatedCompany(p.companyName));
    },
  },
  'companies.no-analysis-type-has-no-analysis': {
    response: (req, answer) => {
      if (!at(req, 'GET', '/integration/projects') || answer.status !== 200 || !Array.isArray(answer.body.data)) return;
      for (const p of answer.body.data)
        if (isCreatedCompany(p.companyName))
          p.analyses = [{ id: randomUUID(), type: 'company', status: 'pending', createdAt: new Date().toISOString() }];
    },
  },
  'companies.drive-provider-not-supported': {
    response: (req, answer) => {
      if (!at(req, 'GET', '/integration/projects') || answer.status !== 200 || !Array.isArray(answer.body.data)) return;
      for (const p of answer.body.data)
        if (p.extraConfig?.driveFolderLink?.status === 'provider_not_supported')
          p.extraConfig.driveFolderLink.status = 'not_found';
    },
  },
  // A service that moves the folder to the newest company instead of refusing it.
  'companies.folder-linked-elsewhere': {
    response: (req, answer) => {
      if (!at(req, 'GET', '/integration/projects') || answer.status !== 200) return;
      const projects = Array.isArray(answer.body.data) ? answer.body.data : [answer.body.data];
      for (const p of projects)
        if (p?.extraConfig?.driveFolderLink?.status === 'linked_to_other_project')
          p.extraConfig.driveFolderLink.status = 'linked';
    },
  },
  'companies.website-required-without-file': {
    request: (req) => {
      const json = bodyJson(req);
      if (
        at(req, 'POST', '/integration/project') &&
        json?.projectType === 'projectAnalysisNoFile' &&
        !json.companyWebsite
      )
        req.body = Buffer.from(JSON.stringify({ ...json, companyWebsite: 'https://filled-in.example' }));
    },
  },
  'companies.manual-upload-accepted': {
    request: (req) =>
      at(req, 'POST', '/integrationfiles/upload') && req.headers.analysisid
        ? {
            status: 400,
            contentType: JSON_TYPE,
            body: { code: 'Error0', title: 'Refused', description: 'broken', data: null },
          }
        : undefined,
  },
  'search.finds-known-company': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/project/search') &&
        !req.query.get('keywords')?.startsWith('conformance-') &&
        answer.status === 200 &&
        (answer.body.data.data = [])
      ),
  },
  'search.finds-created-company': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/project/search') &&
        req.query.get('keywords')?.startsWith('conformance-') &&
        answer.status === 200 &&
        (answer.body.data.data = [])
      ),
  },
  'analysis.detail-of-its-project': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/analysis/detail') &&
        answer.status === 200 &&
        (answer.body.data.projectId = randomUUID())
      ),
  },
  'analysis.fit-keys-per-dimension': {
    response: (req, answer) => {
      if (!at(req, 'GET', '/integration/analysis/detail') || answer.status !== 200) return;
      const code = answer.body.data.projectcompanyfit.projectcompanyfitdimensions[0]?.code;
      delete answer.body.data.analysisObject[`projectfit_${code}_scoreColor`];
    },
  },
  'analysis.report-of-its-project': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/retrievereport') &&
        answer.status === 200 &&
        (answer.body.data.projectId = randomUUID())
      ),
  },
  'fullreport.project-detail-always': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/project/fullreport') &&
        req.query.get('sections') === 'votes' &&
        answer.status === 200 &&
        (answer.body.data.projectDetail = null)
      ),
  },
  'fullreport.unselected-part-null': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/project/fullreport') &&
        req.query.get('sections') === 'investments' &&
        answer.status === 200 &&
        (answer.body.data.projectvotesummary = {})
      ),
  },
  'fullreport.selected-part-returned': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/project/fullreport') &&
        req.query.get('sections') === 'investments' &&
        answer.status === 200 &&
        (answer.body.data.investments = null)
      ),
  },
  'fullreport.no-chapter-key-analysis-null': {
    async response(req, answer, upstream) {
      if (
        !at(req, 'GET', '/integration/project/fullreport') ||
        req.query.get('sections') !== 'dealscore' ||
        answer.status !== 200
      )
        return;
      answer.body.data.analysisDetail = (
        await upstream(`/api/integration/project/fullreport?projectId=${req.query.get('projectId') ?? ''}`)
      ).data.analysisDetail;
    },
  },
  'fullreport.section-aliases': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/project/fullreport') &&
        req.query.get('sections') === 'votesAndNotes' &&
        answer.status === 200 &&
        (answer.body.data.projectvotesummary = null)
      ),
  },
  'fullreport.chapter-key-selects-chapters': {
    async response(req, answer, upstream) {
      const sections = req.query.get('sections');
      if (
        !at(req, 'GET', '/integration/project/fullreport') ||
        !sections ||
        SECTION_KEYS.has(sections) ||
        answer.status !== 200
      )
        return;
      answer.body.data.analysisDetail = (
        await upstream(`/api/integration/project/fullreport?projectId=${req.query.get('projectId') ?? ''}`)
      ).data.analysisDetail;
    },
  },
  'fullreport.latest-completed-by-default': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/project/fullreport') &&
        !req.query.has('sections') &&
        !req.query.has('analysisId') &&
        answer.status === 200 &&
        answer.body.data.analysisDetail &&
        (answer.body.data.analysisDetail.projectId = randomUUID())
      ),
  },
  'messages.answer-data-null': {
    response: (req, answer) =>
      void (at(req, 'POST', '/integration/processmessage') && answer.status === 200 && (answer.body.data = {})),
  },
  'funds.upload-returns-folder': {
    response: (req, answer) =>
      void (
        at(req, 'POST', '/integrationfund/fund/upload') &&
        answer.status === 200 &&
        answer.body.data.fileNames.length === 2 &&
        answer.body.data.fileNames.pop()
      ),
  },
  'funds.upload-adds-to-folder': {
    response: (req, answer) =>
      void (
        at(req, 'POST', '/integrationfund/fund/upload') &&
        answer.status === 200 &&
        answer.body.data.fileNames.length === 1 &&
        (answer.body.data.folderPath += '-elsewhere')
      ),
  },
  'funds.upload-foreign-folder-404': {
    response: (req, answer) => {
      if (
        at(req, 'POST', '/integrationfund/fund/upload') &&
        answer.status === 404 &&
        req.headers.authorization === API_KEY
      )
        Object.assign(answer, ok({ folderPath: 'uploads/somewhere', fileNames: ['stray.pdf'] }));
    },
  },
  'funds.upload-other-users-folder-404': {
    request: (req) =>
      void (
        at(req, 'POST', '/integrationfund/fund/upload') &&
        req.headers.authorization === SECOND_API_KEY &&
        (req.headers.authorization = API_KEY)
      ),
  },
  // Off by one: a folder of exactly 50 files is refused as if over the limit.
  'funds.run-at-50-files-accepted': {
    request: (req) =>
      at(req, 'POST', '/integrationfund/fund/run') && String(bodyJson(req)?.name).endsWith(' 50 files')
        ? {
            status: 400,
            contentType: JSON_TYPE,
            body: { code: 'Error209', title: 'Too many files', description: 'The folder holds 50 files', data: null },
          }
        : undefined,
  },
  'funds.run-over-50-files-refused': {
    response: (req, answer) => {
      if (at(req, 'POST', '/integrationfund/fund/run') && answer.status === 400)
        Object.assign(
          answer,
          ok({
            fundExtractionId: randomUUID(),
            name: 'accepted',
            status: 'pending',
            refDate: null,
            createdAt: new Date().toISOString(),
          }),
        );
    },
  },
  'funds.run-pending-on-creation': {
    response: (req, answer) =>
      void (
        at(req, 'POST', '/integrationfund/fund/run') &&
        answer.status === 200 &&
        (answer.body.data.status = 'running')
      ),
  },
  'funds.run-reaches-final-state': {
    response: (req, answer) =>
      void (at(req, 'GET', '/integrationfund/fund') && answer.status === 200 && (answer.body.data.status = 'running')),
  },
  'funds.status-moves-forward': {
    response: (req, answer) => {
      if (!at(req, 'GET', '/integrationfund/fund') || answer.status !== 200) return;
      const { fundExtractionId, status } = answer.body.data;
      if (finalSeen.has(fundExtractionId)) answer.body.data.status = 'pending';
      else if (status === 'completed' || status === 'error') finalSeen.add(fundExtractionId);
    },
  },
  'funds.run-in-own-fund-runs': {
    response: (req, answer) => {
      if (at(req, 'GET', '/integrationfund/fund') && answer.status === 200)
        answer.body.data.fundRuns = answer.body.data.fundRuns.filter(
          (r: { fundExtractionId: string }) => r.fundExtractionId !== answer.body.data.fundExtractionId,
        );
    },
  },
  'funds.fund-runs-newest-first': {
    response: (req, answer) => {
      if (!at(req, 'GET', '/integrationfund/fund') || answer.status !== 200) return;
      const first = answer.body.data.fundRuns[0];
      if (first)
        answer.body.data.fundRuns.unshift({
          ...first,
          fundExtractionId: randomUUID(),
          createdAt: '2000-01-01T00:00:00.000Z',
        });
    },
  },
  'funds.summary-echoes-run': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integrationfund/fund') &&
        answer.status === 200 &&
        (answer.body.data.refDate = '2024-01-01')
      ),
  },
  'funds.mode-none-no-company-records': {
    response: (req, answer) => {
      const first =
        at(req, 'GET', '/integrationfund/fund') && answer.status === 200 ? answer.body.data.companies[0] : undefined;
      if (first) first.projectId = randomUUID();
    },
  },
  'funds.detail-unknown-404': {
    response: (req, answer) => {
      // A documented answer, only the wrong one.
      if (at(req, 'GET', '/integrationfund/fund') && answer.status === 404)
        Object.assign(answer, {
          status: 403,
          body: { code: 'Error212', title: 'Forbidden', description: 'broken', data: null },
        });
    },
  },
  'funds.detail-no-role-403': {
    request: (req) =>
      void (
        at(req, 'GET', '/integrationfund/fund') &&
        req.headers.authorization === SECOND_API_KEY &&
        (req.headers.authorization = API_KEY)
      ),
  },
  'webhooks.fund-completed-delivered': {
    delivery: (body) => (body?.event === 'fundAnalysisCompleted' ? undefined : body),
  },
  'webhooks.delivery-is-post-event-data': {
    delivery: (body) => ({ type: body?.event, payload: body?.data }),
  },
  'webhooks.delivery-in-history': {
    response: (req, answer) => {
      if (at(req, 'GET', '/integration/webhook/history') && answer.status === 200)
        for (const d of answer.body.data) d.status = 'Error Response';
    },
  },
  'webhooks.failed-delivery-recorded': {
    // Any answer, or none, is recorded as a Success (as a service that records "sent" would).
    response: (req, answer) => {
      if (at(req, 'GET', '/integration/webhook/history') && answer.status === 200)
        for (const d of answer.body.data) Object.assign(d, { status: 'Success', statusDescription: null });
    },
  },
  'webhooks.analysis-completed-delivered': {
    delivery: (body) =>
      body?.event === 'analysisCompleted' ? { ...body, data: { ...body.data, analysisId: randomUUID() } } : body,
  },
  'sequences.invariants-hold': {
    // One company too many in totalCount whenever small pages are walked (readPages).
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/projects') &&
        req.query.has('page') &&
        Number(req.query.get('pageSize')) <= 5 &&
        answer.status === 200 &&
        (answer.body.pagination.totalCount += 1)
      ),
  },
  'oracle.matches-model': {
    // A keyword filter on the keyword's stem (trailing digits dropped, as a careless full-text index
    // does): the list searched by one sequence's token also holds the other sequences' records.
    request: (req) => {
      const search = req.query.get('search');
      if (at(req, 'GET', '/integration/projects') && search?.startsWith('oracle') && /s\d+$/.test(search))
        req.query.set('search', search.replace(/\d+$/, ''));
    },
  },
  'contract.no-credentials-401': {
    request: (req) =>
      void (
        at(req, 'GET', '/integration/project/search') &&
        !req.headers.authorization &&
        (req.headers.authorization = API_KEY)
      ),
  },
  'contract.webhook-api-key-refused': {
    request: (req) =>
      void (
        at(req, 'PUT', '/integration/webhook') &&
        !req.headers.authorization?.startsWith('Bearer ') &&
        (req.headers.authorization = `Bearer ${ACCESS_TOKEN}`)
      ),
  },
  'contract.invalid-read-not-2xx': {
    request: (req) =>
      at(req, 'GET', '/integration/analysis/detail') && !req.query.has('analysisId') ? ok(null) : undefined,
  },
  'contract.invalid-write-not-2xx': {
    request: (req) =>
      at(req, 'POST', '/integration/processmessage') && req.body.toString('utf8') === '{}' ? ok(null) : undefined,
  },
  'contract.unsupported-method-not-2xx': {
    request: (req) => (req.method === 'PATCH' ? ok(null) : undefined),
  },
  'contract.responses-conform': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integration/analysis/detail') &&
        answer.status === 200 &&
        (answer.body.data.platformEntityCompanyId = 42)
      ),
  },
  'contract.no-undocumented-5xx': {
    request: (req) =>
      req.method === 'PATCH'
        ? {
            status: 503,
            contentType: JSON_TYPE,
            body: { code: '5030', title: 'Unavailable', description: 'broken', data: null },
          }
        : undefined,
  },
  'contract.every-operation-succeeds': {
    response: (req, answer) =>
      void (at(req, 'POST', '/integration/processmessage') && answer.status === 200 && (answer.body.data = 'accepted')),
  },
  // The rules judged at the edges (catalogue/companies-edges.ts, funds-outcomes.ts, webhook-history.ts, contract.ts).
  'companies.page-size-at-limit': {
    request: (req) =>
      void (
        at(req, 'GET', '/integration/projects') &&
        Number(req.query.get('pageSize')) >= 100 &&
        req.query.set('pageSize', '99')
      ),
  },
  'companies.orderby-across-pages': {
    // Sorts the page after paging: each page is ascending, the pages together are not.
    async response(req, answer, upstream) {
      if (!at(req, 'GET', '/integration/projects') || !req.query.has('orderby') || answer.status !== 200) return;
      const field = req.query.get('orderby') ?? 'companyName';
      const unsorted = new URLSearchParams(req.query);
      unsorted.delete('orderby');
      const page = (await upstream(`/api/integration/projects?${unsorted.toString()}`)).data as Record<
        string,
        string
      >[];
      answer.body.data = page.sort((a, b) => String(a[field]).localeCompare(String(b[field])));
    },
  },
  'companies.search-exactly-matching': {
    // The filter also lets the first company of the list through.
    async response(req, answer, upstream) {
      if (!at(req, 'GET', '/integration/projects') || !req.query.has('search') || answer.status !== 200) return;
      const first = (await upstream('/api/integration/projects?pageSize=1')).data[0];
      if (first && !answer.body.data.some((p: { id: string }) => p.id === first.id)) {
        answer.body.data.push(first);
        answer.body.pagination.totalCount += 1;
      }
    },
  },
  'companies.drive-provider-default-google': {
    request: (req) => {
      const json = bodyJson(req);
      if (at(req, 'POST', '/integration/project') && json?.folderName && !json.driveProvider)
        req.body = Buffer.from(JSON.stringify({ ...json, driveProvider: 'one-drive' }));
    },
  },
  'search.exactly-matching': {
    async response(req, answer, upstream) {
      if (!at(req, 'GET', '/integration/project/search') || answer.status !== 200) return;
      const first = (await upstream('/api/integration/projects?pageSize=1')).data[0];
      if (first && !answer.body.data.data.some((e: { id: string }) => e.id === first.id))
        answer.body.data.data.push({ id: first.id });
    },
  },
  'fullreport.several-sections': {
    // Only the first of several sections is honoured.
    request: (req) =>
      void (
        at(req, 'GET', '/integration/project/fullreport') &&
        req.query.get('sections')?.includes(',') &&
        req.query.set('sections', req.query.get('sections')?.split(',')[0] ?? '')
      ),
  },
  'fullreport.all-parts-by-default': {
    request: (req) =>
      void (
        at(req, 'GET', '/integration/project/fullreport') &&
        !req.query.has('sections') &&
        req.query.has('analysisId') &&
        req.query.set('sections', 'investments,votes,dealscore,relevantCompanyEvents')
      ),
  },
  'fullreport.several-chapter-keys': {
    response: (req, answer) => {
      const chapters = (req.query.get('sections') ?? '').split(',').filter((k) => k && !SECTION_KEYS.has(k));
      if (!at(req, 'GET', '/integration/project/fullreport') || chapters.length < 2 || answer.status !== 200) return;
      const data = answer.body.data.analysisDetail?.analysisData ?? {};
      for (const key of chapters.slice(1)) delete data[key];
    },
  },
  'funds.mode-default-bookmark': {
    request: (req) => {
      const json = bodyJson(req);
      if (at(req, 'POST', '/integrationfund/fund/run') && json && json.projectMode === undefined)
        req.body = Buffer.from(JSON.stringify({ ...json, projectMode: 'none' }));
    },
  },
  'companies.created-website-kept': {
    // The website sent is stored and answered as another one.
    response: (req, answer) =>
      void (
        at(req, 'POST', '/integration/project') &&
        isCreatedCompany(bodyJson(req)?.companyName) &&
        answer.status === 200 &&
        (answer.body.data.project.companyWebsite = 'https://another-company.example')
      ),
  },
  'companies.notes-text-analysed': {
    // notesText is dropped: the analysis waits for a manual upload that never comes.
    request: (req) => {
      const json = bodyJson(req);
      if (at(req, 'POST', '/integration/project') && typeof json?.notesText === 'string') {
        const { notesText: _dropped, ...rest } = json;
        req.body = Buffer.from(JSON.stringify(rest));
      }
    },
  },
  'companies.no-files-link-returned': {
    response: (req, answer) =>
      void (
        at(req, 'POST', '/integration/project') &&
        answer.status === 200 &&
        delete answer.body.data.driveFolderLink
      ),
  },
  'companies.folder-link-url-form': {
    // A drive folder URL is taken as a bare id (the whole URL): no such folder.
    request: (req) => {
      const json = bodyJson(req);
      if (at(req, 'POST', '/integration/project') && String(json?.folderLink).startsWith('https://'))
        req.body = Buffer.from(JSON.stringify({ ...json, folderLink: `id-${encodeURIComponent(json.folderLink)}` }));
    },
  },
  'companies.folder-of-other-user-not-linked': {
    // The folder is looked up in every user's drive: the second user's company is shown linked.
    response: (req, answer) => {
      if (
        at(req, 'GET', '/integration/projects') &&
        req.headers.authorization === SECOND_API_KEY &&
        Array.isArray(answer.body?.data)
      )
        for (const project of answer.body.data as { extraConfig?: { driveFolderLink?: { status: string } } }[])
          if (project.extraConfig?.driveFolderLink) project.extraConfig.driveFolderLink.status = 'linked';
    },
  },
  'companies.search-over-listed-fields': {
    // The list's search looks at the company name only.
    response: (req, answer) => {
      const search = req.query.get('search')?.toLowerCase();
      if (at(req, 'GET', '/integration/projects') && search && answer.status === 200 && Array.isArray(answer.body.data))
        answer.body.data = answer.body.data.filter((p: { companyName: string }) =>
          p.companyName.toLowerCase().includes(search),
        );
    },
  },
  'funds.run-unknown-folder-not-accepted': {
    // The first user's run over a folder that was never uploaded is accepted as pending.
    response: (req, answer) => {
      if (
        at(req, 'POST', '/integrationfund/fund/run') &&
        req.headers.authorization === API_KEY &&
        answer.status === 404
      )
        Object.assign(
          answer,
          ok({
            fundExtractionId: randomUUID(),
            name: bodyJson(req)?.name,
            status: 'pending',
            refDate: null,
            createdAt: new Date().toISOString(),
          }),
        );
    },
  },
  'funds.run-other-users-folder-not-accepted': {
    // The second user's run is made as the first user's (whose folder it names).
    request: (req) =>
      void (
        at(req, 'POST', '/integrationfund/fund/run') &&
        req.headers.authorization === SECOND_API_KEY &&
        (req.headers.authorization = API_KEY)
      ),
  },
  'webhooks.unsubscribed-not-delivered': {
    // Every saved configuration subscribes to analysisCompleted; reads answer the flag as saved.
    request: (req) => {
      const json = bodyJson(req);
      if (req.path === '/api/integration/webhook' && (req.method === 'POST' || req.method === 'PUT') && json) {
        savedAnalysisCompleted = json.analysisCompleted ?? false;
        req.body = Buffer.from(JSON.stringify({ ...json, analysisCompleted: true }));
      }
    },
    response: (req, answer) =>
      void (
        req.path === '/api/integration/webhook' &&
        answer.status === 200 &&
        answer.body?.data &&
        savedAnalysisCompleted !== undefined &&
        (answer.body.data.analysisCompleted = savedAnalysisCompleted)
      ),
  },
  'analysis.unknown-ids-not-2xx': {
    // The full report of a project that does not exist is answered with an empty report.
    response: (req, answer) => {
      if (at(req, 'GET', '/integration/project/fullreport') && answer.status === 404)
        Object.assign(
          answer,
          ok({
            projectDetail: { companyName: '', companyWebsite: '', processing: 'completed', analyses: [] },
            projectvotesummary: null,
            analysisDetail: null,
            projectcompanyfit: null,
            eventsConfigsRelevantCompanyEvent: null,
            investments: null,
            totalInvestment: null,
            reportingCycle: null,
          }),
        );
    },
  },
  'companies.website-analysis-ends': {
    // A website analysis is listed as pending for ever.
    response: (req, answer) => {
      if (at(req, 'GET', '/integration/projects') && req.query.get('id') && answer.status === 200)
        for (const a of answer.body.data?.analyses ?? []) a.status = 'pending';
    },
  },
  'funds.run-error-outcome': {
    response: (req, answer) =>
      void (
        at(req, 'GET', '/integrationfund/fund') &&
        answer.status === 200 &&
        answer.body.data.status === 'error' &&
        (answer.body.data.errorMessage = null)
      ),
  },
  'webhooks.history-ten-most-recent': {
    // Answers the first history it read, ever after: ten deliveries at most, newest first, never the newest.
    response: (req, answer) => {
      if (!at(req, 'GET', '/integration/webhook/history') || answer.status !== 200) return;
      historyFirstRead ??= answer.body.data;
      answer.body.data = historyFirstRead;
    },
  },
  'contract.invalid-credentials-401': {
    request: (req) =>
      void (
        at(req, 'POST', '/integration/processmessage') &&
        req.headers.authorization?.endsWith('-not-a-valid-key') &&
        (req.headers.authorization = API_KEY)
      ),
  },
  'contract.api-key-wrong-scheme-401': {
    request: (req) =>
      void (
        !req.path.startsWith('/api/integration/webhook') &&
        req.headers.authorization?.startsWith('Bearer ') &&
        (req.headers.authorization = req.headers.authorization.slice('Bearer '.length))
      ),
  },
  'contract.session-token-not-an-api-key': {
    request: (req) =>
      void (
        at(req, 'GET', '/integration/webhook') &&
        req.headers.authorization === ACCESS_TOKEN &&
        (req.headers.authorization = `Bearer ${ACCESS_TOKEN}`)
      ),
  },
};
