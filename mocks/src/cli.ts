// The command line of the stateful mock: `portfolio-mock` (the package's bin) and `npm start`.
// Starts the mock, prints where everything is, and stops cleanly on SIGINT/SIGTERM. Every mistake
// is one line on stderr and exit code 2; a port in use is exit code 3.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type CorsSetting, parseCorsSetting } from './http/cors-setting.ts';
import { StateFileError } from './persistence/append-log.ts';
import { SchemaTooNewError, StoreUnavailableError } from './persistence/postgres/cluster-store.ts';
import { seedProblems } from './seed-problems.ts';
import { type GapProfile, readGapProfile } from './gap-profile-file.ts';
import { startMockServer, type MockSeed } from './server.ts';

export const MOCK_USAGE = `Usage: portfolio-mock [options]
       portfolio-mock trigger <event> [--project <id>]   (send one webhook event now; trigger --help)

  --port <n>             port to listen on (default 4010; 0 picks a free one)
  --host <host>          interface to bind (default 127.0.0.1)
  --seed <file.json>     start from this MockSeed (the control API's schema; see the docs)
  --api-key <key>        API key of the default user (default mock-api-key)
  --access-token <t>     session token of the default user (default mock-access-token)
  --state-file <path>    keep every session in this file (uploads beside it): survives restarts and crashes
  --store <url>          postgres://user:pw@host:5432/db: sessions in PostgreSQL, shared by every node
                         started with it: any node answers any request (the docs site's page "The team
                         mock on several nodes")
  --node-id <id>         with --store: this node's name in the cluster (default random)
  --advertise-url <url>  with --store: where the other nodes reach this one (default http://<host>:<port>)
  --lease-ms <n>         with --store: how long a node owns its sessions without renewing (default 5000)
  --compact-rows <n>     with --store: a session's rows written since its image past which (and past an eighth
                         of its image) it is written again as an image (default 10000)
  --session-idle-ms <n>  drop a named session (X-Mock-Session) after this long without a request (default 30 min)
  --max-sessions <n>     named sessions held at once (default 1000)
  --processing-ms <n>    how long an analysis or a fund run takes (default 3000, or the seed's processingMs);
                         a CI run of the conformance suite against the mock waits less with 200
  --cors <origins>       page origins that may call the mock from a browser: loopback (default: localhost,
                         127.x.x.x, [::1] on any port), *, off, or a comma-separated list (MOCK_CORS)
  --gap-profile <file>   answer like your deployment where the specification is silent: the parity.json
                         of \`portfolio-conformance parity --report <dir>\` (error statuses and codes, the
                         lookup's shape, extra fields of search entries and full report parts, a rate
                         limit; X-Mock-Gap names the profile)
  --no-docs              do not serve the documentation site
  --log                  log every request
  --help                 this text

Defaults from the environment (a flag wins): PORT, MOCK_API_KEY, MOCK_ACCESS_TOKEN, MOCK_STATE_FILE,
MOCK_STORE, MOCK_NODE_ID, MOCK_ADVERTISE_URL, MOCK_LEASE_MS, MOCK_COMPACT_ROWS, MOCK_SESSION_IDLE_MS,
MOCK_MAX_SESSIONS, MOCK_PROCESSING_MS, MOCK_CORS, MOCK_NO_DOCS=1, MOCK_LOG=1.

Stops on SIGINT or SIGTERM (requests under way finish, sessions are handed over), and when the npx that
started it is killed. Exit codes: 0 stopped cleanly, 2 bad option, unusable seed file or gap profile, damaged
state file or one another mock has open, 3 the port is in use or cannot be bound, 4 the --store database cannot be used, 5 the --store
database was migrated by a newer release of the mock.
A --host other than a loopback address is warned about: the control API has no credentials.`;

export interface MockCliContext {
  /** The documentation site's folder, or undefined when there is none to serve. */
  docsDir(): Promise<string | undefined>;
  /** Defaults the flags override, as given (npm start takes them from the environment); `env` names each one's variable for errors. */
  defaults?: {
    port?: string;
    apiKey?: string;
    accessToken?: string;
    stateFile?: string;
    store?: string;
    nodeId?: string;
    advertiseUrl?: string;
    leaseMs?: string;
    compactRows?: string;
    sessionIdleMs?: string;
    maxSessions?: string;
    processingMs?: string;
    cors?: string;
    docs?: boolean;
    log?: boolean;
  };
}

/** The environment variable of each option's default (besides MOCK_NO_DOCS=1 and MOCK_LOG=1). */
export const ENVIRONMENT_VARIABLES = {
  port: 'PORT',
  apiKey: 'MOCK_API_KEY',
  accessToken: 'MOCK_ACCESS_TOKEN',
  stateFile: 'MOCK_STATE_FILE',
  store: 'MOCK_STORE',
  nodeId: 'MOCK_NODE_ID',
  advertiseUrl: 'MOCK_ADVERTISE_URL',
  leaseMs: 'MOCK_LEASE_MS',
  compactRows: 'MOCK_COMPACT_ROWS',
  sessionIdleMs: 'MOCK_SESSION_IDLE_MS',
  maxSessions: 'MOCK_MAX_SESSIONS',
  processingMs: 'MOCK_PROCESSING_MS',
  cors: 'MOCK_CORS',
} as const;

/**
 * The flags' defaults from the environment, the same for the package's bin and `npm start`: PORT,
 * MOCK_API_KEY, MOCK_ACCESS_TOKEN, MOCK_STATE_FILE, MOCK_STORE, MOCK_NODE_ID, MOCK_ADVERTISE_URL,
 * MOCK_LEASE_MS, MOCK_COMPACT_ROWS, MOCK_SESSION_IDLE_MS, MOCK_MAX_SESSIONS, MOCK_PROCESSING_MS, MOCK_CORS, MOCK_NO_DOCS=1,
 * MOCK_LOG=1.
 *
 * @example
 * await main(process.argv.slice(2), { docsDir, defaults: defaultsFromEnvironment(process.env) });
 */
export function defaultsFromEnvironment(env: NodeJS.ProcessEnv): NonNullable<MockCliContext['defaults']> {
  const given = Object.entries(ENVIRONMENT_VARIABLES).flatMap(([option, name]) =>
    env[name] ? [[option, env[name]]] : [],
  );
  return { ...Object.fromEntries(given), docs: env.MOCK_NO_DOCS !== '1', log: env.MOCK_LOG === '1' };
}

class UsageError extends Error {}

interface MockCliOptions {
  port: number;
  host: string;
  seedFile: string | undefined;
  gapProfileFile: string | undefined;
  apiKey: string | undefined;
  accessToken: string | undefined;
  stateFile: string | undefined;
  store: string | undefined;
  nodeId: string | undefined;
  advertiseUrl: string | undefined;
  leaseMs: number | undefined;
  compactRows: number | undefined;
  sessionIdleMs: number | undefined;
  maxSessions: number | undefined;
  processingMs: number | undefined;
  cors: CorsSetting;
  docs: boolean;
  log: boolean;
}

const VALUED = new Set([
  '--port',
  '--host',
  '--seed',
  '--gap-profile',
  '--api-key',
  '--access-token',
  '--state-file',
  '--lease-ms',
  '--compact-rows',
  '--session-idle-ms',
  '--max-sessions',
  '--processing-ms',
  '--cors',
]);

/** `--port -1` as `--port=-1`: parseArgs takes the -1 for an option, our checks then say what is wrong with it. */
function joinNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (VALUED.has(arg) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

function parse(argv: string[], defaults: NonNullable<MockCliContext['defaults']>): MockCliOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv),
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        'gap-profile': { type: 'string' },
        'api-key': { type: 'string' },
        'access-token': { type: 'string' },
        'state-file': { type: 'string' },
        store: { type: 'string' },
        'node-id': { type: 'string' },
        'advertise-url': { type: 'string' },
        'lease-ms': { type: 'string' },
        'compact-rows': { type: 'string' },
        'session-idle-ms': { type: 'string' },
        'max-sessions': { type: 'string' },
        'processing-ms': { type: 'string' },
        cors: { type: 'string' },
        'no-docs': { type: 'boolean', default: false },
        log: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    // parseArgs explains at length how to pass a positional that starts with '-'; the first sentence is the error.
    throw new UsageError((error as Error).message.split(/\.\s/)[0]!.replace(/\.$/, ''));
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const rawPort = values.port ?? defaults.port;
  const port = rawPort === undefined ? 4010 : Number(rawPort);
  if (rawPort !== undefined && (!/^\d+$/.test(rawPort) || port > 65_535)) {
    throw new UsageError(
      `${values.port === undefined ? 'PORT' : '--port'} must be a whole number from 0 to 65535, got "${rawPort}"`,
    );
  }
  for (const name of [
    'host',
    'seed',
    'gap-profile',
    'api-key',
    'access-token',
    'state-file',
    'store',
    'node-id',
  ] as const) {
    if (values[name] !== undefined && values[name].trim() === '') throw new UsageError(`--${name} must not be empty`);
  }
  const store = values.store ?? defaults.store;
  if (store !== undefined && !/^postgres(ql)?:\/\//.test(store))
    throw new UsageError(
      `${values.store === undefined ? 'MOCK_STORE' : '--store'} must be a postgres:// URL, got "${store.replace(/:[^:@/]*@/, ':***@')}"`,
    );
  const stateFile = values['state-file'] ?? defaults.stateFile;
  if (store !== undefined && stateFile !== undefined)
    throw new UsageError('--store and --state-file keep the sessions in two places: give one of them');
  return {
    port,
    host: values.host ?? '127.0.0.1',
    seedFile: values.seed,
    gapProfileFile: values['gap-profile'],
    apiKey: values['api-key'] ?? defaults.apiKey,
    accessToken: values['access-token'] ?? defaults.accessToken,
    stateFile,
    store,
    nodeId: values['node-id'] ?? defaults.nodeId,
    advertiseUrl: values['advertise-url'] ?? defaults.advertiseUrl,
    leaseMs: positiveInteger(
      values['lease-ms'] === undefined ? 'MOCK_LEASE_MS' : '--lease-ms',
      values['lease-ms'] ?? defaults.leaseMs,
    ),
    compactRows: positiveInteger(
      values['compact-rows'] === undefined ? 'MOCK_COMPACT_ROWS' : '--compact-rows',
      values['compact-rows'] ?? defaults.compactRows,
    ),
    sessionIdleMs: positiveInteger(
      values['session-idle-ms'] === undefined ? 'MOCK_SESSION_IDLE_MS' : '--session-idle-ms',
      values['session-idle-ms'] ?? defaults.sessionIdleMs,
    ),
    maxSessions: positiveInteger(
      values['max-sessions'] === undefined ? 'MOCK_MAX_SESSIONS' : '--max-sessions',
      values['max-sessions'] ?? defaults.maxSessions,
    ),
    processingMs: positiveInteger(
      values['processing-ms'] === undefined ? 'MOCK_PROCESSING_MS' : '--processing-ms',
      values['processing-ms'] ?? defaults.processingMs,
    ),
    cors: corsFrom(values.cors === undefined ? 'MOCK_CORS' : '--cors', values.cors ?? defaults.cors),
    docs: !values['no-docs'] && defaults.docs !== false,
    log: values.log || defaults.log === true,
  };
}

function corsFrom(name: string, raw: string | undefined): CorsSetting {
  if (raw === undefined) return 'loopback';
  try {
    return parseCorsSetting(raw);
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
}

/** `name` is the flag or, for a default from the environment, the variable that gave the value. */
function positiveInteger(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`${name} must be a positive whole number, got "${raw}"`);
  return Number(raw);
}

async function readSeed(file: string): Promise<MockSeed> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read the seed file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  try {
    // Editors on Windows save JSON with a byte-order mark, which JSON.parse refuses.
    const seed: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    if (typeof seed !== 'object' || seed === null || Array.isArray(seed))
      throw new Error('a MockSeed is a JSON object');
    // Judged by the same schema and messages as POST /__mock/reset.
    const problems = seedProblems(seed);
    if (problems.length > 0) throw new Error(problems.join('; '));
    return seed as MockSeed;
  } catch (error) {
    throw new UsageError(`the seed file ${file} is not a MockSeed: ${(error as Error).message}`);
  }
}

function listenError(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `port ${port} on ${host} is already in use (try --port 0 for a free one)`;
  if (code === 'EACCES') return `not allowed to listen on ${host}:${port}`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot listen on host ${host}: no such local address`;
  return `cannot listen on ${host}:${port}: ${(error as Error).message}`;
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Runs the mock until SIGINT/SIGTERM; resolves with the exit code. */
export async function main(argv: string[], context: MockCliContext): Promise<number> {
  if (argv[0] === 'trigger') return (await import('./trigger-cli.ts')).main(argv.slice(1));
  let options: MockCliOptions | 'help';
  let seed: MockSeed | undefined;
  let gapProfile: GapProfile | undefined;
  try {
    options = parse(argv, context.defaults ?? {});
    if (options !== 'help' && options.seedFile) seed = await readSeed(options.seedFile);
    // The flag wins over the seed file's processingMs, as a flag wins over the environment.
    if (options !== 'help' && options.processingMs !== undefined)
      seed = { ...seed, processingMs: options.processingMs };
    if (options !== 'help' && options.gapProfileFile)
      gapProfile = await readGapProfile(options.gapProfileFile).catch((error: Error) => {
        throw new UsageError(error.message);
      });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`portfolio-mock: ${error.message} (see --help)`);
    return 2;
  }
  if (options === 'help') {
    console.log(MOCK_USAGE);
    return 0;
  }
  // The seed's default user reads its credentials here, also after a reset through the control API.
  if (options.apiKey) process.env.MOCK_API_KEY = options.apiKey;
  if (options.accessToken) process.env.MOCK_ACCESS_TOKEN = options.accessToken;

  const docsDir = options.docs ? await context.docsDir() : undefined;
  let mock: Awaited<ReturnType<typeof startMockServer>>;
  try {
    mock = await startMockServer({
      port: options.port,
      host: options.host,
      seed,
      stateFile: options.stateFile,
      store: options.store,
      nodeId: options.nodeId,
      advertiseUrl: options.advertiseUrl,
      leaseMs: options.leaseMs,
      compactRows: options.compactRows,
      sessionIdleMs: options.sessionIdleMs,
      maxSessions: options.maxSessions,
      docsDir,
      logger: options.log,
      cors: options.cors,
      gapProfile,
    });
  } catch (error) {
    if (error instanceof StateFileError) {
      console.error(`portfolio-mock: ${error.message}`);
      return 2;
    }
    if (error instanceof StoreUnavailableError) {
      console.error(`portfolio-mock: ${error.message}`);
      return 4;
    }
    if (error instanceof SchemaTooNewError) {
      console.error(`portfolio-mock: ${error.message}`);
      return 5;
    }
    if (options.seedFile && !(error as NodeJS.ErrnoException).code) {
      console.error(`portfolio-mock: the seed file ${options.seedFile} is not a MockSeed: ${(error as Error).message}`);
      return 2;
    }
    console.error(`portfolio-mock: ${listenError(error, options.host, options.port)}`);
    return 3;
  }

  // Handlers first: whoever reads the start-up text may signal at once.
  const stopped = new Promise<number>((resolve) => {
    // `on`, not `once`: a signal sent to the process group can arrive twice (directly and relayed
    // by a wrapper such as npm or tsx), and a second default SIGTERM would end the process before
    // close() removes the mock's files.
    let closing: Promise<void> | undefined;
    const stop = () => {
      closing ??= mock.close().then(
        () => resolve(0),
        (error: unknown) => {
          console.error(`portfolio-mock: stopping failed: ${(error as Error).message}`);
          resolve(1);
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

  const user = await mock.defaultUser();
  console.log(`Stateful mock: ${mock.baseUrl}`);
  if (docsDir) console.log(`Documentation: ${mock.origin}/docs/`);
  if (user) console.log(`API key: ${user.apiKey}  access token: ${user.accessToken}`);
  console.log(
    `Control API: ${mock.origin}/__mock (lists its calls; no credentials; header X-Mock-Session: <id> selects an isolated session)`,
  );
  if (options.store) console.log(`Store: PostgreSQL (sessions shared with every node on the same database)`);
  if (gapProfile)
    console.log(
      `Gap profile: ${options.gapProfileFile} (answers like ${gapProfile.source} in ${Object.keys(gapProfile.answers).length} open behaviours)`,
    );
  if (options.stateFile) console.log(`State file: ${options.stateFile} (uploads in ${options.stateFile}.uploads/)`);
  if (!isLoopbackHost(options.host))
    console.error(
      `portfolio-mock: warning: listening on ${options.host}, not a loopback address: anyone who can reach this machine can call the control API (/__mock, no credentials: reset, faults, provider states) and use the mock's fixed credentials`,
    );
  return stopped;
}
