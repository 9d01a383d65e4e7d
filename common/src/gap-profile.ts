// The gap profile: what `portfolio-conformance parity` writes and `portfolio-mock --gap-profile`
// reads. One table (GAP_PROBES) names each open behaviour parity observes, the `x-gap` of the
// contract it answers, the mock's own choice and whether the mock can take the deployment's
// answer instead; parseGapProfile refuses a profile the mock could not follow, in one line.
import { isValuesProbeId, readProfiledValues } from './gap-profile-values.ts';

/** An error answer: its HTTP status and the envelope's `code` (null when the body has none). */
export interface ErrorObservation {
  kind: 'error';
  status: number;
  code: string | null;
}

/** Fields of an open object beyond the ones the specification names, each with an example value. */
export interface FieldsObservation {
  kind: 'fields';
  extra: Record<string, unknown>;
}

/** The JSON type of an open `data`. */
export interface ShapeObservation {
  kind: 'shape';
  shape: 'object' | 'array' | 'null' | 'other';
}

/** A burst of reads: how many were answered before the first refusal, and that refusal. */
export interface RateLimitObservation {
  kind: 'rate-limit';
  /** Requests answered before the first 429; null when none of the burst was refused. */
  limitedAfter: number | null;
  retryAfter: string | null;
  code: string | null;
}

/** Values the specification leaves open, each as a word: `null`, `absent`, `an id`, or which input it repeats. */
export interface ValuesObservation {
  kind: 'values';
  values: Record<string, string>;
}

export type GapObservation =
  | ErrorObservation
  | FieldsObservation
  | ShapeObservation
  | RateLimitObservation
  | ValuesObservation;

export interface GapProbeFacts {
  /** JSON pointer of the contract's `x-gap` this behaviour answers. */
  pointer: string;
  /** What the behaviour is, in a few words. */
  title: string;
  /** The text the mock names in `X-Mock-Gap` when it answers it (none: the mock never faces it). */
  mockGap?: string;
  /** The mock's choice, as parity observes it on a mock without a profile. */
  mock: GapObservation;
  /** Whether `--gap-profile` can make the mock answer like the deployment. */
  profileable: boolean;
  /** Why the mock cannot follow a deployment here (with profileable false). */
  notProfileable?: string;
  /** Operations (paths under the API) an error answer of the profile is limited to; none: every one naming mockGap. */
  paths?: readonly string[];
  /** What the run needs to reach it besides the API key. */
  needs?:
    | 'writes'
    | 'writes and token'
    | 'second key'
    | 'writes and analysis cost'
    | 'writes, token, receiver and analysis cost'
    | 'writes and drive folder'
    | 'writes and drive folder id'
    | 'writes and fund run'
    | 'writes, token, receiver, analysis cost and fund run'
    | 'writes and shared drive folder name';
}

/** The mock's 404 for an id the caller has no record under. */
const NOT_FOUND: ErrorObservation = { kind: 'error', status: 404, code: 'MOCK_NOT_FOUND' };
const INVALID: ErrorObservation = { kind: 'error', status: 400, code: 'MOCK_INVALID_REQUEST' };
const RECORD_FIELDS = "the record's own fields, shown by every later read: a profile would have to rewrite the store";
const VIEW_VALUES =
  'a value of every company view the mock builds from its records (list, lookup, analysis detail, report): the mock keeps its own';
const SEED_VALUES =
  "built from the mock's seed data (fit dimensions, chapters): a team sets those in its seed, not in a profile";
const REPORT_PARTS_GAP =
  'inner fields of projectvotesummary and eventsConfigsRelevantCompanyEvent, investment records and reportingCycle value types: the mock returns empty or null values';
/** The mock's X-Mock-Gap when another user names a company it does not own. */
const OTHER_USER_GAP = 'what another user may see of a company: the mock answers as for an unknown id';
/** The mock's X-Mock-Gap on a fundAnalysisCompleted delivery (the subscription, then the payload). */
const FUND_SUBSCRIPTION_GAP = 'fundAnalysisCompleted subscription: sent to every saved webhook configuration';
const FUND_PAYLOAD_GAP = 'fundAnalysisCompleted payload: the mock sends { fundExtractionId, fundId, name }';
const KEYWORDS_GAP =
  'keyword matching: the mock finds the text, trimmed and ignoring letter case, within a name, website, industry, country or description';
const WEBHOOK_URL_GAP = 'receiver addresses refused: only http and https, and never the mock itself';
/** The mock's scoreColor as parity words it when every colour seen follows it. */
export const SCORE_COLOR_RULE = 'green from 7, orange from 5, red below';
/**
 * The receivers parity offers, by label, and the mock's answer to each: local spellings at the
 * deployment's own port are refused, and its own origin as the base url writes it (no port at its
 * scheme's default); the same names at another port, and other hosts, are saved, and its host over
 * the other scheme with no port (that scheme's default port, not the deployment's); a url the
 * contract's `uri` format allows but a WHATWG URL parser refuses (an IPv4-like host out of range)
 * is refused.
 */
const RECEIVER_CHOICES: Record<string, 'refused' | 'saved'> = {
  'own address': 'refused',
  localhost: 'refused',
  'localhost.': 'refused',
  'app.localhost': 'refused',
  '127.0.0.2': 'refused',
  '0.0.0.0': 'refused',
  '[::1]': 'refused',
  '[::]': 'refused',
  '[::ffff:127.0.0.1]': 'refused',
  '[::ffff:0.0.0.0]': 'refused',
  'own origin': 'refused',
  'localhost at another port': 'saved',
  'parity-receiver.example': 'saved',
  '10.0.0.1': 'saved',
  '[::ffff:10.0.0.1]': 'saved',
  '[::ffff:10.0.0.0]': 'saved',
  'https, parity-receiver.example': 'saved',
  'own host, the other scheme, no port': 'saved',
  '256.256.256.256': 'refused',
};

/** Every behaviour parity observes, by its id (the profile's key). */
export const GAP_PROBES = {
  'errors.unknown-project': {
    pointer: '#/components/responses/UnspecifiedError',
    title: 'error for an unknown project id (company list with id)',
    mockGap: 'error for an unknown project id',
    mock: NOT_FOUND,
    profileable: true,
  },
  'errors.unknown-analysis': {
    pointer: '#/components/responses/UnspecifiedError',
    title: 'error for an unknown analysis id (analysis detail)',
    mockGap: 'error for an unknown analysis id',
    mock: NOT_FOUND,
    profileable: true,
  },
  'errors.invalid-parameter': {
    pointer: '#/components/responses/InvalidRequest',
    title: 'error for an invalid parameter (company list with page=-1)',
    mockGap: 'error code and HTTP status for missing or invalid parameters',
    mock: { kind: 'error', status: 400, code: 'MOCK_INVALID_REQUEST' },
    profileable: true,
  },
  'errors.malformed-json': {
    pointer: '#/components/responses/UnspecifiedError',
    title: 'error for a malformed JSON body (process message)',
    mockGap: 'error code and HTTP status for a malformed request',
    mock: { kind: 'error', status: 400, code: 'MOCK_MALFORMED_JSON' },
    profileable: true,
  },
  'companies.orderby-unknown-field': {
    pointer: '#/components/parameters/OrderBy/schema',
    title: 'answer to orderby naming a field the list does not have',
    mockGap: 'fields accepted by orderby: the mock sorts by any Project field holding a string, number or boolean',
    mock: { kind: 'error', status: 400, code: 'MOCK_INVALID_REQUEST' },
    profileable: true,
  },
  'companies.lookup-shape': {
    pointer: '#/components/schemas/ProjectLookupResult',
    title: 'shape of data when the company list is called with id',
    mockGap: 'response shape of the company list called with id: the mock answers the one project as data',
    mock: { kind: 'shape', shape: 'object' },
    profileable: true,
  },
  'search.entry-fields': {
    pointer: '#/components/schemas/ProjectSearchEntry',
    title: 'fields of a search entry other than id',
    mockGap: 'search entry fields other than id: the mock returns id only',
    mock: { kind: 'fields', extra: {} },
    profileable: true,
  },
  'search.keywords-matching': {
    pointer: '#/components/parameters/Keywords',
    title:
      'which spellings of the first listed company’s name the company search (keywords) finds it by: its first half with spaces around, its first half, in upper case, as given',
    mockGap: KEYWORDS_GAP,
    mock: {
      kind: 'values',
      values: {
        'its first half with spaces around': 'found',
        'its first half': 'found',
        'in upper case': 'found',
        'as given': 'found',
      },
    },
    profileable: false,
    notProfileable:
      "which texts find a company is the deployment's search over its records; the mock keeps its own rule",
  },
  'webhooks.read-before-save': {
    pointer: '#/paths/~1integration~1webhook/get',
    title: 'webhook configuration read before any was saved',
    mockGap: 'webhook configuration read before any was saved: data is null',
    mock: { kind: 'shape', shape: 'null' },
    profileable: false,
    notProfileable:
      'a deployment with a saved configuration answers it: nothing the mock could copy without inventing one',
  },
  'companies.created-name-defaults': {
    pointer: '#/components/schemas/CreatedProject',
    title: 'name and companyWebsite of a company created without them (needs --allow-writes)',
    mockGap:
      'name and companyWebsite of a created project when the request has none: name is companyName, companyWebsite is null',
    mock: { kind: 'values', values: { name: 'companyName', companyWebsite: 'null' } },
    profileable: false,
    notProfileable: RECORD_FIELDS,
    needs: 'writes',
  },
  'companies.no-analysis-id': {
    pointer: '#/components/schemas/CreateProjectResult/properties/analysisId',
    title: 'analysisId in the answer to a company created with projectNoAnalysis (needs --allow-writes)',
    mockGap: 'analysisId for projectNoAnalysis: the mock omits it (no analysis exists)',
    mock: { kind: 'values', values: { analysisId: 'absent' } },
    profileable: false,
    notProfileable: 'the answer of a creation, built from the record the mock stores',
    needs: 'writes',
  },
  'errors.unknown-project-report': {
    pointer: '#/components/responses/UnspecifiedError',
    title: 'error for an unknown project id (retrieve report)',
    mockGap: 'error for an unknown project id',
    mock: NOT_FOUND,
    paths: ['/integration/retrievereport'],
    profileable: true,
  },
  'errors.unknown-project-message': {
    pointer: '#/components/responses/UnspecifiedError',
    title: 'error for an unknown project id (process message; refused, so nothing is written)',
    mockGap: 'error for an unknown project id',
    mock: NOT_FOUND,
    paths: ['/integration/processmessage'],
    profileable: true,
  },
  'errors.analysis-of-other-project': {
    pointer: '#/components/responses/UnspecifiedError',
    title: "error for an analysis id of another of the caller's companies (retrieve report)",
    mockGap: 'error for an unknown analysis id',
    mock: NOT_FOUND,
    paths: ['/integration/retrievereport'],
    profileable: true,
  },
  'companies.owner-status': {
    pointer: '#/components/schemas/ProjectOwner/properties/status',
    title: "account status of a listed company's owner",
    mock: { kind: 'values', values: { status: 'active' } },
    profileable: false,
    notProfileable: VIEW_VALUES,
  },
  'companies.user-role': {
    pointer: '#/components/schemas/ProjectUser/properties/role',
    title: "the caller's role on a listed company of its own",
    mock: { kind: 'values', values: { role: 'owner' } },
    profileable: false,
    notProfileable: VIEW_VALUES,
  },
  'analysis.type': {
    pointer: '#/components/schemas/AnalysisSummary/properties/type',
    title: 'type of the analyses a listed company shows',
    mock: { kind: 'values', values: { type: 'company' } },
    profileable: false,
    notProfileable: RECORD_FIELDS,
  },
  'analysis.score-color': {
    pointer: '#/components/schemas/AnalysisObject',
    title: 'projectfit_<code>_scoreColor against projectfit_<code>_score (analysis detail of a completed analysis)',
    mock: { kind: 'values', values: { scoreColor: SCORE_COLOR_RULE } },
    profileable: false,
    notProfileable: VIEW_VALUES,
  },
  'analysis.entry-type': {
    pointer: '#/components/schemas/AnalysisDataEntry/properties/type',
    title: 'type of the analysisData entries (analysis detail of a completed analysis)',
    mock: { kind: 'values', values: { type: 'text' } },
    profileable: false,
    notProfileable: SEED_VALUES,
  },
  'analysis.entry-sources': {
    pointer: '#/components/schemas/AnalysisDataEntry/properties/sources',
    title: 'items of the analysisData entries’ sources (analysis detail of a completed analysis)',
    mock: { kind: 'values', values: { sources: 'strings' } },
    profileable: false,
    notProfileable: 'the sources are the analysis record’s own (what the company was created or uploaded with)',
  },
  'fullreport.project-detail-fields': {
    pointer: '#/components/schemas/ProjectDetail',
    title: 'fields of projectDetail other than the named ones (full report of a company)',
    mockGap: 'key of the owner in projectDetail: the mock leaves it out',
    mock: { kind: 'fields', extra: {} },
    profileable: true,
  },
  'fullreport.vote-summary-fields': {
    pointer: '#/components/schemas/FullReport/properties/projectvotesummary',
    title: 'fields of projectvotesummary (full report of a company)',
    mockGap: REPORT_PARTS_GAP,
    mock: { kind: 'fields', extra: {} },
    profileable: true,
  },
  'fullreport.company-event-fields': {
    pointer: '#/components/schemas/FullReport/properties/eventsConfigsRelevantCompanyEvent',
    title: 'fields of eventsConfigsRelevantCompanyEvent (full report of a company)',
    mockGap: REPORT_PARTS_GAP,
    mock: { kind: 'fields', extra: {} },
    profileable: true,
  },
  'fullreport.reporting-cycle': {
    pointer: '#/components/schemas/ReportingCycle',
    title: 'value types of reportingCycle (full report of a company)',
    mockGap: REPORT_PARTS_GAP,
    mock: { kind: 'values', values: { cadence: 'null', sourceName: 'null', currentCycle: 'null', nextCycle: 'null' } },
    profileable: false,
    notProfileable: "a team's reporting cycles are data of its records, not one answer a profile could hold",
  },
  'companies.placeholder-values': {
    pointer: '#/components/schemas/CreatedProject',
    title: 'companyWebsite, companyEmail and companyLegalName read back from a company created without them',
    mockGap:
      'project fields not given at creation: companyWebsite, companyEmail and companyLegalName hold mock placeholders',
    mock: {
      kind: 'values',
      values: {
        companyWebsite: 'https://{companyName as a slug}.example',
        companyEmail: 'contact@{companyName as a slug}.example',
        companyLegalName: '{companyName}',
      },
    },
    profileable: false,
    notProfileable: RECORD_FIELDS,
    needs: 'writes',
  },
  'companies.fields-not-given': {
    pointer: '#/components/schemas/CreatedProject',
    title: 'the other fields of a company created with companyName and projectType only, read back',
    mock: {
      kind: 'values',
      values: {
        companyIndustry: 'empty',
        companyCountry: 'empty',
        companyBusinessModel: 'empty',
        companyStage: 'empty',
        companyRevenueRange: 'empty',
        isVisible: 'true',
        isPending: 'false',
        isUnread: 'true',
        processing: 'completed',
        analyses: 'empty list',
        projectscores: 'empty list',
        extraConfig: 'absent',
      },
    },
    profileable: false,
    notProfileable: RECORD_FIELDS,
    needs: 'writes',
  },
  'companies.initial-status': {
    pointer: '#/components/schemas/ProjectStatusCode',
    title: 'projectstatus and projectphase codes of a company just created',
    mock: { kind: 'values', values: { projectstatus: 'active', projectphase: 'dueDiligence' } },
    profileable: false,
    notProfileable: RECORD_FIELDS,
    needs: 'writes',
  },
  'companies.email-placeholder-without-host': {
    pointer: '#/components/schemas/CreatedProject',
    title:
      "companyEmail read back from a company created with a companyWebsite that names no host (a `urn:` URI, which the contract's `uri` format allows) and no email (needs --allow-writes)",
    mockGap:
      'project fields not given at creation: companyWebsite, companyEmail and companyLegalName hold mock placeholders',
    mock: { kind: 'values', values: { companyEmail: 'contact@{companyName as a slug}.example' } },
    profileable: false,
    notProfileable: VIEW_VALUES,
    needs: 'writes',
  },
  'funds.run-unknown-folder': {
    pointer: '#/components/responses/UnspecifiedError',
    title:
      'error for a fund run naming a folderPath never uploaded (a deployment that accepts it charges its run cost)',
    mockGap: "fund run with a folderPath that is not the caller's: the mock answers 404 Error100",
    mock: { kind: 'error', status: 404, code: 'Error100' },
    profileable: true,
    needs: 'writes',
  },
  'companies.other-user-lookup': {
    pointer: '#/components/schemas/ProjectUser/properties/role',
    title:
      "error when another user (--second-api-key) looks up a company the API key's user lists (company list with id)",
    mockGap: OTHER_USER_GAP,
    mock: NOT_FOUND,
    paths: ['/integration/projects'],
    profileable: true,
    needs: 'second key',
  },
  'analysis.processing-while-running': {
    pointer: '#/components/schemas/ProjectProcessing',
    title:
      'processing of a company created with an analysis, in every read while the analysis runs (read back at once, then until it ends; needs --allow-writes and --analysis-cost)',
    mockGap: 'project processing values other than completed: the mock uses progress while an analysis runs',
    mock: { kind: 'values', values: { processing: 'progress' } },
    profileable: false,
    notProfileable: VIEW_VALUES,
    needs: 'writes and analysis cost',
  },
  'analysis.statuses': {
    pointer: '#/components/schemas/AnalysisStatus',
    title:
      'the statuses the analysis of that company passes (read back at once, then a tenth of the time waited apart; needs --allow-writes and --analysis-cost)',
    mock: { kind: 'values', values: { statuses: 'pending, progress, completed' } },
    profileable: true,
    needs: 'writes and analysis cost',
  },
  'companies.email-placeholder-with-website': {
    pointer: '#/components/schemas/CreatedProject',
    title:
      'companyEmail read back from a company created with a companyWebsite and no email (the company with an analysis; needs --allow-writes and --analysis-cost)',
    mockGap:
      'project fields not given at creation: companyWebsite, companyEmail and companyLegalName hold mock placeholders',
    mock: { kind: 'values', values: { companyEmail: 'contact@{website host}' } },
    profileable: true,
    needs: 'writes and analysis cost',
  },
  'analysis.project-scores': {
    pointer: '#/components/schemas/Project/properties/projectscores',
    title:
      'how many entries projectscores holds for that company, read back at once (its analysis under way) and when its analysis completed (needs --allow-writes and --analysis-cost)',
    mock: { kind: 'values', values: { 'read back at once': '0', 'when completed': 'one' } },
    profileable: true,
    needs: 'writes and analysis cost',
  },
  'analysis.unreachable-website': {
    pointer: '#/components/schemas/AnalysisStatus',
    title:
      'what the analysis of a company created with a website that cannot exist (https://parity-…-unreadable.invalid) ends as (a second analysis beside the first; needs --allow-writes and --analysis-cost)',
    mock: { kind: 'values', values: { 'ends as': 'failed' } },
    profileable: true,
    needs: 'writes and analysis cost',
  },
  'analysis.unreadable-upload': {
    pointer: '#/components/schemas/AnalysisStatus',
    title:
      'what the analysis of a company created for a manual upload ends as, given two files in one upload: a PDF, and one cut after its header named …-unreadable.pdf (needs --allow-writes and --analysis-cost)',
    mock: { kind: 'values', values: { 'ends as': 'failed' } },
    profileable: true,
    needs: 'writes and analysis cost',
  },
  'webhooks.delivery-headers': {
    pointer: '#/x-document-gaps/16',
    title:
      "headers of a delivery beyond HTTP's own (the analysisCompleted of that analysis, to parity's receiver; needs --allow-writes, --access-token, --receiver-host and --analysis-cost)",
    mock: { kind: 'fields', extra: {} },
    profileable: false,
    notProfileable:
      "a delivery's headers may sign its body with the deployment's secret (the specification leaves any signature scheme open): copied values would not verify, so the mock sends its own",
    needs: 'writes, token, receiver and analysis cost',
  },
  'drive.folder-name-matching': {
    pointer: '#/components/schemas/CreateProjectRequest/properties/folderName',
    title:
      'which spellings of a drive folder’s name (--drive-folder-name) a creation’s folderName finds: its first half, upper case, spaces around, as given (needs --allow-writes)',
    mockGap: 'folder name matching: the mock matches the whole name, trimmed, ignoring letter case',
    mock: {
      kind: 'values',
      values: {
        'its first half': 'not found',
        'in upper case': 'matched',
        'with spaces around': 'matched',
        'as given': 'matched',
      },
    },
    profileable: false,
    notProfileable:
      "which names match is the deployment's search over the team's drive; the mock keeps its own rule over its seed's folders",
    needs: 'writes and drive folder',
  },
  'drive.folder-link-forms': {
    pointer: '#/components/schemas/CreateProjectRequest/properties/folderLink',
    title:
      'which forms of a link to a drive folder (--drive-folder-id) a creation’s folderLink finds: an open?id= url, the same with a query after the id, the bare id with spaces around, a folders url with a query, the bare id (needs --allow-writes)',
    mock: {
      kind: 'values',
      values: {
        'open?id= url': 'matched',
        'open?id= url, id not last': 'matched',
        'bare id with spaces around': 'matched',
        'folders url with a query': 'matched',
        'bare id': 'matched',
      },
    },
    profileable: true,
    needs: 'writes and drive folder id',
  },
  'webhooks.receiver-scheme-refused': {
    pointer: '#/components/responses/InvalidRequest',
    title: 'error for a webhook receiver url of another scheme (ftp:), saved only when none is saved yet',
    mockGap: WEBHOOK_URL_GAP,
    mock: INVALID,
    profileable: true,
    needs: 'writes and token',
  },
  'webhooks.receiver-addresses-refused': {
    pointer: '#/components/responses/InvalidRequest',
    title:
      "which receiver urls are refused: local spellings of the deployment's own address and port, the same at another port, other hosts",
    mockGap: WEBHOOK_URL_GAP,
    mock: { kind: 'values', values: RECEIVER_CHOICES },
    profileable: false,
    notProfileable: 'which receivers a deployment refuses depends on its network; the mock keeps its own rule',
    needs: 'writes and token',
  },
  'funds.run-defaults': {
    pointer: '#/components/schemas/FundRunRequest/properties/customerIsInvestor',
    title:
      'customerIsInvestor, showDerivedMetrics and available.incremental of a fund run started with name and folderPath alone (needs --allow-writes and --fund-run)',
    mock: {
      kind: 'values',
      values: { customerIsInvestor: 'false', showDerivedMetrics: 'false', 'available.incremental': 'false' },
    },
    profileable: true,
    needs: 'writes and fund run',
  },
  'funds.data-sections': {
    pointer: '#/components/schemas/FundAvailability/properties/dataSections',
    title: "available.dataSections of parity's completed fund run, in the order listed",
    mock: {
      kind: 'values',
      values: { dataSections: 'reconciled, entities, coverage, validation, metricDefinitions, runStats' },
    },
    profileable: true,
    needs: 'writes and fund run',
  },
  'funds.run-progress': {
    pointer: '#/components/schemas/FundRunStatus',
    title:
      "the statuses parity's fund run passes (its summary read at once, then a tenth of the time waited apart), its figures and available before it ends, and its available flags while it shows running",
    mock: {
      kind: 'values',
      values: {
        statuses: 'pending, running, completed',
        'figures before the end': 'empty list',
        'available before the end': 'none',
        'dataSections before the end': 'empty list',
        'available while running': 'none',
        'figures when completed': 'a list',
      },
    },
    profileable: true,
    needs: 'writes and fund run',
  },
  'funds.id-forms': {
    pointer: '#/components/schemas/FundRunSummary/properties/fundId',
    title:
      "the form of the fundId and of the portfolio companies' ids of parity's fund run, its own values written as placeholders",
    mock: {
      kind: 'values',
      values: {
        fundId: 'fund-{owner id}-{name as a slug}',
        'company ids': '{fundExtractionId}-company-1, {fundExtractionId}-company-2, {fundExtractionId}-company-3',
      },
    },
    profileable: true,
    needs: 'writes and fund run',
  },
  'funds.portfolio-name-matching': {
    pointer: '#/components/schemas/FundCompany/properties/projectId',
    title:
      "which company record each portfolio company of parity's fund run (projectMode left to its default) links to, by how its name compares with the companies listed before the run",
    mock: {
      kind: 'values',
      values: {
        'named as a listed company': 'the listed company of its name',
        'named as a listed company in another case': 'the listed company of its name in another case',
        'named as no listed company': 'another record',
      },
    },
    profileable: true,
    needs: 'writes and fund run',
  },
  'funds.second-run-same-name': {
    pointer: '#/components/schemas/FundRunSummary/properties/fundId',
    title:
      "a second fund run started with the first run's name and folder once the first ended: its fundId, and the versions its fundRuns lists, newest first",
    mock: { kind: 'values', values: { fundId: "the first run's", fundRuns: 'this run, the first run' } },
    profileable: true,
    needs: 'writes and fund run',
  },
  'funds.run-unknown-fund-stage': {
    pointer: '#/components/responses/UnspecifiedError',
    title:
      "error for a fund run naming a fundstageId the workspace does not hold, over parity's fund run's folder once that run ended (no operation lists fund stages; a deployment that accepts it charges its run cost)",
    mockGap: 'error for an unknown fundstageId',
    mock: INVALID,
    profileable: true,
    paths: ['/integrationfund/fund/run'],
    needs: 'writes and fund run',
  },
  'funds.unreadable-file-run': {
    pointer: '#/components/schemas/FundRunStatus',
    title:
      'what another fund run, over one PDF cut after its header (named …-unreadable.pdf, 10 more credits), ends as (a failure of processing is `error`, but whether the engine fails on such a file is its own), and the available flags and dataSections its last read shows',
    mock: { kind: 'values', values: { 'ends as': 'error', available: 'none', dataSections: 'empty list' } },
    profileable: true,
    needs: 'writes and fund run',
  },
  'webhooks.fund-run-subscription': {
    pointer: '#/components/schemas/WebhookConfiguration',
    title:
      "whether the fund run's fundAnalysisCompleted reaches parity's receiver, saved with analysisCompleted alone (not touched when none arrives within 10 s: not sent to it, or late)",
    mockGap: FUND_SUBSCRIPTION_GAP,
    mock: { kind: 'values', values: { 'receiver subscribed to analysisCompleted alone': 'delivered' } },
    profileable: true,
    needs: 'writes, token, receiver, analysis cost and fund run',
  },
  'webhooks.fund-run-payload': {
    pointer: '#/components/schemas/FundAnalysisCompletedEvent/properties/data',
    title: "the fields of that fundAnalysisCompleted's data, and which of them hold the run's own values",
    mockGap: FUND_PAYLOAD_GAP,
    mock: {
      kind: 'values',
      values: { fields: 'fundExtractionId, fundId, name', "the run's values": 'fundExtractionId, fundId, name' },
    },
    profileable: true,
    needs: 'writes, token, receiver, analysis cost and fund run',
  },
  'drive.shared-folder-name': {
    pointer: '#/components/schemas/CreateProjectRequest/properties/folderName',
    title:
      'the link a creation gets naming a folder name two folders of the drive share (--drive-shared-folder-name; needs --allow-writes)',
    mockGap: 'folder name matching: the mock matches the whole name, trimmed, ignoring letter case',
    mock: { kind: 'values', values: { outcome: 'ambiguous' } },
    profileable: true,
    needs: 'writes and shared drive folder name',
  },
  'service.rate-limits': {
    pointer: '#/x-document-gaps/15',
    title: 'request rate limit (a burst of company list reads)',
    mock: { kind: 'rate-limit', limitedAfter: null, retryAfter: null, code: null },
    profileable: true,
  },
} as const satisfies Record<string, GapProbeFacts>;

export type GapProbeId = keyof typeof GAP_PROBES;

/**
 * Pairs of behaviours whose answers set one choice of the mock, and why: a profile must answer both
 * alike (parity marks the second not profile-able when they differ).
 */
export const SHARED_CHOICES: readonly (readonly [GapProbeId, GapProbeId, string])[] = [
  [
    'analysis.unreachable-website',
    'analysis.unreadable-upload',
    'the mock fails an analysis over any unreadable source (a website, an uploaded file), or none',
  ],
];

/** Full report parts whose extra fields a profile adds: behaviour and the part's key in the report. */
export const REPORT_PART_FIELDS = {
  'fullreport.project-detail-fields': 'projectDetail',
  'fullreport.vote-summary-fields': 'projectvotesummary',
  'fullreport.company-event-fields': 'eventsConfigsRelevantCompanyEvent',
} as const satisfies Partial<Record<GapProbeId, string>>;

/** Receiver labels of `webhooks.receiver-addresses-refused`, in the order parity sends them. */
export const RECEIVER_SPELLING_LABELS: readonly string[] = Object.keys(RECEIVER_CHOICES);

export const GAP_PROFILE_KIND = 'portfolio-gap-parity';
export const GAP_PROFILE_VERSION = 1;

/** What the mock keeps of a profile: the deployment's answer per behaviour it can follow. */
export interface GapProfile {
  /** Where the profile came from (the deployment parity ran against), named in X-Mock-Gap. */
  source: string;
  answers: Partial<Record<GapProbeId, GapObservation>>;
}

export function isGapProbeId(id: unknown): id is GapProbeId {
  return typeof id === 'string' && Object.hasOwn(GAP_PROBES, id);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const RETRY_AFTER = /^\d{1,5}$/;
const FIELD_NAME = /^[A-Za-z_$][\w$-]{0,63}$/;

/**
 * Why the mock cannot answer with `observation` for behaviour `id` (undefined when it can): the
 * mock follows only answers a client could tell apart and the contract allows.
 */
export function unprofileableReason(id: GapProbeId, observation: unknown): string | undefined {
  const facts: GapProbeFacts = GAP_PROBES[id];
  if (!facts.profileable)
    return `the mock cannot take this behaviour from a profile${facts.notProfileable ? `: ${facts.notProfileable}` : ''}`;
  if (!isObject(observation) || observation.kind !== facts.mock.kind)
    return `expected an observation of kind "${facts.mock.kind}"`;
  switch (observation.kind) {
    case 'error': {
      const { status, code } = observation;
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
        return `status ${JSON.stringify(status)} is not an error status (400 to 599)`;
      if (code !== null && (typeof code !== 'string' || code.length === 0 || code.length > 64))
        return `code ${JSON.stringify(code)} is not null or a string of 1 to 64 characters`;
      return undefined;
    }
    case 'fields': {
      const { extra } = observation;
      if (!isObject(extra)) return 'extra is not an object of field names';
      const names = Object.keys(extra);
      if (names.length > 50) return 'more than 50 extra fields';
      const bad = names.find((name) => !FIELD_NAME.test(name) || name === 'id');
      return bad === undefined ? undefined : `extra field name ${JSON.stringify(bad)} is not usable`;
    }
    case 'shape':
      return observation.shape === 'object' || observation.shape === 'array'
        ? undefined
        : `shape ${JSON.stringify(observation.shape)} is not object or array`;
    case 'rate-limit': {
      const { limitedAfter, retryAfter, code } = observation;
      if (limitedAfter === null) return undefined;
      if (
        typeof limitedAfter !== 'number' ||
        !Number.isInteger(limitedAfter) ||
        limitedAfter < 1 ||
        limitedAfter > 10_000
      )
        return `limitedAfter ${JSON.stringify(limitedAfter)} is not null or a whole number from 1 to 10000`;
      if (typeof retryAfter !== 'string' || !RETRY_AFTER.test(retryAfter) || Number(retryAfter) < 1)
        return `retryAfter ${JSON.stringify(retryAfter)} is not a whole number of seconds of at least 1`;
      if (code !== null && (typeof code !== 'string' || code.length === 0 || code.length > 64))
        return `code ${JSON.stringify(code)} is not null or a string of 1 to 64 characters`;
      return undefined;
    }
    case 'values': {
      const { values } = observation;
      if (!isObject(values) || !Object.values(values).every((v) => typeof v === 'string'))
        return 'values is not an object of words';
      if (!isValuesProbeId(id)) return `the mock takes no values for ${id}`;
      const read = readProfiledValues(id, values as Record<string, string>);
      return typeof read === 'string' ? read : undefined;
    }
    default:
      return `unknown observation kind ${JSON.stringify(observation.kind)}`;
  }
}

/**
 * The profile in a parity report (`parity.json`), or an Error with a one-line message. Entries the
 * run did not touch or marked not profile-able are skipped; an entry that claims to be profile-able
 * and is not, an unknown id, or a file of another kind is refused.
 *
 * @example
 * const profile = parseGapProfile(JSON.parse(readFileSync('parity/parity.json', 'utf8')));
 * profile.answers['errors.unknown-project']; // { kind: 'error', status: 400, code: 'Error100' }
 */
export function parseGapProfile(report: unknown): GapProfile {
  if (!isObject(report) || report.kind !== GAP_PROFILE_KIND)
    throw new Error(`not a gap profile: expected "kind": "${GAP_PROFILE_KIND}" (the parity.json a parity run writes)`);
  if (report.version !== GAP_PROFILE_VERSION)
    throw new Error(`gap profile version ${JSON.stringify(report.version)} is not ${GAP_PROFILE_VERSION}`);
  if (!Array.isArray(report.gaps)) throw new Error('gap profile has no "gaps" list');
  const answers: GapProfile['answers'] = {};
  for (const [i, entry] of report.gaps.entries()) {
    if (!isObject(entry)) throw new Error(`gaps[${i}] is not an object`);
    if (!isGapProbeId(entry.id))
      throw new Error(
        `gaps[${i}]: unknown behaviour ${JSON.stringify(entry.id)} (known: ${Object.keys(GAP_PROBES).join(', ')})`,
      );
    if (entry.touched !== true || entry.profileable !== true || entry.deployment === null) continue;
    if (Object.hasOwn(answers, entry.id)) throw new Error(`gaps[${i}]: ${entry.id} is listed twice`);
    const reason = unprofileableReason(entry.id, entry.deployment);
    if (reason) throw new Error(`gaps[${i}] (${entry.id}): ${reason}`);
    answers[entry.id] = structuredClone(entry.deployment) as GapObservation;
  }
  for (const [first, second, why] of SHARED_CHOICES) {
    const [a, b] = [answers[first], answers[second]];
    if (a && b && JSON.stringify(a) !== JSON.stringify(b))
      throw new Error(`${first} and ${second} are answered otherwise: ${why}`);
  }
  const source = typeof report.baseUrl === 'string' ? report.baseUrl : 'a parity run';
  return { source, answers };
}
