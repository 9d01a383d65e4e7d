// Correct deployments whose choices differ from the mock's wherever parity looks (issue 25, part
// 4): proxies in front of the mock (broken-proxy.ts) answering the open behaviours as a real
// service plausibly would. gapDouble differs where the mock can follow a profile
// (GAP_DOUBLE_CHOICES); recordsGapDouble where it cannot: the values of its records and views, and
// the receivers it saves (RECORDS_DOUBLE_CHOICES). Each map is what parity must report.
import { randomUUID } from 'node:crypto';
import { type GapObservation, type GapProbeId, RECEIVER_SPELLING_LABELS } from '../../../common/src/index.ts';
import { SECOND_API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import type { Break, ProxiedAnswer, ProxiedRequest } from './broken-proxy.ts';

const LIST = '/api/integration/projects';
const REPORT = '/api/integration/retrievereport';
const LIMIT = 20;
// What Retry-After says. The double's window is counted in requests, not seconds (below), so no
// machine is too slow for the burst to reach the limit; the profiled mock's window is this long.
const WINDOW_S = 3;

/** Fields the double adds to the full report's open parts. */
const REPORT_EXTRA = {
  projectDetail: { owner: { fullName: 'Mia Berg', email: 'mia.berg@example.com' } },
  projectvotesummary: { upvotes: 2, downvotes: 0 },
  eventsConfigsRelevantCompanyEvent: { eventTypes: ['funding'] },
};

/** The deployment's choice per behaviour, as parity observes it. */
export const GAP_DOUBLE_CHOICES: Partial<Record<GapProbeId, GapObservation>> = {
  'errors.unknown-project': { kind: 'error', status: 404, code: 'Error100' },
  'errors.unknown-analysis': { kind: 'error', status: 400, code: 'Error400' },
  'errors.invalid-parameter': { kind: 'error', status: 422, code: 'Error422' },
  'errors.malformed-json': { kind: 'error', status: 400, code: 'Error400' },
  'companies.orderby-unknown-field': { kind: 'error', status: 400, code: 'Error400' },
  'companies.lookup-shape': { kind: 'shape', shape: 'array' },
  'search.entry-fields': { kind: 'fields', extra: { companyName: 'Aurora Grid', score: 0.93 } },
  'service.rate-limits': { kind: 'rate-limit', limitedAfter: LIMIT, retryAfter: String(WINDOW_S), code: 'Error429' },
  'errors.unknown-project-report': { kind: 'error', status: 404, code: 'Error404' },
  'errors.unknown-project-message': { kind: 'error', status: 422, code: 'Error422' },
  'errors.analysis-of-other-project': { kind: 'error', status: 400, code: 'Error400' },
  'fullreport.project-detail-fields': { kind: 'fields', extra: REPORT_EXTRA.projectDetail },
  'fullreport.vote-summary-fields': { kind: 'fields', extra: REPORT_EXTRA.projectvotesummary },
  'fullreport.company-event-fields': { kind: 'fields', extra: REPORT_EXTRA.eventsConfigsRelevantCompanyEvent },
  'funds.run-unknown-folder': { kind: 'error', status: 400, code: 'Error400' },
  'companies.other-user-lookup': { kind: 'error', status: 403, code: 'Error403' },
  'webhooks.receiver-scheme-refused': { kind: 'error', status: 422, code: 'Error422' },
};

/** Headers recordsGapDouble sends with each delivery to parity's receiver (a signed delivery). */
const DELIVERY_HEADERS = { 'x-signature': 'sha256=5d41402abc4b2a76b9719d911017c592', 'x-delivery-id': 'd-0001' };

const SELF_SPELLINGS = [
  'own address',
  'localhost',
  'app.localhost',
  '127.0.0.2',
  '0.0.0.0',
  '[::1]',
  '[::ffff:127.0.0.1]',
];

/** The sections a completed run of the upstream mock lists (the records double adds two of its own). */
const SECTIONS = ['reconciled', 'entities', 'coverage', 'validation', 'metricDefinitions', 'runStats'];
/** The sections the records double's run lists while it is under way. */
const UNDER_WAY = ['reconciled', 'entities'];

/** The records double's values of records a profile holds: the mock makes them as the double does (written out here, not read from the mock's code). */
export const RECORDS_DOUBLE_PROFILEABLE = [
  'funds.run-defaults',
  'funds.data-sections',
  'funds.run-progress',
  'funds.id-forms',
  'funds.portfolio-name-matching',
  'analysis.statuses',
  'analysis.project-scores',
  'companies.email-placeholder-with-website',
  'drive.folder-link-forms',
  'drive.shared-folder-name',
  'analysis.unreachable-website',
  'analysis.unreadable-upload',
  'funds.second-run-same-name',
  'webhooks.fund-run-payload',
  'funds.run-unknown-fund-stage',
  'funds.unreadable-file-run',
] as const satisfies readonly GapProbeId[];

/** What parity must report of recordsGapDouble: values the mock takes from its records, not a profile. */
export const RECORDS_DOUBLE_CHOICES: Partial<Record<GapProbeId, GapObservation>> = {
  'search.keywords-matching': {
    kind: 'values',
    values: {
      'its first half with spaces around': 'not found',
      'its first half': 'found',
      'in upper case': 'found',
      'as given': 'found',
    },
  },
  'companies.created-name-defaults': { kind: 'values', values: { name: 'empty', companyWebsite: 'null' } },
  'companies.no-analysis-id': { kind: 'values', values: { analysisId: 'a string' } },
  'companies.owner-status': { kind: 'values', values: { status: 'enabled' } },
  'companies.user-role': { kind: 'values', values: { role: 'admin' } },
  'analysis.type': { kind: 'values', values: { type: 'dueDiligence' } },
  'analysis.score-color': { kind: 'values', values: { scoreColor: '8: #2e7d32, 6.5: #f9a825' } },
  'analysis.entry-type': { kind: 'values', values: { type: 'markdown' } },
  'analysis.entry-sources': { kind: 'values', values: { sources: 'objects' } },
  'fullreport.reporting-cycle': {
    kind: 'values',
    values: { cadence: 'a string', sourceName: 'null', currentCycle: 'a string', nextCycle: 'a string' },
  },
  'companies.placeholder-values': {
    kind: 'values',
    values: { companyWebsite: 'empty', companyEmail: 'empty', companyLegalName: 'empty' },
  },
  'companies.fields-not-given': {
    kind: 'values',
    values: {
      companyIndustry: 'unknown',
      companyCountry: 'unknown',
      companyBusinessModel: 'unknown',
      companyStage: 'unknown',
      companyRevenueRange: 'unknown',
      isVisible: 'true',
      isPending: 'true',
      isUnread: 'false',
      processing: 'completed',
      analyses: 'empty list',
      projectscores: 'empty list',
      extraConfig: 'absent',
    },
  },
  'companies.initial-status': { kind: 'values', values: { projectstatus: 'new', projectphase: 'sourcing' } },
  'companies.email-placeholder-without-host': { kind: 'values', values: { companyEmail: 'empty' } },
  'analysis.processing-while-running': { kind: 'values', values: { processing: 'running' } },
  'analysis.statuses': { kind: 'values', values: { statuses: 'pending, completed' } },
  'companies.email-placeholder-with-website': { kind: 'values', values: { companyEmail: 'empty' } },
  'analysis.project-scores': { kind: 'values', values: { 'read back at once': '0', 'when completed': '0' } },
  'analysis.unreachable-website': { kind: 'values', values: { 'ends as': 'completed' } },
  'analysis.unreadable-upload': { kind: 'values', values: { 'ends as': 'completed' } },
  'webhooks.delivery-headers': { kind: 'fields', extra: DELIVERY_HEADERS },
  'drive.folder-name-matching': {
    kind: 'values',
    values: {
      'its first half': 'not found',
      'in upper case': 'matched',
      'with spaces around': 'not found',
      'as given': 'matched',
    },
  },
  'drive.folder-link-forms': {
    kind: 'values',
    values: {
      'open?id= url': 'not found',
      'open?id= url, id not last': 'not found',
      'bare id with spaces around': 'not found',
      'folders url with a query': 'not found',
      'bare id': 'matched',
    },
  },
  'webhooks.receiver-addresses-refused': {
    kind: 'values',
    // Saved through the double's upstream mock, which refuses a url its URL parser refuses.
    values: Object.fromEntries(
      RECEIVER_SPELLING_LABELS.map((label) => [label, label === '256.256.256.256' ? 'refused' : 'saved']),
    ),
  },
  'funds.run-defaults': {
    kind: 'values',
    values: { customerIsInvestor: 'true', showDerivedMetrics: 'true', 'available.incremental': 'false' },
  },
  'funds.data-sections': {
    kind: 'values',
    values: { dataSections: [...SECTIONS, 'workbookSelections', 'publish'].join(', ') },
  },
  'funds.run-progress': {
    kind: 'values',
    values: {
      statuses: 'pending, completed',
      'figures before the end': 'empty list',
      'available before the end': 'workbook, overview, structure, incremental',
      'dataSections before the end': UNDER_WAY.join(', '),
      'available while running': 'not shown',
      'figures when completed': 'a list',
    },
  },
  'funds.id-forms': { kind: 'values', values: { fundId: '{fundExtractionId}', 'company ids': 'fc-1, fc-2, fc-3' } },
  'funds.portfolio-name-matching': {
    kind: 'values',
    values: {
      'named as a listed company': 'the listed company of its name',
      'named as a listed company in another case': 'another record',
      'named as no listed company': 'another record',
    },
  },
  'funds.second-run-same-name': { kind: 'values', values: { fundId: '{fundExtractionId}', fundRuns: 'this run' } },
  // No fund stage is known to the double either: refused as the specification's invalid request (Error209).
  'funds.run-unknown-fund-stage': { kind: 'error', status: 400, code: 'Error209' },
  // An engine that reads what it can of a cut file, and completes with the parts and sections of any completed run.
  'funds.unreadable-file-run': {
    kind: 'values',
    values: {
      'ends as': 'completed',
      available: 'workbook, overview, structure',
      dataSections: [...SECTIONS, 'workbookSelections', 'publish'].join(', '),
    },
  },
  'webhooks.fund-run-payload': {
    kind: 'values',
    values: { fields: 'fundExtractionId, name, status', "the run's values": 'fundExtractionId, name, status' },
  },
  'drive.shared-folder-name': { kind: 'values', values: { outcome: 'matched' } },
};

/** The name two folders of the seed's drive share, and the one the records double's drive search finds by it. */
export const SHARED_FOLDER = { name: 'Duplicate Name', first: 'folder-duplicate-a' };

/**
 * A fund service's own choices in a run's summary: other defaults, two more data sections, parts
 * and sections readable while the run is under way, no `running` shown, the first run's id as the fund's and short company ids, and names compared with
 * letter case (a company named in another case gets a record of its own, made once per company).
 */
async function fundSummary(
  data: any,
  relinked: Map<string, string>,
  upstream: (pathAndQuery: string, json?: unknown, asCaller?: boolean) => Promise<any>,
): Promise<void> {
  if (data.status === 'running') data.status = 'pending';
  Object.assign(data, { customerIsInvestor: true, showDerivedMetrics: true, fundId: data.fundExtractionId });
  // Each run is a fund of its own: its versions are itself.
  data.fundRuns = data.fundRuns.filter((run: any) => run.fundExtractionId === data.fundExtractionId);
  // Under way the parts made so far are readable, with the first two sections, and an incremental
  // update can join the run; once it ended, it cannot.
  if (data.status === 'pending')
    data.available = {
      workbook: true,
      overview: true,
      structure: true,
      incremental: true,
      dataSections: [...UNDER_WAY],
    };
  else data.available.incremental = false;
  if (data.status === 'completed') data.available.dataSections.push('workbookSelections', 'publish');
  for (const [i, company] of data.companies.entries()) {
    const key = `${data.fundExtractionId} ${company.id}`;
    company.id = `fc-${i + 1}`;
    if (typeof company.projectId !== 'string') continue;
    let id = relinked.get(key);
    if (id === undefined) {
      const linked = (await upstream(`/api/integration/projects?id=${company.projectId}`)).data;
      id =
        linked?.companyName === company.companyName
          ? company.projectId
          : (
              await upstream(
                '/api/integration/project',
                { companyName: company.companyName, projectType: 'projectNoAnalysis' },
                true,
              )
            ).data.project.id;
      relinked.set(key, id!);
    }
    company.projectId = id;
  }
}

const refusal = (status: number, code: string, title: string): Pick<ProxiedAnswer, 'status' | 'body'> => ({
  status,
  body: { code, title, description: title, data: null },
});

export function gapDouble(): Break {
  const reads = new Map<string, number>();
  return {
    // The mock judges the receivers (and this double words its refusals): the same ones refused.
    webhookUrls: 'upstream',
    request: (req: ProxiedRequest): ProxiedAnswer | undefined => {
      // The reads parity's burst sends (the list with pageSize=1 alone): LIMIT per caller, then one
      // 429, and the count starts again. A window of requests, not of seconds: the burst meets the
      // limit however slowly the machine answers (a 1 s window once passed before 21 reads), and the
      // probes after it are not refused, so no run waits out the Retry-After.
      const burstRead = req.method === 'GET' && req.path === LIST && `${req.query}` === 'pageSize=1';
      if (!burstRead) return undefined;
      const key = `${req.headers['x-mock-session'] ?? ''} ${req.headers.authorization ?? ''}`;
      const count = (reads.get(key) ?? 0) + 1;
      reads.set(key, count > LIMIT ? 0 : count);
      if (count <= LIMIT) return undefined;
      return {
        contentType: 'application/json',
        headers: { 'retry-after': String(WINDOW_S) },
        ...refusal(429, 'Error429', 'Too many requests'),
      };
    },
    response: (req, answer) => {
      const code = answer.body?.code;
      const refuse = (status: number, newCode: string) => Object.assign(answer, refusal(status, newCode, 'Refused'));
      if (code === 'MOCK_NOT_FOUND' && req.path === LIST && req.headers.authorization === SECOND_API_KEY)
        refuse(403, 'Error403');
      else if (code === 'MOCK_NOT_FOUND' && req.path === LIST) refuse(404, 'Error100');
      else if (code === 'MOCK_NOT_FOUND' && req.path === '/api/integration/analysis/detail') refuse(400, 'Error400');
      else if (code === 'MOCK_NOT_FOUND' && req.path === REPORT && /^No project/.test(answer.body.description))
        refuse(404, 'Error404');
      else if (code === 'MOCK_NOT_FOUND' && req.path === REPORT) refuse(400, 'Error400');
      else if (code === 'MOCK_NOT_FOUND' && req.path === '/api/integration/processmessage') refuse(422, 'Error422');
      else if (code === 'Error100' && req.path === '/api/integrationfund/fund/run') refuse(400, 'Error400');
      else if (code === 'MOCK_INVALID_REQUEST' && req.query.has('orderby')) refuse(400, 'Error400');
      else if (code === 'MOCK_INVALID_REQUEST') refuse(422, 'Error422');
      else if (code === 'MOCK_MALFORMED_JSON') refuse(400, 'Error400');
      else if (answer.status === 200 && req.path === LIST && req.query.has('id')) answer.body.data = [answer.body.data];
      else if (answer.status === 200 && req.path === '/api/integration/project/fullreport') {
        // A part not selected stays null.
        for (const [part, extra] of Object.entries(REPORT_EXTRA))
          if (answer.body.data[part]) Object.assign(answer.body.data[part], extra);
      } else if (answer.status === 200 && req.path === '/api/integration/project/search')
        answer.body.data.data = answer.body.data.data.map((entry: { id: string }, i: number) => ({
          ...entry,
          companyName: i === 0 ? 'Aurora Grid' : `company ${i}`,
          score: 0.93,
        }));
    },
  };
}

/** Rewrites every company view of an answer (list entries, a lookup, an analysis detail's project). */
function eachCompany(data: any, change: (company: any) => void): void {
  const views = Array.isArray(data) ? data : [data, data?.project];
  for (const view of views) if (view && typeof view === 'object' && 'projectowner' in view) change(view);
}

export function recordsGapDouble(): Break {
  const created = new Set<string>();
  const relinked = new Map<string, string>();
  return {
    webhookUrls: 'upstream',
    // Parity's own receiver is reached through the relay, which signs each delivery.
    relayUrls: /^http:\/\/[^/]+\/conformance\/parity-receiver$/,
    deliveryHeaders: DELIVERY_HEADERS,
    // A fund run's completion names the run and its status; no fundId.
    delivery: (body) =>
      body?.event === 'fundAnalysisCompleted'
        ? { ...body, data: { fundExtractionId: body.data.fundExtractionId, name: body.data.name, status: 'completed' } }
        : body,
    // A drive search that does not trim: a name with spaces around finds nothing, nor does a bare
    // folder id with spaces around; a link in the open?id= form is not read, nor a folders url with
    // a query after the id (a shared link's `?usp=sharing`); a name two folders share finds the first
    // of them. Nor does the company search trim its keywords.
    request: (req) => {
      if (req.method === 'GET' && req.path === '/api/integration/project/search') {
        const keywords = req.query.get('keywords') ?? '';
        if (keywords !== keywords.trim()) req.query.set('keywords', `${keywords}(untrimmed)`);
        return;
      }
      if (req.method !== 'POST' || req.path !== '/api/integration/project') return;
      const sent = JSON.parse(req.body.toString('utf8'));
      if (sent.folderName === SHARED_FOLDER.name) {
        const { folderName: _, ...rest } = sent;
        req.body = Buffer.from(JSON.stringify({ ...rest, folderLink: SHARED_FOLDER.first }));
        return;
      }
      if (typeof sent.folderName === 'string' && sent.folderName !== sent.folderName.trim())
        req.body = Buffer.from(JSON.stringify({ ...sent, folderName: `${sent.folderName}(untrimmed)` }));
      if (
        typeof sent.folderLink === 'string' &&
        !sent.folderLink.includes('/') &&
        sent.folderLink !== sent.folderLink.trim()
      )
        req.body = Buffer.from(JSON.stringify({ ...sent, folderLink: `${sent.folderLink}(untrimmed)` }));
      if (typeof sent.folderLink === 'string' && /\/folders\/[^/?#]+\?/.test(sent.folderLink))
        req.body = Buffer.from(JSON.stringify({ ...sent, folderLink: 'https://drive.google.com/drive/folders' }));
      if (typeof sent.folderLink === 'string' && sent.folderLink.includes('open?id='))
        req.body = Buffer.from(JSON.stringify({ ...sent, folderLink: 'https://drive.google.com/open' }));
    },
    response: async (req, answer, upstream) => {
      if (answer.status === 200 && req.path === '/api/integrationfund/fund') {
        // An engine that reads what it can of a cut file: the run completes, with every part and section.
        if (answer.body.data.status === 'error')
          Object.assign(answer.body.data, {
            status: 'completed',
            errorMessage: null,
            available: { workbook: true, overview: true, structure: true, dataSections: [...SECTIONS] },
          });
        return fundSummary(answer.body.data, relinked, upstream);
      }
      if (answer.body?.code === 'MOCK_INVALID_REQUEST' && req.path === '/api/integrationfund/fund/run')
        return void Object.assign(answer, refusal(400, 'Error209', 'Refused'));
      // Every http(s) receiver the mock refuses as itself is saved (a service that cannot be called through its own address).
      if (req.path === '/api/integration/webhook' && /points at the mock itself/.test(answer.body?.description ?? '')) {
        const { url } = JSON.parse(req.body.toString('utf8'));
        const saved = { id: 'f0000000-0000-4000-8000-000000000001', url, createdAt: '2026-11-26T00:00:00Z' };
        Object.assign(answer, {
          status: 200,
          body: { ...answer.body, code: '1000', title: 'OK', description: 'Saved', data: saved },
        });
        Object.assign(saved, { analysisCompleted: false, analysisChangedStatus: false });
        return;
      }
      if (answer.status !== 200 || typeof answer.body?.data !== 'object' || answer.body.data === null) return;
      const { data } = answer.body;
      if (req.method === 'POST' && req.path === '/api/integration/project') {
        // Only a creation that leaves the open values to the service: no name, no website, no analysis.
        const sent = JSON.parse(req.body.toString('utf8'));
        if (sent.name !== undefined || sent.companyWebsite !== undefined || sent.projectType !== 'projectNoAnalysis')
          return;
        created.add(data.project.id);
        answer.body.data = { ...data, analysisId: randomUUID(), project: { ...data.project, name: '' } };
        return;
      }
      eachCompany(data, (company) => {
        if (company.processing === 'progress') company.processing = 'running';
        company.projectowner.status = 'enabled';
        company.projectUser.role = 'admin';
        // No email made up for a company created without one.
        if (/^parity-.* (analysis|no host)$/.test(company.companyName)) company.companyEmail = '';
        // Scores only in the full report, never in a company's list or lookup view.
        company.projectscores = [];
        // An analysis shown pending until it ends (no progress status).
        for (const analysis of company.analyses)
          Object.assign(analysis, {
            type: 'dueDiligence',
            ...(analysis.status === 'progress' ? { status: 'pending' } : {}),
            // An engine that completes an analysis over a source it cannot read (a website it cannot reach, a cut file), with what it found.
            ...(analysis.status === 'failed' ? { status: 'completed' } : {}),
          });
        if (!created.has(company.id)) return;
        Object.assign(company, {
          companyWebsite: '',
          companyEmail: '',
          companyLegalName: '',
          isPending: true,
          isUnread: false,
        });
        for (const name of [
          'companyIndustry',
          'companyCountry',
          'companyBusinessModel',
          'companyStage',
          'companyRevenueRange',
        ])
          company[name] = 'unknown';
        company.projectstatus.code = 'new';
        company.projectphase.code = 'sourcing';
      });
      if (req.path === '/api/integration/project/fullreport' && data.reportingCycle)
        Object.assign(data.reportingCycle, { cadence: 'quarterly', currentCycle: '2026-Q4', nextCycle: '2027-Q1' });
      if (req.path === '/api/integration/analysis/detail') {
        const colors: Record<string, string> = { green: '#2e7d32', orange: '#f9a825', red: '#c62828' };
        for (const [key, value] of Object.entries(data.analysisObject))
          if (key.endsWith('_scoreColor')) data.analysisObject[key] = colors[value as string] ?? value;
        for (const entry of Object.values(data.analysisData) as any[]) {
          entry.type = 'markdown';
          entry.sources = [{ title: 'Company website', url: 'https://aurora.example' }];
        }
      }
    },
  };
}
