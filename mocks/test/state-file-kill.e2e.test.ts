// Crashes: the mock is killed with SIGKILL at seeded random moments (15 in `npm test`; the soak,
// `npm run soak:state-file`, kills it 200 times) while two clients (two sessions) stream writes at it
// (after 1 to 3 acknowledged writes of the round, then 0 to 30 ms), and restarted on the same state
// file each time. Every write it
// acknowledged is there, the credits match the charges of the records present exactly, the file
// always reads back (nothing torn), and the processing left pending completes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildMockBundle, type MockBundle } from '../../contract-tests/support/mock-bundle.ts';
import { httpCall } from '../../contract-tests/support/http-call.ts';
import { fundForm, pdf } from './support/files.ts';
import { API_KEY } from '../../contract-tests/support/mock-under-test.ts';
import { seededRandom } from './support/seeded-random.ts';

const KILLS = Number(process.env.STATE_FILE_KILLS ?? 15);
if (!Number.isInteger(KILLS) || KILLS < 1)
  throw new Error(`STATE_FILE_KILLS must be a positive whole number, not ${process.env.STATE_FILE_KILLS}`);
const CREDITS = 100_000;
const RUN_COST = 10;
const SESSIONS = [undefined, 'kill-b'] as const;
let bundle: MockBundle;
let dir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  // Packages inlined: the child starts KILLS + 1 times, and the test is about the state file, not about module loading.
  bundle = await buildMockBundle(new URL('./support/state-file-child.ts', import.meta.url), {
    inlinePackagesExcept: ['@fastify/static'],
  });
  dir = mkdtempSync(join(tmpdir(), 'state-kill-'));
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await bundle?.remove();
  rmSync(dir, { recursive: true, force: true });
});

async function startChild(file: string): Promise<string> {
  child = spawn(process.execPath, [bundle.path], {
    // The compile cache: the 2 MB bundle is parsed and compiled once, not at each start.
    env: {
      ...process.env,
      STATE_FILE: file,
      SEED: JSON.stringify({ credits: CREDITS, processingMs: 2_000 }),
      NODE_COMPILE_CACHE: join(dir, 'compile-cache'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child!.once('exit', (code) => reject(new Error(`the mock exited (${code}) before listening: ${output}`)));
  });
}

async function killChild(): Promise<void> {
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child!.kill('SIGKILL');
  await exited;
}

interface Acked {
  projects: Set<string>;
  runs: Set<string>;
}

/** Acknowledged writes of the current round, and who waits for a number of them. */
const round = { acked: 0, waiting: undefined as undefined | { count: number; resolve: () => void } };
function acknowledged(): void {
  round.acked += 1;
  if (round.waiting && round.acked >= round.waiting.count) round.waiting.resolve();
}
function afterAcks(count: number): Promise<void> {
  if (round.acked >= count) return Promise.resolve();
  return new Promise((resolve) => (round.waiting = { count, resolve }));
}

const headers = (session: string | undefined, json = true) => ({
  authorization: API_KEY,
  ...(json ? { 'content-type': 'application/json' } : {}),
  ...(session ? { 'x-mock-session': session } : {}),
});

/**
 * Writes until the connection fails (the kill): creates, and every fourth write a fund run.
 * Over node:http (httpCall), not fetch: undici's fetch costs several times the CPU per request.
 */
async function streamWrites(
  origin: string,
  session: string | undefined,
  acked: Acked,
  folders: Map<string | undefined, string>,
  at: number,
): Promise<void> {
  try {
    if (!folders.has(session)) {
      const response = await httpCall(`${origin}/api/integrationfund/fund/upload`, {
        method: 'POST',
        headers: headers(session, false),
        body: fundForm([pdf('room.pdf')]),
      });
      if (response.status === 200) folders.set(session, response.json.data.folderPath);
    }
    for (let i = 0; ; i += 1) {
      const folderPath = folders.get(session);
      if (i % 4 === 3 && folderPath) {
        const response = await httpCall(`${origin}/api/integrationfund/fund/run`, {
          method: 'POST',
          headers: headers(session),
          body: JSON.stringify({ name: `Fund ${at}-${i}`, folderPath }),
        });
        expect(response.status).toBe(200);
        acked.runs.add(response.json.data.fundExtractionId);
        acknowledged();
      } else {
        const body = JSON.stringify({
          companyName: `Kill ${at}-${i}`,
          companyWebsite: 'https://kill.example',
          projectType: 'projectAnalysisNoFile',
        });
        const response = await httpCall(`${origin}/api/integration/project`, {
          method: 'POST',
          headers: headers(session),
          body,
        });
        expect(response.status).toBe(200);
        acked.projects.add(response.json.data.project.id);
        acknowledged();
      }
    }
  } catch (error) {
    if ((error as Error).name === 'AssertionError') throw error;
    // The connection died with the mock: the write under way was not acknowledged.
  }
}

async function stateOf(origin: string, session: string | undefined): Promise<any> {
  return (
    await httpCall(`${origin}/__mock/state`, { method: 'GET', headers: session ? { 'x-mock-session': session } : {} })
  ).json.data;
}

it(`keeps every acknowledged write through ${KILLS} kills`, { timeout: 240_000 + KILLS * 3_000 }, async () => {
  const file = join(dir, 'mock.state');
  const next = seededRandom(17);
  const acked = new Map(SESSIONS.map((s) => [s, { projects: new Set<string>(), runs: new Set<string>() }]));
  const folders = new Map<string | undefined, string>();
  for (let at = 0; at < KILLS; at += 1) {
    const origin = await startChild(file);
    round.acked = 0;
    round.waiting = undefined;
    const writers = SESSIONS.map((s) => streamWrites(origin, s, acked.get(s)!, folders, at));
    await afterAcks(1 + Math.floor(next() * 3));
    await new Promise((resolve) => setTimeout(resolve, next() * 30));
    await killChild();
    await Promise.all(writers);
  }

  const origin = await startChild(file);
  // Nothing torn: every line of the file is whole JSON once the mock has read it back.
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean))
    expect(() => JSON.parse(line)).not.toThrow();
  let acknowledged = 0;
  let unacknowledgedPresent = 0;
  for (const session of SESSIONS) {
    const own = acked.get(session)!;
    acknowledged += own.projects.size + own.runs.size;
    await httpCall(`${origin}/__mock/settle`, {
      method: 'POST',
      headers: session ? { 'x-mock-session': session } : {},
    });
    const state = await stateOf(origin, session);
    const projects = state.projects.filter((p: any) => p.companyName.startsWith('Kill '));
    const ids = new Set(projects.map((p: any) => p.id));
    const runIds = new Set(state.fundRuns.map((r: any) => r.fundExtractionId));
    for (const id of own.projects) expect(ids.has(id), `acknowledged project ${id}`).toBe(true);
    for (const id of own.runs) expect(runIds.has(id), `acknowledged run ${id}`).toBe(true);
    // At most the one write under way at each kill may be there without an acknowledgement.
    expect(ids.size + runIds.size - own.projects.size - own.runs.size).toBeLessThanOrEqual(KILLS);
    unacknowledgedPresent += ids.size + runIds.size - own.projects.size - own.runs.size;
    expect(state.credits).toBe(CREDITS - ids.size - RUN_COST * runIds.size);
    expect(state.pendingJobs).toBe(0);
    expect(state.analyses.every((a: any) => a.status === 'completed')).toBe(true);
    expect(state.fundRuns.every((r: any) => r.status === 'completed')).toBe(true);
  }
  expect(acknowledged).toBeGreaterThanOrEqual(KILLS * 2);
  // The numbers of this run, for the record (issue 17 asks for them).
  console.info(
    `${KILLS} kills: ${acknowledged} acknowledged writes all present, ${unacknowledgedPresent} unacknowledged writes present, state file ${readFileSync(file).length} bytes`,
  );
  await killChild();
});
