// The mutation harness's PostgreSQL (vitest.mutation.config.ts names this file as its globalSetup
// when the PostgreSQL leg runs): one server per vitest instance, which Stryker keeps for every
// mutant a worker runs (initdb costs seconds; a database per test costs a fraction of one). The
// leg reads its URL with `inject('mutationPostgres')`. A missing server is an error naming what to
// install (startPostgres), never a skip.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../../mocks/test/support/postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://postgres@127.0.0.1:<port>/postgres`: the harness's server (its maintenance database). */
    mutationPostgres: string;
  }
}

/** The server's data directory, as the server itself reports it. */
async function dataDirectory(url: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await sql<{ data_directory: string }[]>`SHOW data_directory`)[0]!.data_directory;
  } finally {
    await sql.end();
  }
}

/**
 * A shell that stops the server and removes its folder once this process is gone without its
 * teardown: Stryker kills a test runner whose mutant timed out, and the server would outlive it.
 */
function watchdog(data: string): { stop(): void } {
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
pid=$(head -n 1 '${data}/postmaster.pid' 2>/dev/null) && kill -INT "$pid" 2>/dev/null
for i in $(seq 1 50); do [ -e '${data}/postmaster.pid' ] || break; sleep 0.2; done
rm -rf '${dirname(data)}'`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return { stop: () => child.kill('SIGKILL') };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  let guard: { stop(): void } | undefined;
  try {
    guard = watchdog(await dataDirectory(server.url));
  } catch (error) {
    await server.remove();
    throw error;
  }
  project.provide('mutationPostgres', server.url);
  return async () => {
    guard?.stop();
    await server.remove();
  };
}
