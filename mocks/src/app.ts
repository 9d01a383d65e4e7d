// Assembles the mock: the service's operations under /api from generated/openapi.json, the control
// API under /__mock from control-api.openapi.yaml, both through the same contract router, and
// optionally the documentation site under /docs/.
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { controlRoutes } from './handlers/control-parts.ts';
import { controlHandlers } from './handlers/control.ts';
import { exportStream } from './persistence/export-file.ts';
import { diskSpools } from './persistence/import-spools.ts';
import { MAX_FILE_BYTES } from './handlers/fund-upload.ts';
import { serviceAuthenticate, serviceRoutes } from './handlers/service-routes.ts';
import { AllowedMethods } from './http/allowed-methods.ts';
import { answerClientError, requestTimeoutMs } from './http/client-errors.ts';
import { registerContractRoutes } from './http/contract-router.ts';
import type { CorsSetting } from './http/cors-setting.ts';
import { installCors } from './http/cors.ts';
import { answerFrameworkError, installErrorHandlers } from './http/error-handler.ts';
import { errorEnvelope } from './http/envelope.ts';
import { MockHttpError } from './http/errors.ts';
import { mockRequestOf } from './http/fastify-request.ts';
import { GAP_HEADER } from './http/gap-header.ts';
import { ResponseCache } from './http/response-cache.ts';
import { keepReadsIn, serverAnsweringFrom } from './http/response-cache-hooks.ts';
import { controlContract, serviceContract } from './contract-documents.ts';
import type { MockRuntime } from './runtime.ts';
import { storeUnavailable } from './sessions/cluster-sessions.ts';
import type { GapProfile } from './gap-profile-file.ts';
import { installGapProfile } from './gap-profile.ts';
import { forward } from './sessions/forward.ts';
import { journalCall } from './sessions/journal-call.ts';
import { namedSession, SESSION_HEADER } from './sessions/session-header.ts';

export const API_PREFIX = '/api';

export interface MockAppOptions {
  runtime: MockRuntime;
  logger?: boolean;
  /** Serve this directory at /docs/ (and redirect / there). */
  docsDir?: string;
  /**
   * Answer repeated reads from the bytes already sent until the state changes (default true).
   * Off with the request log, which would not see those answers.
   */
  responseCache?: boolean;
  /** Which page origins may call the mock from a browser (default: loopback origins). */
  cors?: CorsSetting;
  /** Answer like a deployment where the specification is silent (gap-profile.ts); turns the response cache off. */
  gapProfile?: GapProfile;
}

/**
 * With the PostgreSQL store, before anything else: a request for a session another node owns is
 * forwarded there as it came (body unread), and the owner's answer sent back as it left.
 */
export const NODE_HEADER = 'x-mock-node';

function placeSessions(app: FastifyInstance, runtime: MockRuntime): void {
  const cluster = runtime.cluster!;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url;
    if (!path.startsWith(`${API_PREFIX}/`) && path !== '/__mock' && !path.startsWith('/__mock/')) return;
    // Keyed by the request's MockRequest, so the handlers' sessionFor() finds the session placed here.
    const placed = await runtime.place(mockRequestOf(request), path);
    if (!placed) return;
    if (!('forward' in placed)) {
      // Which node answered: for people reading a load balancer's traffic, and for the cluster tests.
      reply.header(NODE_HEADER, cluster.store.nodeId);
      return;
    }
    reply.hijack();
    try {
      await forward(placed.forward, request.raw, reply.raw, cluster.store.nodeId);
    } catch (error) {
      cluster.forgetOwner(request.headers['x-mock-session']?.toString() || 'default');
      const failure = storeUnavailable(
        `The node owning this session cannot be reached (${(error as Error).message}); another node takes it over once its lease runs out: retry`,
      );
      const raw = reply.raw;
      raw.writeHead(failure.status, {
        'content-type': 'application/json; charset=utf-8',
        [GAP_HEADER]: failure.gap!,
        ...failure.headers,
      });
      raw.end(JSON.stringify(errorEnvelope(failure.code, failure.title, failure.description)));
    }
  });
}

/**
 * The routes declare no Fastify schemas (http/request-validator.ts judges requests against the
 * contract), so Fastify's own compilers are never needed; left to itself it loads
 * @fastify/ajv-compiler and fast-json-stringify at every start (about a tenth of the start-up).
 */
const noFastifySchemas = () => () => {
  throw new Error(
    'The mock declares no Fastify schemas: requests are validated against the contract by RequestValidator',
  );
};

export async function buildMockApp({
  runtime,
  logger = false,
  docsDir,
  gapProfile,
  // Answers from the cache skip the hooks that apply a gap profile (its rate limit counts every call).
  responseCache = !logger && !gapProfile,
  cors = 'loopback',
}: MockAppOptions): Promise<FastifyInstance> {
  const requestTimeout = requestTimeoutMs();
  const cache = responseCache
    ? new ResponseCache(() => runtime, {
        sessionOf: (request) => runtime.cacheSessionOf(request.url, request.headers),
        served: (request) => {
          runtime.noteUse(request.headers);
          // A read answered from the cache is a call the page made all the same.
          journalCall(
            runtime,
            { method: request.method ?? 'GET', headers: request.headers, body: undefined },
            request.url ?? '/',
            200,
          );
        },
      })
    : undefined;
  const app = Fastify({
    ...(cache ? { serverFactory: serverAnsweringFrom(cache) } : {}),
    logger,
    // HEAD on every GET route: the same checks and headers, no body.
    exposeHeadRoutes: true,
    forceCloseConnections: true,
    requestTimeout,
    // Node checks the timeouts every connectionsCheckingInterval (30 s by default).
    http: { headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1_000, requestTimeout / 2) },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    schemaController: { compilersFactory: { buildValidator: noFastifySchemas, buildSerializer: noFastifySchemas } },
  });
  // Streamed by the upload handlers; the size limit is checked per file, a failed file is not thrown here.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_FILE_BYTES, files: 1000, fields: 20, parts: 1020 },
  });
  // First: a preflight is answered before any route or error handler sees it.
  installCors(app, cors);
  // Each answer in a named session repeats its X-Mock-Session: a tool tells the mock from a deployment
  // (which ignores the header) by it, and drops the private session it used when done.
  app.addHook('onRequest', async (request, reply) => {
    const session = namedSession(request.headers);
    if (session !== undefined) reply.header(SESSION_HEADER, session);
  });
  const allowedMethods = new AllowedMethods();
  installErrorHandlers(app, { companyListPath: `${API_PREFIX}/integration/projects`, allowedMethods });
  // For a load balancer: alive while the process serves; ready while not draining and the store answers.
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await runtime.ready();
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : runtime.draining ? 'draining' : 'store unavailable' });
  });
  if (runtime.cluster) placeSessions(app, runtime);
  else if (runtime.persistent)
    // With a state file, the session a request names is read from it first if it was not yet.
    app.addHook('onRequest', async (request) => {
      const path = request.url;
      if (path.startsWith(`${API_PREFIX}/`) || path === '/__mock' || path.startsWith('/__mock/'))
        await runtime.place(mockRequestOf(request), path);
    });
  if (gapProfile) installGapProfile(app, gapProfile, runtime, API_PREFIX);
  // The request journal of the caller's session (GET /__mock/requests): every answered service call.
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`))
      journalCall(runtime, mockRequestOf(request), request.url, reply.statusCode);
  });
  // With a state file, an answer leaves only once the changes of its request are durable.
  // A change that could not be kept is answered as a failure in the envelope, never as a success.
  if (runtime.persistent)
    app.addHook('onSend', async (request, reply, payload) => {
      try {
        await runtime.durable(mockRequestOf(request), request.method !== 'GET');
        return payload;
      } catch (error) {
        // A streamed answer (an export's file) is replaced, so it is closed here: nothing else reads it.
        if (payload instanceof Readable) payload.destroy();
        const failure =
          error instanceof MockHttpError ? error : storeUnavailable(`The change could not be stored: ${String(error)}`);
        reply.code(failure.status).header('content-type', 'application/json; charset=utf-8');
        if (failure.gap) reply.header(GAP_HEADER, failure.gap);
        for (const [name, value] of Object.entries(failure.headers)) reply.header(name, value);
        return JSON.stringify(errorEnvelope(failure.code, failure.title, failure.description));
      }
    });

  // After the durability hook: an answer is kept only once its request's changes are stored (a read
  // that starts a session writes it), and one whose write failed is not kept at all.
  if (cache) keepReadsIn(app, cache, API_PREFIX);

  const contract = serviceContract();
  await app.register(
    async (scope) => {
      registerContractRoutes(scope, {
        operations: contract.operations,
        validator: contract.validator,
        handlers: serviceRoutes(runtime),
        authenticate: serviceAuthenticate(runtime),
        allowedMethods,
      });
    },
    { prefix: API_PREFIX },
  );

  const control = controlContract();
  const ownControl = controlHandlers(runtime, control.doc, { exportStream, importSpools: diskSpools });
  registerContractRoutes(app, {
    operations: control.operations,
    validator: control.validator,
    // With the PostgreSQL store, each first fetches what it reads of its session's stored image
    // (control-parts.ts; service calls in their routes, the company list for its page only).
    handlers: runtime.cluster ? controlRoutes(runtime, control.operations, ownControl) : ownControl,
    authenticate: () => undefined,
    allowedMethods,
  });
  // People type the index with a trailing slash too.
  app.get('/__mock/', (_request, reply) => reply.redirect('/__mock', 308));

  if (docsDir) {
    // Loaded only when the site is served: it is not needed by tests and costs start-up time.
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, { root: docsDir, prefix: '/docs/', redirect: true });
    app.get('/', (_request, reply) => reply.redirect('/docs/'));
  }
  return app;
}
