// `npm start [-- <portfolio-mock options>]`: the stateful mock from the clone, through the same
// command line as the package's `portfolio-mock` bin (mocks/src/cli.ts). Defaults from the environment
// (PORT, MOCK_API_KEY, MOCK_ACCESS_TOKEN, MOCK_NO_DOCS=1, MOCK_LOG=1, MOCK_STATE_FILE, MOCK_STORE,
// MOCK_NODE_ID, MOCK_ADVERTISE_URL, MOCK_LEASE_MS, MOCK_SESSION_IDLE_MS, MOCK_MAX_SESSIONS, MOCK_CORS); the
// documentation site is
// rebuilt first when it is missing or stale (scripts/docs.ts decides).
import { fileURLToPath } from 'node:url';
import { main } from '../mocks/src/cli.ts';

const docsDir = fileURLToPath(new URL('../dist/docs', import.meta.url));

/** Builds the site when it is missing or stale; a failed build is reported and the mock runs without it. */
async function prepareDocs(): Promise<string | undefined> {
  try {
    // Imported here: with MOCK_NO_DOCS=1 the site's build code is never loaded.
    const { ensureDocs } = await import('./docs.ts');
    await ensureDocs(docsDir);
    return docsDir;
  } catch (error) {
    console.warn(`Building the documentation site failed, starting without it: ${String(error)}`);
    return undefined;
  }
}

const env = process.env;
const code = await main(process.argv.slice(2), {
  docsDir: prepareDocs,
  defaults: {
    ...(env.PORT ? { port: env.PORT } : {}),
    ...(env.MOCK_API_KEY ? { apiKey: env.MOCK_API_KEY } : {}),
    ...(env.MOCK_ACCESS_TOKEN ? { accessToken: env.MOCK_ACCESS_TOKEN } : {}),
    ...(env.MOCK_STATE_FILE ? { stateFile: env.MOCK_STATE_FILE } : {}),
    ...(env.MOCK_STORE ? { store: env.MOCK_STORE } : {}),
    ...(env.MOCK_NODE_ID ? { nodeId: env.MOCK_NODE_ID } : {}),
    ...(env.MOCK_ADVERTISE_URL ? { advertiseUrl: env.MOCK_ADVERTISE_URL } : {}),
    ...(env.MOCK_LEASE_MS ? { leaseMs: env.MOCK_LEASE_MS } : {}),
    ...(env.MOCK_SESSION_IDLE_MS ? { sessionIdleMs: env.MOCK_SESSION_IDLE_MS } : {}),
    ...(env.MOCK_MAX_SESSIONS ? { maxSessions: env.MOCK_MAX_SESSIONS } : {}),
    ...(env.MOCK_CORS ? { cors: env.MOCK_CORS } : {}),
    docs: env.MOCK_NO_DOCS !== '1',
    log: env.MOCK_LOG === '1',
  },
});
process.exit(code);
