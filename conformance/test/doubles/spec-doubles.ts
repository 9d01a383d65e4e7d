// Doubles written from the specification's sentences, not from the checks (issue 25): proxies in
// front of the stateful mock (broken-proxy.ts). BROKEN_DOUBLES each break one sentence the way a
// real implementation plausibly would, one per weakness class of the issue, answers kept
// contract-valid; the suite must fail naming `rule`. CORRECT_DOUBLES differ from the mock only
// where the specification is silent or permissive; the suite must pass them.
import { API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import type { Break, ProxiedAnswer, ProxiedRequest } from './broken-proxy.ts';

const at = (req: ProxiedRequest, method: string, path: string) => req.method === method && req.path === `/api${path}`;
const LIST = '/integration/projects';
const SEARCH = '/integration/project/search';
const HISTORY = '/integration/webhook/history';
const FULL_REPORT = '/integration/project/fullreport';

export interface BrokenDouble {
  /** The weakness class of the issue the break slips through. */
  weakness: string;
  /** The sentence of the specification it breaks. */
  sentence: string;
  /** The rule that must fail. */
  rule: string;
  make(): Break;
}

export interface CorrectDouble {
  /** What a real, correct service does differently, and why the specification allows it. */
  difference: string;
  /** The rules whose behaviour the double touches (the unit test runs these; the sweep runs all). */
  rules: string[];
  make(): Break;
}

type Delivery = { event: string; status: string; createdAt: string };

export const BROKEN_DOUBLES: Record<string, BrokenDouble> = {
  'clamps at 50': {
    weakness: 'one value where the specification states a limit',
    sentence: 'Default 10; max 100; larger values are clamped to 100',
    rule: 'companies.page-size-at-limit',
    make: () => ({
      request: (req) =>
        void (at(req, 'GET', LIST) && Number(req.query.get('pageSize')) > 50 && req.query.set('pageSize', '50')),
    }),
  },
  'search by prefix': {
    weakness: 'inclusion without exclusion',
    sentence: 'Keyword filter over company name, website, industry, country, description',
    rule: 'companies.search-exactly-matching',
    make: () => ({
      // An index that matches on the keyword's first eight characters.
      request: (req) => {
        const search = req.query.get('search');
        if (at(req, 'GET', LIST) && search && search.length > 8) req.query.set('search', search.slice(0, 8));
      },
    }),
  },
  'orderby on the first page only': {
    weakness: 'orderings on lists of one',
    sentence: 'Field name to sort by, ascending',
    rule: 'companies.orderby-across-pages',
    make: () => ({
      request: (req) =>
        void (at(req, 'GET', LIST) && Number(req.query.get('page') ?? 0) > 0 && req.query.delete('orderby')),
    }),
  },
  'history served from a cache': {
    weakness: '"most recent" judged as "any"',
    sentence: 'returns the 10 most recent deliveries, newest first',
    rule: 'webhooks.history-ten-most-recent',
    make: () => {
      let cached: { at: number; data: Delivery[] } | undefined;
      return {
        // A cache refreshed every 10 s: ten deliveries, newest first, but not the most recent ones.
        response: (req, answer) => {
          if (!at(req, 'GET', HISTORY) || answer.status !== 200) return;
          if (!cached || Date.now() - cached.at > 10_000) cached = { at: Date.now(), data: answer.body.data };
          answer.body.data = cached.data;
        },
      };
    },
  },
  'full report without its key check': {
    weakness: 'one operation standing for all',
    sentence: 'A missing or invalid API key gives 401 with code `4010`.',
    rule: 'contract.invalid-credentials-401',
    make: () => ({
      request: (req) =>
        void (
          at(req, 'GET', FULL_REPORT) &&
          req.headers.authorization !== API_KEY &&
          (req.headers.authorization = API_KEY)
        ),
    }),
  },
  'Bearer prefix tolerated': {
    weakness: 'one operation standing for all',
    sentence: 'Every call sends the header `Authorization` whose value is the API key itself, with no scheme prefix',
    rule: 'contract.api-key-wrong-scheme-401',
    make: () => ({
      request: (req) =>
        void (
          req.headers.authorization === `Bearer ${API_KEY}` &&
          !req.path.startsWith('/api/integration/webhook') &&
          (req.headers.authorization = API_KEY)
        ),
    }),
  },
  'sections omitted leaves out investments': {
    weakness: 'defaults never exercised',
    sentence: 'Comma-separated list of parts; all parts when omitted',
    rule: 'fullreport.all-parts-by-default',
    make: () => ({
      response: (req, answer) => {
        if (!at(req, 'GET', FULL_REPORT) || req.query.has('sections') || answer.status !== 200) return;
        answer.body.data.investments = null;
        answer.body.data.totalInvestment = null;
      },
    }),
  },
  'last section wins': {
    weakness: 'multi-valued parameters with one value',
    sentence: 'Comma-separated list of parts',
    rule: 'fullreport.several-sections',
    make: () => ({
      request: (req) => {
        const sections = req.query.get('sections');
        if (at(req, 'GET', FULL_REPORT) && sections?.includes(','))
          req.query.set('sections', sections.split(',').at(-1) ?? '');
      },
    }),
  },
  'failed run read as a server error': {
    weakness: 'paths never reached',
    sentence: 'A fund run that fails during processing is not an HTTP error',
    rule: 'funds.run-error-outcome',
    make: () => ({
      response: (req, answer) => {
        if (at(req, 'GET', '/integrationfund/fund') && answer.status === 200 && answer.body.data.status === 'error')
          Object.assign(answer, {
            status: 500,
            body: {
              metadata: { code: 'Error0', title: 'Internal Server Error', description: 'run failed' },
              data: null,
            },
          });
      },
    }),
  },
};

/** Every page of the list as the mock answers it with these parameters (no orderby). */
async function wholeList(upstream: (p: string) => Promise<any>, query: URLSearchParams): Promise<any[]> {
  const all: any[] = [];
  const params = new URLSearchParams(query);
  for (const key of ['orderby', 'page', 'pageSize']) params.delete(key);
  for (let page = 0; ; page += 1) {
    params.set('page', String(page));
    params.set('pageSize', '100');
    const answer = await upstream(`/api${LIST}?${params.toString()}`);
    all.push(...answer.data);
    if (!answer.pagination?.nextPage) return all;
  }
}

const collator = new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true });
const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const CORRECT_DOUBLES: Record<string, CorrectDouble> = {
  'database collation': {
    difference: 'orderby sorts with a collation that ignores case, spaces and punctuation ("ascending" is all it says)',
    rules: ['companies.orderby-ascending', 'companies.orderby-across-pages', 'companies.page-size-at-limit'],
    make: () => ({
      async response(req, answer, upstream) {
        const field = req.query.get('orderby');
        if (!at(req, 'GET', LIST) || !field || answer.status !== 200) return;
        const all = (await wholeList(upstream, req.query)).sort((a, b) =>
          collator.compare(String(a[field]), String(b[field])),
        );
        const page = Number(req.query.get('page') ?? 0);
        const size = Math.min(Number(req.query.get('pageSize') ?? 10), 100);
        answer.body.data = all.slice(page * size, page * size + size);
        answer.body.pagination = {
          page,
          pageSize: size,
          totalCount: all.length,
          nextPage: (page + 1) * size < all.length,
        };
      },
    }),
  },
  'search index a moment behind': {
    difference: 'a new company is found by search 400 ms after its creation, not at once',
    rules: [
      'companies.created-is-listed',
      'companies.search-exactly-matching',
      'companies.drive-provider-not-supported',
      'search.finds-created-company',
      'search.exactly-matching',
      'sequences.invariants-hold',
    ],
    make: () => {
      const createdAt = new Map<string, number>();
      const fresh = (id: string) => Date.now() - (createdAt.get(id) ?? 0) < 400;
      return {
        response: (req, answer) => {
          if (at(req, 'POST', '/integration/project') && answer.status === 200)
            createdAt.set(answer.body.data.project.id, Date.now());
          if (at(req, 'GET', SEARCH) && answer.status === 200)
            answer.body.data.data = answer.body.data.data.filter((e: { id: string }) => !fresh(e.id));
          if (at(req, 'GET', LIST) && req.query.get('search') && answer.status === 200) {
            const kept = answer.body.data.filter((p: { id: string }) => !fresh(p.id));
            answer.body.pagination.totalCount -= answer.body.data.length - kept.length;
            answer.body.data = kept;
          }
        },
      };
    },
  },
  'rate limited': {
    difference:
      'the 3rd call and every 150th after it is answered 429 with Retry-After: 1 ("Request rate limits: not shown")',
    rules: ['companies.pages-partition', 'companies.orderby-across-pages', 'auth.missing-credentials-401'],
    make: () => {
      let calls = 0;
      return {
        request: (): ProxiedAnswer | undefined => {
          calls += 1;
          if (calls % 150 !== 3) return undefined;
          return {
            status: 429,
            contentType: 'application/json',
            headers: { 'retry-after': '1' },
            body: { code: '4290', title: 'Too Many Requests', description: 'slow down', data: null },
          };
        },
      };
    },
  },
  'open fields carry more': {
    difference: 'parts whose inner fields the specification leaves open carry more properties than the mock',
    rules: [
      'fullreport.section-aliases',
      'fullreport.all-parts-by-default',
      'fullreport.several-sections',
      'search.finds-known-company',
      'search.exactly-matching',
      'companies.lookup-by-id',
      'contract.responses-conform',
    ],
    make: () => ({
      response: (req, answer) => {
        if (answer.status !== 200 || !isObject(answer.body)) return;
        const data = answer.body.data;
        if (at(req, 'GET', FULL_REPORT) && isObject(data)) {
          if (isObject(data.projectvotesummary)) data.projectvotesummary.teamVotes = [{ user: 'a', vote: 'yes' }];
          if (Array.isArray(data.investments))
            data.investments.push({ round: 'seed', amount: 250000, currency: 'EUR', investedAt: '2024-03-01' });
          if (isObject(data.eventsConfigsRelevantCompanyEvent)) data.eventsConfigsRelevantCompanyEvent.extra = { a: 1 };
          if (isObject(data.reportingCycle)) data.reportingCycle.dueInDays = 12;
          if (isObject(data.totalInvestment)) data.totalInvestment.asOf = '2025-12-31';
        }
        if (at(req, 'GET', SEARCH) && isObject(data))
          for (const e of data.data) Object.assign(e, { companyName: 'found', score: 0.9 });
        if (at(req, 'GET', LIST) && Array.isArray(data)) for (const p of data) p.tags = ['portfolio'];
      },
    }),
  },
  'status moved on creation': {
    difference:
      'a new company is moved to another status at once, and changedStatus says so (the moves between statuses are not shown)',
    // The oracle once required the model to have sent each changedStatus delivered (b186c62 stopped it).
    rules: ['oracle.matches-model'],
    make: () => ({
      async response(req, answer, upstream) {
        if (at(req, 'POST', '/integration/project') && answer.status === 200)
          await upstream(`/__mock/projects/${answer.body.data.project.id}/status`, { code: 'screening' });
      },
    }),
  },
  'sent twice, recorded once': {
    difference:
      'each delivery reaches the receiver twice (at least once, the retry policy is not shown) and the history records it once',
    rules: ['oracle.matches-model', 'webhooks.history-ten-most-recent'],
    make: () => ({ deliveryCopies: 2 }),
  },
  'a failed attempt recorded': {
    difference:
      'before each delivery that reached the receiver, the history records an earlier attempt as Error Request (a timeout): one entry per attempt',
    rules: ['oracle.matches-model', 'webhooks.history-ten-most-recent'],
    make: () => ({
      response: (req, answer) => {
        if (!at(req, 'GET', HISTORY) || answer.status !== 200) return;
        const attempts = (answer.body.data as Delivery[]).flatMap((d) => [
          d,
          {
            event: d.event,
            status: 'Error Request',
            statusDescription: 'timeout',
            createdAt: new Date(Date.parse(d.createdAt) - 1).toISOString(),
          },
        ]);
        answer.body.data = attempts.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, 10);
      },
    }),
  },
  'identifiers of another form': {
    difference:
      "fund company ids and the webhook configuration's id are not the mock's (`co_…`, a number as string): the specification types them as strings",
    rules: ['webhooks.save-read-back', 'funds.run-in-own-fund-runs', 'contract.responses-conform'],
    make: () => ({
      response: (req, answer) => {
        if (answer.status !== 200 || !isObject(answer.body?.data)) return;
        const data = answer.body.data;
        if (at(req, 'GET', '/integrationfund/fund') && Array.isArray(data.companies))
          data.companies.forEach((c: { id: string }, i: number) => (c.id = `co_${i + 1}`));
        if (req.path === '/api/integration/webhook' && typeof data.id === 'string') data.id = '4711';
      },
    }),
  },
};
