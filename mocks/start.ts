// `npm start`: the stateful mock on 127.0.0.1:$PORT (default 4010) with the documentation site at
// /docs/, rebuilt first when it is missing or stale (scripts/docs.ts decides).
import { fileURLToPath } from 'node:url';
import { ensureDocs } from '../scripts/docs.ts';
import { defaultCredentials } from './domain/default-seed.ts';
import { mockOptionsFromEnv } from './options-from-env.ts';
import { StateFileError } from './persistence/append-log.ts';
import { startMock } from './server.ts';

const docsDir = fileURLToPath(new URL('../dist/docs', import.meta.url));

/** Builds the site when it is missing or stale; a failed build is reported and the mock runs without it. */
async function prepareDocs(): Promise<string | undefined> {
  try {
    await ensureDocs(docsDir);
    return docsDir;
  } catch (error) {
    console.warn(`Building the documentation site failed, starting without it: ${String(error)}`);
    return undefined;
  }
}

const port = Number(process.env.PORT ?? 4010);
// MOCK_NO_DOCS=1 skips the site (and its build): for quick starts in tests and benchmarks.
const docs = process.env.MOCK_NO_DOCS === '1' ? undefined : await prepareDocs();
let envOptions: ReturnType<typeof mockOptionsFromEnv>;
try {
  envOptions = mockOptionsFromEnv();
} catch (error) {
  // One line and exit code 2 for an unusable setting (mocks/README.md).
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
let mock: Awaited<ReturnType<typeof startMock>>;
try {
  mock = await startMock({ port, docsDir: docs, logger: process.env.MOCK_LOG === '1', ...envOptions });
} catch (error) {
  if (!(error instanceof StateFileError)) throw error;
  console.error(`MOCK_STATE_FILE: ${error.message}`);
  process.exit(2);
}
const { apiKey, accessToken } = defaultCredentials();
console.log(
  [
    `Stateful mock: ${mock.baseUrl}`,
    ...(docs ? [`Documentation: ${mock.origin}/docs/`] : []),
    `API key: ${apiKey}  access token: ${accessToken}  (second user: ${apiKey}-2 / ${accessToken}-2)`,
    `Control API: ${mock.origin}/__mock (lists its calls; header X-Mock-Session: <id> selects an isolated session)`,
    ...(envOptions.stateFile ? [`State file: ${envOptions.stateFile} (uploads in ${envOptions.stateFile}.uploads/)`] : []),
  ].join('\n'),
);

// `on`, not `once`: a signal sent to the process group reaches this process twice (directly and
// relayed by tsx), and a second default SIGTERM would end it before close() removes its files.
let closing: Promise<void> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    closing ??= mock.close().then(() => process.exit(0));
  });
}
