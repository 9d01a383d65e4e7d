// The MSW handlers of the mock: every operation of the service (under `/api`) and of the control
// API (under `/__mock`) answered by the same domain, checks and envelopes as the HTTP mock, from
// sessions held in memory. Runs wherever MSW runs (msw/node, msw/browser's Service Worker).
import { http, type HttpHandler } from 'msw';
import { parseGapProfile } from '../../../common/src/index.ts';
import { gapChoicesOf } from '../gap-profile-choices.ts';
import { contractDocument } from '../../../openapi/index.ts';
import controlDocument from '../../../generated/control-api.json' with { type: 'json' };
import { advance } from '../control/processing-clock.ts';
import type { MockSeed } from '../domain/seed.ts';
import { controlHandlers } from '../handlers/control.ts';
import { serviceAuthenticate, serviceRoutes } from '../handlers/service-routes.ts';
import { readOperations } from '../http/contract-operations.ts';
import { createFetchHandler, fetchRoutes } from '../http/fetch-handler.ts';
import { AjvValidators } from '../http/ajv-validators.ts';
import { RequestValidator } from '../http/request-validator.ts';
import type { SettleSummary } from '../session.ts';
import { DEFAULT_SESSION } from '../sessions/session-header.ts';
import { MemorySessions } from './memory-sessions.ts';
import { profiledFetch } from './profiled-fetch.ts';
import { journalCall } from '../sessions/journal-call.ts';
import type { JournalEntry, JournalFilter } from '../sessions/request-journal.ts';

export interface CreateHandlersOptions {
  /**
   * Origin the handlers answer, every path of it (`https://api.example.test`); without it they
   * answer `/api/...` and `/__mock...` of any origin.
   */
  origin?: string;
  /** Overrides of the default seed for every session (`startTime` makes ids and times deterministic). */
  seed?: MockSeed;
  /** The session a request without `X-Mock-Session` uses (default `default`). */
  session?: string;
  /**
   * `'manual'`: processing (analyses, fund runs) moves only by `advance(ms)` and `settle()`, never
   * by real time (without `seed.startTime`, records are stamped by that clock too); default
   * `'real'`: it also moves by itself, `seed.processingMs` after the request.
   */
  clock?: 'real' | 'manual';
  /** A named session without a request for this long is dropped (default 30 minutes, as the HTTP mock). */
  sessionIdleMs?: number;
  /** Named sessions held at once; one more answers 503 MOCK_TOO_MANY_SESSIONS (default 1000, as the HTTP mock). */
  maxSessions?: number;
  /**
   * A team's `parity.json` (what `portfolio-conformance parity` writes), as parsed JSON: the service
   * calls answer like that deployment where the specification is silent, as `portfolio-mock
   * --gap-profile` does. A file that is not a usable profile throws one line.
   */
  gapProfile?: object;
}

export interface MockHandlers {
  /** Pass to `setupServer(...handlers)` (msw/node) or `setupWorker(...handlers)` (msw/browser). */
  handlers: HttpHandler[];
  /** Answers a Fetch request as the handlers do, without MSW. */
  fetch(request: Request): Promise<Response>;
  /** Runs a session's pending processing now and waits for its webhook deliveries (as `POST /__mock/settle`). */
  settle(session?: string): Promise<SettleSummary>;
  /** Moves a session's processing clock `ms` ahead, running what falls due by then; answers the jobs run. */
  advance(ms: number, session?: string): number;
  /** Starts a session again from `seed` (default: the handlers' seed), as `POST /__mock/reset`. */
  reset(seed?: MockSeed, session?: string): Promise<void>;
  /** The session's request journal (as `GET /__mock/requests`): the service calls it answered, oldest first. */
  requests(filter?: JournalFilter, session?: string): JournalEntry[];
  /** Stops every session's timers and deliveries (call after the tests). */
  close(): void;
}

const SERVICE_ID = 'https://contract.local/openapi.json';
const CONTROL_ID = 'https://contract.local/control-api.json';

const documents = {
  service: undefined as { operations: ReturnType<typeof readOperations>; validator: RequestValidator } | undefined,
  control: undefined as { operations: ReturnType<typeof readOperations>; validator: RequestValidator } | undefined,
};

/** The two documents' operations and validators, made once however many handler sets are created. */
function contracts() {
  documents.service ??= {
    operations: readOperations(contractDocument as Record<string, unknown>),
    validator: new RequestValidator(contractDocument, SERVICE_ID, new AjvValidators(contractDocument, SERVICE_ID)),
  };
  documents.control ??= {
    operations: readOperations(controlDocument as Record<string, unknown>),
    validator: new RequestValidator(controlDocument, CONTROL_ID, new AjvValidators(controlDocument, CONTROL_ID)),
  };
  return { service: documents.service, control: documents.control };
}

/**
 * MSW handlers backed by the mock's stateful domain.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createHandlers } from '@portfolio-integration/mock/msw';
 *
 * const mock = createHandlers({ seed: { startTime: '2026-01-01T00:00:00Z' } });
 * const server = setupServer(...mock.handlers);
 * server.listen({ onUnhandledFrame: 'error' });
 * // ... the code under test calls https://any.host/api/integration/projects ...
 * await mock.settle(); // analyses and fund runs finish now
 * server.close();
 * mock.close();
 */
export function createHandlers(options: CreateHandlersOptions = {}): MockHandlers {
  const profile = options.gapProfile ? parseGapProfile(options.gapProfile) : undefined;
  const sessions = new MemorySessions(options.seed, {
    gapChoices: profile && gapChoicesOf(profile),
    fallback: options.session,
    manualClock: options.clock === 'manual',
    sessionIdleMs: options.sessionIdleMs,
    maxSessions: options.maxSessions,
  });
  const { service, control } = contracts();
  const handle = createFetchHandler({
    routes: [
      fetchRoutes({
        prefix: '/api',
        ...service,
        handlers: serviceRoutes(sessions),
        authenticate: serviceAuthenticate(sessions),
      }),
      fetchRoutes({
        prefix: '',
        ...control,
        handlers: controlHandlers(sessions, controlDocument as Record<string, unknown>),
        authenticate: () => undefined,
      }),
    ],
    companyListOperation: 'listProjects',
    answered: (request, url, status) => journalCall(sessions, request, url, status),
  });
  const origin = options.origin?.replace(/\/$/, '');
  const answer = profile ? profiledFetch(handle, profile, sessions) : handle;
  const resolver = ({ request }: { request: Request }) => answer(request);
  const sessionOf = (id?: string) => sessions.session(id ?? options.session ?? DEFAULT_SESSION);
  return {
    // An origin of its own is the mock's whole (unknown paths answer 404 as over HTTP); on any origin, its two prefixes.
    handlers: origin
      ? [http.all(`${origin}/*`, resolver)]
      : [http.all('*/api/*', resolver), http.all('*/__mock', resolver), http.all('*/__mock/*', resolver)],
    fetch: answer,
    settle: (id) => sessionOf(id).settle(),
    advance: (ms, id) => advance(sessionOf(id).state.scheduler, ms),
    reset: (seed, id) => sessionOf(id).reset(seed ?? options.seed),
    requests: (filter, id) => sessionOf(id).journal.list(filter),
    close: () => sessions.close(),
  };
}
