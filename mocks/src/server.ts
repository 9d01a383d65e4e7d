// startMock(): the stateful mock of the whole service on a port of the caller's choosing (0 picks
// a free one). Used by `npm start` (start.ts), by the tests and by other suites.
import { API_PREFIX, buildMockApp } from './app.ts';
import { MockRuntime } from './runtime.ts';
import { DEFAULT_SESSION } from './sessions/session-header.ts';
import type { CorsSetting } from './http/cors-setting.ts';
import type { GapProfile } from './gap-profile-file.ts';
import { gapChoicesOf } from './gap-profile-choices.ts';

export type { MockSeed, SeedDriveFolder, SeedPortfolioCompany, SeedProject, SeedUser } from './domain/seed.ts';
import type { MockSeed } from './domain/seed.ts';

export interface StartMockOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number | undefined;
  /** Default 127.0.0.1. */
  host?: string | undefined;
  /** Overrides of the default seed, for the default session and every new session; `startTime` makes ids and times deterministic. */
  seed?: MockSeed | undefined;
  /** A named session (X-Mock-Session) without a request for this long is dropped; default 30 minutes. */
  sessionIdleMs?: number | undefined;
  /** Named sessions held at once; default 1000. */
  maxSessions?: number | undefined;
  /** Keep every session's state in this file (uploaded files in `<stateFile>.uploads/`): it survives restarts and crashes. */
  stateFile?: string | undefined;
  /** With a state file: compact it once past this size and twice its size after the last compaction; default 16 MiB. */
  compactBytes?: number | undefined;
  /**
   * `postgres://user:password@host:port/db`: keep every session in this PostgreSQL database, shared
   * with every other mock node started with it (any node answers any request; see docs/team-mock.md).
   */
  store?: string | undefined;
  /** With `store`: this node's id (default random), lease time in ms (default 5000; failover takes about this long), and the URL other nodes reach it at (default its own origin). */
  nodeId?: string | undefined;
  leaseMs?: number | undefined;
  /** With `store`: a session whose rows (records changed since its last image) pass this many is written as an image again; default 10,000. */
  compactRows?: number | undefined;
  advertiseUrl?: string | undefined;
  /** Serve the documentation site from this directory at /docs/. */
  docsDir?: string | undefined;
  logger?: boolean | undefined;
  /** Repeated reads answered from the bytes already sent until the state changes; default on unless `logger`. */
  responseCache?: boolean | undefined;
  /**
   * Page origins that may call the mock from a browser: `'loopback'` (default: http(s)://localhost,
   * 127.x.x.x, [::1], *.localhost on any port), `'*'`, `'off'`, or a list of exact origins.
   */
  cors?: CorsSetting | undefined;
  /**
   * Answer like a deployment where the specification is silent: the profile a
   * `portfolio-conformance parity` run wrote (`readGapProfile(file)`). Turns the response cache off.
   */
  gapProfile?: GapProfile | undefined;
}

export interface RunningMock {
  /** `http://<host>:<port>` */
  origin: string;
  /** `origin + API_PREFIX` (`/api`): the specification's `{base_url}`. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const { origin, baseUrl, close } = await startMockServer(options);
  return { origin, baseUrl, close };
}

/** startMock() with what the command line reads in-process (never by fetching its own server: fetch refuses ports such as 6000). */
export async function startMockServer(
  options: StartMockOptions = {},
): Promise<RunningMock & { defaultUser(): Promise<{ apiKey: string; accessToken: string } | undefined> }> {
  const runtime = await MockRuntime.create({
    seed: options.seed,
    sessionIdleMs: options.sessionIdleMs,
    maxSessions: options.maxSessions,
    stateFile: options.stateFile,
    compactBytes: options.compactBytes,
    store: options.store,
    nodeId: options.nodeId,
    leaseMs: options.leaseMs,
    compactRows: options.compactRows,
    advertiseUrl: options.advertiseUrl,
    gapChoices: options.gapProfile && gapChoicesOf(options.gapProfile),
  });
  const app = await buildMockApp({
    runtime,
    logger: options.logger,
    docsDir: options.docsDir,
    responseCache: options.responseCache,
    cors: options.cors,
    gapProfile: options.gapProfile,
  });
  const host = options.host ?? '127.0.0.1';
  try {
    await app.listen({ port: options.port ?? 4010, host });
  } catch (error) {
    await runtime.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    await runtime.listening(origin);
  } catch (error) {
    await app.close();
    await runtime.close();
    throw error;
  }
  return {
    origin,
    baseUrl: `${origin}${API_PREFIX}`,
    async defaultUser() {
      // A session the state file cannot give back is reported by the runtime; no credentials to print then.
      await runtime.load(DEFAULT_SESSION).catch(() => {});
      return runtime.sessions.get(DEFAULT_SESSION)?.state.users[0];
    },
    async close() {
      // Drain: readiness answers 503, requests under way finish, then the sessions are handed over.
      runtime.draining = true;
      await app.close();
      await runtime.close();
    },
  };
}
