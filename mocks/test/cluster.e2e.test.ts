// Three mock nodes on one real PostgreSQL (started by the test; a missing server fails with what to
// install): a session is the same whichever node is asked; a node killed (SIGKILL) during
// concurrent writes loses no acknowledged write, charges nothing twice, and its processing and
// webhook deliveries happen once, on the node that takes its sessions over; nodes racing to start
// the same fund charge it once; a paused node (SIGSTOP) whose lease ran out cannot write when it
// resumes; uploaded files' bytes are on the node that takes a killed node's session over, and in
// its export (read from the database), and an import's bytes go to the database; a row
// held by a long write does not stop a node's other renewals, and a write longer than its lease
// keeps its session from a claim waiting on its row; the database going away answers 503
// in the envelope and the nodes recover when it returns; a database a newer release migrated is
// refused (a starting node exits 5, a running one answers 503 and hands its sessions over); an
// import whose files' move fails at the rename leaves the session, its stored records and files
// as they were, and one whose records cannot be written (the database away) puts the files back;
// a session read back lazily from its image answers like the mock it was exported from, and its
// writes, analysis detail, control calls and resets fetch only what they read; a delivery in flight
// at a crash gets one outcome even when the node that took its session over dies before storing it.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { deflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { MockBundle } from '../../contract-tests/support/mock-bundle.ts';
import { exampleValue } from '../../client/test/support/every-operation.ts';
import { main } from '../src/cli.ts';
import {
  ClusterStore,
  PartPendingError,
  SessionMovedError,
  type ClaimedSession,
} from '../src/persistence/postgres/cluster-store.ts';
import { piecesOf, splitImage, type LazyImage } from '../src/persistence/lazy-image.ts';
import { SCHEMA_VERSION } from '../src/persistence/postgres/migrations.ts';
import { fromColumns, toColumns } from '../src/persistence/record-columns.ts';
import type { Meta, RecordOp } from '../src/persistence/session-records.ts';
import { INTERRUPTED_DELIVERY as INTERRUPTED } from '../src/persistence/delivery-outbox.ts';
import { startMock, type RunningMock } from '../src/server.ts';
import { OWN_PARTS } from '../src/handlers/operation-parts.ts';
import { clusterBundle, startNode, stopNode, type MockNode } from './support/cluster.ts';
import { type ExportDocument, fundForm, PDF, pdf, withFileNamed } from './support/files.ts';
import { startPostgres, type PostgresServer } from './support/postgres-server.ts';
import { failImportMoves } from './support/failing-import-moves.ts';
import { splitImageV2 } from './support/image-v2.ts';

const LEASE_MS = 1_000;
const API_KEY = 'mock-api-key';
const ACCESS_TOKEN = 'mock-access-token';
let pg: PostgresServer;
let bundle: MockBundle;
const nodes: MockNode[] = [];
const extra: MockNode[] = [];
let nodesTmp = '';

/** A node of this file's cluster: its temporary files (uploads) under `nodesTmp`. */
const clusterNode = (id: string, leaseMs = String(LEASE_MS)) =>
  startNode(bundle.path, pg.url, id, { LEASE_MS: leaseMs, TMPDIR: nodesTmp });

beforeAll(async () => {
  nodesTmp = await mkdtemp(join(tmpdir(), 'mock-cluster-nodes-'));
  [pg, bundle] = await Promise.all([startPostgres(), clusterBundle()]);
  // The first node applies the migrations; the others find them applied.
  nodes.push(await clusterNode('n0'));
  nodes.push(...(await Promise.all(['n1', 'n2'].map((id) => clusterNode(id)))));
});
afterAll(async () => {
  await Promise.all([...nodes, ...extra].map((n) => stopNode(n, 'SIGKILL')));
  // The killed nodes' uploads folders (a node that claims a session writes its files there).
  if (nodesTmp) await rm(nodesTmp, { recursive: true, force: true });
  await pg?.remove();
  await bundle?.remove();
});

interface Answer {
  status: number;
  node: string | null;
  body: { code?: string; data?: unknown; metadata?: { code: string } };
}

async function call(
  node: MockNode,
  session: string,
  method: string,
  path: string,
  body?: unknown,
  auth: 'key' | 'token' | false = 'key',
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-mock-session': session };
  if (auth) headers.authorization = auth === 'key' ? API_KEY : `Bearer ${ACCESS_TOKEN}`;
  let payload: string | FormData | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${node.origin}${path}`, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, node: response.headers.get('x-mock-node'), body: text ? JSON.parse(text) : {} };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const live = () => nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
const createBody = () => exampleValue('CreateProjectWithDocLink');

interface MockStateView {
  credits: number;
  pendingJobs: number;
  projects: { id: string }[];
  analyses: { id: string; status: string }[];
}
async function stateOf(node: MockNode, session: string): Promise<MockStateView> {
  const answer = await call(node, session, 'GET', '/__mock/state', undefined, false);
  expect(answer.status).toBe(200);
  return answer.body.data as MockStateView;
}

it('answers one session the same from every node, one node holding it', async () => {
  const session = 'spread';
  expect((await call(nodes[0]!, session, 'POST', '/__mock/reset', { credits: 100 }, false)).status).toBe(200);
  const created = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      call(nodes[i % 3]!, session, 'POST', '/api/integration/project', createBody()),
    ),
  );
  expect(created.map((c) => c.status)).toEqual(Array(30).fill(200));
  // Every answer came from the one node that owns the session, whichever node was asked.
  expect(new Set(created.map((c) => c.node)).size).toBe(1);
  // Processing moves on with time: finished first, so every read sees the same moment.
  expect((await call(nodes[2]!, session, 'POST', '/__mock/settle', undefined, false)).status).toBe(200);
  const states = await Promise.all(nodes.map((n) => stateOf(n, session)));
  for (const state of states) {
    expect(state.credits).toBe(100 - 30);
    expect(state.projects.length).toBe(states[0]!.projects.length);
  }
  const lists = await Promise.all(
    nodes.map((n) => call(n, session, 'GET', '/api/integration/projects?page=0&pageSize=100')),
  );
  for (const list of lists) expect(list.body.data).toEqual(lists[0]!.body.data);
  // The export names its session in the path; any node answers it, from the owner.
  const exports = await Promise.all(nodes.map((n) => fetch(`${n.origin}/__mock/sessions/${session}/export`)));
  const documents = await Promise.all(exports.map((e) => e.json() as Promise<{ records: unknown[] }>));
  for (const document of documents) expect(document).toEqual(documents[0]);
});

it("hands a drained node's sessions over at once (SIGTERM), before any lease runs out", async () => {
  const node = await clusterNode('drained', '60000');
  extra.push(node);
  const session = 'drain';
  expect((await call(node, session, 'POST', '/__mock/reset', { credits: 3 }, false)).node).toBe('drained');
  expect((await call(node, session, 'POST', '/api/integration/project', createBody())).status).toBe(200);
  const stoppedAt = performance.now();
  expect(await stopNode(node, 'SIGTERM')).toBe(0);
  const answer = await call(nodes[0]!, session, 'GET', '/__mock/state', undefined, false);
  const handoverMs = performance.now() - stoppedAt;
  console.log(`cluster drain: handed over and answered by ${answer.node} ${Math.round(handoverMs)} ms after SIGTERM`);
  expect(answer.status).toBe(200);
  expect((answer.body.data as MockStateView).credits).toBe(2);
  // Far below the 60 s lease the drained node held.
  expect(handoverMs).toBeLessThan(10_000);
});

it('charges a fund run once when three nodes start it at the same moment', async () => {
  const session = 'fund-race';
  await call(nodes[1]!, session, 'POST', '/__mock/reset', { credits: 10 }, false);
  const upload = await call(nodes[2]!, session, 'POST', '/api/integrationfund/fund/upload', fundForm([pdf('a.pdf')]));
  expect(upload.status).toBe(200);
  const folderPath = (upload.body.data as { folderPath: string }).folderPath;
  const run = { ...(exampleValue('FundRunRequest') as Record<string, unknown>), folderPath };
  const answers = await Promise.all(nodes.map((n) => call(n, session, 'POST', '/api/integrationfund/fund/run', run)));
  expect(answers.map((a) => a.status).sort()).toEqual([200, 402, 402]);
  for (const node of nodes) expect((await stateOf(node, session)).credits).toBe(0);
});

it("keeps an upload's bytes in the database: a fund run on another node after its node is killed finds them", async () => {
  const uploader = await clusterNode('uploader');
  extra.push(uploader);
  const session = 'upload-failover';
  expect((await call(uploader, session, 'POST', '/__mock/reset', { credits: 20 }, false)).node).toBe('uploader');
  // Over two chunks of the database's 1 MiB, with bytes that differ everywhere.
  const big = { name: 'big.pdf', data: Buffer.concat([PDF, randomBytes(2.5 * 2 ** 20)]) };
  const first = await call(uploader, session, 'POST', '/api/integrationfund/fund/upload', fundForm([big]));
  expect(first.status).toBe(200);
  const { folderPath } = first.body.data as { folderPath: string };
  // Added through another node: forwarded to the owner, stored with the folder's record.
  const small = pdf('small.pdf');
  const added = await call(
    nodes[0]!,
    session,
    'POST',
    '/api/integrationfund/fund/upload',
    fundForm([small], folderPath),
  );
  expect([added.status, added.node]).toEqual([200, 'uploader']);
  const killedAt = performance.now();
  await stopNode(uploader, 'SIGKILL');
  const run = { ...(exampleValue('FundRunRequest') as Record<string, unknown>), folderPath };
  let started: Answer | undefined;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    started = await call(nodes[1]!, session, 'POST', '/api/integrationfund/fund/run', run).catch(() => undefined);
    if (started?.status === 200) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(
    `cluster upload failover: a fund run started on ${started?.node} ${Math.round(performance.now() - killedAt)} ms after the kill`,
  );
  expect(started?.status).toBe(200);
  const state = (await call(nodes[1]!, session, 'GET', '/__mock/state', undefined, false)).body.data as {
    uploadsDir: string;
  };
  const folder = join(state.uploadsDir, 'folders', folderPath.split('/').at(-1)!);
  expect((await readFile(join(folder, 'big.pdf'))).equals(big.data)).toBe(true);
  expect((await readFile(join(folder, 'small.pdf'))).equals(small.data)).toBe(true);
  expect((await readdir(folder)).sort()).toEqual(['big.pdf', 'small.pdf']);
  expect((await call(nodes[1]!, session, 'POST', '/__mock/settle', undefined, false)).status).toBe(200);
  const { fundExtractionId } = started!.body.data as { fundExtractionId: string };
  const detail = await call(
    nodes[2]!,
    session,
    'GET',
    `/api/integrationfund/fund?fundExtractionId=${fundExtractionId}`,
  );
  expect(detail.body.data).toMatchObject({ status: 'completed' });

  // Its export reads the bytes from the database: there even when the owner's disk lost one.
  await rm(join(folder, 'big.pdf'));
  const exported = await fetch(`${nodes[2]!.origin}/__mock/sessions/${session}/export`);
  expect(exported.status).toBe(200);
  const document = await exported.text();
  const entries = (JSON.parse(document) as { files: { name: string; sha256: string }[] }).files;
  const expected = [
    { name: 'big.pdf', sha256: sha256(big.data) },
    { name: 'small.pdf', sha256: sha256(small.data) },
  ];
  expect(entries.map(({ name, sha256 }) => ({ name, sha256 })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
    expected,
  );
  // Put into another session of the cluster: its bytes are in the database with its records, and
  // a fund runs over them on whichever node claims it.
  const imported = 'upload-imported';
  const put = await fetch(`${nodes[0]!.origin}/__mock/sessions/${imported}/export`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: document,
  });
  expect(put.status).toBe(200);
  const storedFiles = async () => {
    const check = postgres(pg.url, { max: 1, onnotice: () => {} });
    const rows = await check<{ name: string; sha256: string }[]>`
      SELECT name, encode(sha256(string_agg(data, ''::bytea ORDER BY chunk)), 'hex') AS sha256
      FROM mock_files WHERE session_id = ${imported} GROUP BY name ORDER BY name`;
    await check.end();
    return rows.map((r) => ({ ...r }));
  };
  expect(await storedFiles()).toEqual(expected);
  // A document whose bytes do not match is refused; the session's stored files stay as they were.
  const broken = JSON.parse(document) as { files: { data: string }[] };
  broken.files[0]!.data = Buffer.from('other bytes').toString('base64');
  const refused = await fetch(`${nodes[2]!.origin}/__mock/sessions/${imported}/export`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(broken),
  });
  expect(refused.status).toBe(400);
  expect(await storedFiles()).toEqual(expected);
  const rerun = await call(nodes[1]!, imported, 'POST', '/api/integrationfund/fund/run', run);
  expect(rerun.status).toBe(200);
  expect((await call(nodes[1]!, imported, 'POST', '/__mock/settle', undefined, false)).status).toBe(200);
  const { fundExtractionId: rerunId } = rerun.body.data as { fundExtractionId: string };
  const rerunDetail = await call(nodes[2]!, imported, 'GET', `/api/integrationfund/fund?fundExtractionId=${rerunId}`);
  expect(rerunDetail.body.data).toMatchObject({ status: 'completed' });
});

it('loses no acknowledged write, charges nothing twice and sends no delivery twice when a node is killed', async () => {
  const session = 'kill';
  const received: string[] = [];
  const receiver: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (c: Buffer) => {
      text += c.toString();
    });
    request.on('end', () => {
      const event = JSON.parse(text) as { event: string; data: { analysisId?: string } };
      if (event.event === 'analysisCompleted') received.push(event.data.analysisId!);
      response.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  try {
    const credits = 100_000;
    const reset = await call(nodes[0]!, session, 'POST', '/__mock/reset', { credits, processingMs: 600 }, false);
    expect(reset.status).toBe(200);
    const seeded = new Set((reset.body.data as MockStateView).analyses.map((a) => a.id));
    const hook = await call(
      nodes[0]!,
      session,
      'POST',
      '/api/integration/webhook',
      {
        url: receiverUrl,
        analysisCompleted: true,
        analysisChangedStatus: false,
      },
      'token',
    );
    expect(hook.status).toBe(200);
    const owner = nodes.find((n) => n.id === reset.node)!;
    const acknowledged: string[] = [];
    let stop = false;
    let killedAt = 0;
    let failoverMs = -1;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const targets = live();
        const node = targets[(i + w) % targets.length]!;
        try {
          const answer = await call(node, session, 'POST', '/api/integration/project', createBody());
          if (answer.status === 200) {
            acknowledged.push((answer.body.data as { project: { id: string } }).project.id);
            if (killedAt && failoverMs < 0 && answer.node !== owner.id) failoverMs = performance.now() - killedAt;
          } else expect(answer.status).toBe(503);
        } catch {
          // The killed node: its connections are refused; the next write goes to another node.
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 400));
    // The session's row is locked from outside: the owner's next write waits in the database, and
    // the writes after it wait in the owner's memory, all unanswered (an answer sent before its write
    // is stored would be acknowledged here, and lost with the node). The owner dies meanwhile.
    const locker = postgres(pg.url, { max: 1, onnotice: () => {} });
    let release = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((r) => (locked = r));
    const holding = locker.begin(async (tx) => {
      await tx`SELECT 1 FROM mock_sessions WHERE id = ${session} FOR UPDATE`;
      locked();
      await new Promise<void>((r) => (release = r));
    });
    await isLocked;
    const atLock = acknowledged.length;
    await new Promise((r) => setTimeout(r, 300));
    const duringLock = acknowledged.length - atLock;
    const beforeKill = acknowledged.length;
    killedAt = performance.now();
    await stopNode(owner, 'SIGKILL');
    release();
    await holding;
    await locker.end();
    // Writes go on over the lease's expiry, until the session answers from another node.
    const deadline = Date.now() + 10_000;
    while (failoverMs < 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(writers);
    console.log(
      `cluster kill: ${beforeKill} writes acknowledged before the kill (${duringLock} while the session's row was locked), ${acknowledged.length} in all; failover ${Math.round(failoverMs)} ms (lease ${LEASE_MS} ms)`,
    );
    expect(beforeKill).toBeGreaterThan(0);
    expect(failoverMs).toBeGreaterThan(0);

    const survivor = live()[0]!;
    const settled = await call(survivor, session, 'POST', '/__mock/settle', undefined, false);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    const state = await stateOf(survivor, session);
    const stored = new Set(state.projects.map((p) => p.id));
    for (const id of acknowledged) expect(stored.has(id)).toBe(true);
    // One credit per analysis kept (the seed's are not charged), none for a write lost with the node.
    expect(state.credits).toBe(credits - (state.analyses.length - seeded.size));
    expect(state.pendingJobs).toBe(0);
    expect(state.analyses.every((a) => a.status === 'completed')).toBe(true);
    // Every delivery at most once; every one an analysis that completed.
    expect(new Set(received).size).toBe(received.length);
    const analyses = new Set(state.analyses.filter((a) => !seeded.has(a.id)).map((a) => a.id));
    for (const id of received) expect(analyses.has(id)).toBe(true);
    // Those not received were under way at the kill, and got the outcome "interrupted".
    expect(analyses.size - received.length).toBeLessThanOrEqual(beforeKill);
  } finally {
    receiver.close();
  }
});

it('gives a delivery in flight at a crash one outcome when the node that took its session over dies too', async () => {
  const session = 'second-failover';
  // A receiver that takes the delivery and never answers: it is in flight until its node dies.
  const arrivals: string[] = [];
  let arrived = () => {};
  const inFlight = new Promise<void>((r) => (arrived = r));
  const receiver: Server = createServer((request) => {
    arrivals.push(String(request.url));
    arrived();
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  const db = postgres(pg.url, { max: 1, onnotice: () => {} });
  // The first write of the delivery's outcome (its outbox record removed) is refused once: the node
  // that took the session over holds the outcome in memory only, then dies. (A sequence is not undone with the refused write.)
  await db.unsafe(`
    CREATE SEQUENCE outcome_refusals;
    CREATE FUNCTION refuse_outcome_once() RETURNS trigger AS $$
    BEGIN
      IF nextval('outcome_refusals') = 1 THEN RAISE EXCEPTION 'the test refuses this outcome write once'; END IF;
      RETURN OLD;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER refuse_outcome_once BEFORE DELETE ON mock_records
      FOR EACH ROW WHEN (OLD.kind = 'outbox' AND OLD.session_id = '${session}') EXECUTE FUNCTION refuse_outcome_once();`);
  const [a, b, c] = await Promise.all(['sf-a', 'sf-b', 'sf-c'].map((id) => clusterNode(id)));
  extra.push(a!, b!, c!);
  const history = async (node: MockNode) => {
    const answer = await call(node, session, 'GET', '/api/integration/webhook/history', undefined, 'token');
    return answer.status === 200
      ? (answer.body.data as { event: string; status: string; statusDescription: string }[])
      : undefined;
  };
  /** The history from `node`, once it answers (it claims the session once the dead owner's lease ran out). */
  const historyOn = async (node: MockNode) => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      const read = await history(node);
      if (read) return read;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${node.id} did not answer the session`);
  };
  const outboxRows = async () =>
    (await db`SELECT count(*)::int AS n FROM mock_records WHERE session_id = ${session} AND kind = 'outbox'`)[0]!.n;
  try {
    expect((await call(a!, session, 'POST', '/__mock/reset', { credits: 5, processingMs: 50 }, false)).status).toBe(
      200,
    );
    const hook = { url: receiverUrl, analysisCompleted: true, analysisChangedStatus: false };
    expect((await call(a!, session, 'POST', '/api/integration/webhook', hook, 'token')).status).toBe(200);
    expect((await call(a!, session, 'POST', '/api/integration/project', createBody())).status).toBe(200);
    await inFlight;
    // Kept as under way before it was sent.
    expect(await outboxRows()).toBe(1);
    await stopNode(a!, 'SIGKILL');
    // The node that takes it over records the outcome and cannot store it (refused once): the call
    // that read it back is not answered with success; then that node dies.
    const refused = async () => (await db`SELECT is_called FROM outcome_refusals`)[0]!.is_called as boolean;
    for (const deadline = Date.now() + 10_000; !(await refused()); ) {
      if (Date.now() > deadline) throw new Error('the node that took the session over never wrote the outcome');
      const asked = await call(b!, session, 'GET', '/api/integration/webhook/history', undefined, 'token');
      if (await refused()) expect(asked.status).toBe(503);
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(await outboxRows()).toBe(1);
    await stopNode(b!, 'SIGKILL');
    // The third node gives it its outcome, once, and stores it.
    const onC = (await historyOn(c!)).filter((d) => d.event === 'analysisCompleted');
    expect(onC).toEqual([expect.objectContaining({ status: 'Error Request', statusDescription: INTERRUPTED })]);
    for (const deadline = Date.now() + 5_000; (await outboxRows()) > 0; ) {
      if (Date.now() > deadline) throw new Error('the outcome was never stored');
      await new Promise((r) => setTimeout(r, 20));
    }
    // Stored once: the session's delivery history as the database holds it; nothing was sent again.
    const [stored] = await db<{ value: { event: string; status: string }[] }[]>`
      SELECT value FROM mock_records WHERE session_id = ${session} AND kind = 'deliveries'`;
    expect(stored!.value.filter((x) => x.event === 'analysisCompleted')).toEqual([
      expect.objectContaining({ status: 'Error Request', statusDescription: INTERRUPTED }),
    ]);
    expect(arrivals).toHaveLength(1);
  } finally {
    receiver.closeAllConnections();
    receiver.close();
    await db.unsafe(`DROP TRIGGER IF EXISTS refuse_outcome_once ON mock_records;
      DROP FUNCTION IF EXISTS refuse_outcome_once; DROP SEQUENCE IF EXISTS outcome_refusals;`);
    await db.end();
  }
});

/** A write sent in two parts over one connection: the node takes the session (onRequest) on the head, and writes on the rest. */
function halfSentWrite(node: MockNode, session: string, body: string) {
  const { port } = new URL(node.origin);
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const cut = Math.floor(body.length / 2);
  socket.write(
    `POST /api/integration/project HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${API_KEY}\r\nX-Mock-Session: ${session}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, cut)}`,
  );
  return {
    async finish(): Promise<{ status: number; body: { code?: string; description?: string } }> {
      socket.write(body.slice(cut));
      await closed;
      const [head = '', text = ''] = received.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), body: JSON.parse(text) };
    },
  };
}

it('refuses the in-flight write of a paused node (SIGSTOP) once another node took its session', async () => {
  const paused = await clusterNode('paused');
  extra.push(paused);
  // Nodes of the earlier tests that are still up (the kill test leaves two).
  const [taker, reader = taker] = live() as [MockNode, MockNode?];
  const session = 'paused';
  const reset = await call(paused, session, 'POST', '/__mock/reset', { credits: 5 }, false);
  expect(reset.node).toBe('paused');
  const write = halfSentWrite(
    paused,
    session,
    JSON.stringify({ companyName: 'Paused Co', projectType: 'projectNoAnalysis' }),
  );
  // The head is read and the session placed on the paused node; its body is not all there yet.
  await new Promise((r) => setTimeout(r, 200));
  paused.child.kill('SIGSTOP');
  try {
    // Past the paused node's lease another node takes the session (its fence rises) and writes to it.
    await new Promise((r) => setTimeout(r, LEASE_MS * 1.5));
    let taken: Answer | undefined;
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      taken = await call(taker, session, 'POST', '/__mock/credits', { credits: 42 }, false);
      if (taken.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(taken?.status).toBe(200);
    expect(taken?.node).toBe(taker.id);
  } finally {
    paused.child.kill('SIGCONT');
  }
  const answer = await write.finish();
  console.log(`cluster pause: the resumed node answered ${answer.status}: ${answer.body.description}`);
  expect(answer.status).toBe(503);
  expect(answer.body.code).toBe('MOCK_STORE_UNAVAILABLE');
  expect(answer.body.description).toMatch(/nothing of (this request|it) was stored/);
  // Nothing of the paused node's write landed: the new owner's credits and records stand.
  await new Promise((r) => setTimeout(r, 300));
  const state = await stateOf(reader!, session);
  expect(state.credits).toBe(42);
  const { data } = (await call(reader!, session, 'GET', '/api/integration/projects?page=0&pageSize=100')).body as {
    data: { companyName: string }[];
  };
  expect(data.map((p) => p.companyName)).not.toContain('Paused Co');
});

it('refuses in the database a write under an old fence, while its node still believes it owns the session', async () => {
  // Two stores that never renew (not registered): the paused node's view, and the node that takes over.
  const stale = await ClusterStore.open({ url: pg.url, nodeId: 'fence-stale', leaseMs: 200 });
  const taker = await ClusterStore.open({ url: pg.url, nodeId: 'fence-taker', leaseMs: 200 });
  try {
    const first = await stale.claim('fence');
    if (!('owned' in first)) throw new Error('the first claim did not own the session');
    await new Promise((r) => setTimeout(r, 300));
    const second = await taker.claim('fence');
    if (!('owned' in second)) throw new Error('the lease did not run out');
    expect(second.owned.fence).toBe(first.owned.fence + 1);
    const meta: Meta = { credits: 1, engineAvailable: true, faults: {} as Meta['faults'], lastJob: 0 };
    const write = stale.write('fence', first.owned.fence, {
      meta,
      upserts: [['project', 'stale-project', { id: 'stale-project' }]],
      deletes: [],
    });
    await expect(write).rejects.toThrow(SessionMovedError);
    const check = postgres(pg.url, { max: 1, onnotice: () => {} });
    const rows = await check`SELECT count(*)::int AS n FROM mock_records WHERE session_id = 'fence'`;
    await check.end();
    expect(rows[0]!.n).toBe(0);
  } finally {
    await stale.close();
    await taker.close();
  }
});

it('reads a session written whole as an image, then what changed since, removals included', async () => {
  const meta: Meta = { credits: 1, engineAvailable: true, faults: {} as Meta['faults'], lastJob: 0 };
  const project = (n: number, name = `Co ${n}`) => ({ id: `p${n}`, ownerUserId: 'user-mock', name });
  const writer = await ClusterStore.open({ url: pg.url, nodeId: 'image-writer', leaseMs: 200, imageRecords: 3 });
  const reader = await ClusterStore.open({ url: pg.url, nodeId: 'image-reader', leaseMs: 200 });
  const check = postgres(pg.url, { max: 1, onnotice: () => {} });
  try {
    const claimed = await writer.claim('image');
    if (!('owned' in claimed)) throw new Error('the writer did not own the session');
    const fence = claimed.owned.fence;
    await writer.write('image', fence, {
      fresh: { seed: null },
      meta,
      upserts: [1, 2, 3, 4].map((n): RecordOp => ['project', `p${n}`, project(n)]),
      deletes: [],
    });
    await writer.write('image', fence, {
      meta,
      upserts: [
        ['project', 'p2', project(2, 'Renamed')],
        ['project', 'p5', project(5)],
      ],
      deletes: [['project', 'p3']],
    });
    const stored = await check`
      SELECT (SELECT count(*)::int FROM mock_images WHERE session_id = 'image' AND part >= 0) AS parts,
        (SELECT count(*)::int FROM mock_records WHERE session_id = 'image') AS rows`;
    // The header of its projects' index (their owner as one run), their keys' section, and one part of them.
    expect(stored[0]).toEqual({ parts: 3, rows: 3 });
    await new Promise((r) => setTimeout(r, 300));
    const taken = await reader.claim('image');
    if (!('owned' in taken)) throw new Error('the lease did not run out');
    const read: RecordOp[] = [];
    for await (const batch of taken.owned.records) {
      if (Array.isArray(batch)) {
        read.push(...batch);
        continue;
      }
      // The image's projects come as parts fetched when asked: none is read before it is fetched.
      expect(() => batch.parts[0]!()).toThrow(PartPendingError);
      await batch.fetch!(piecesOf(batch.index));
      for (const part of batch.parts) fromColumns(part(), (op) => read.push(op));
    }
    // Applied in order: the image's four, the rename in place, the new one, the removal.
    const projects = new Map<string, unknown>();
    for (const [, key, value] of read) value === null ? projects.delete(key) : projects.set(key, value);
    expect([...projects.values()]).toEqual([project(1), project(2, 'Renamed'), project(4), project(5)]);
    // A reset with few records goes back to rows: the image is gone.
    await reader.write('image', taken.owned.fence, {
      fresh: { seed: null },
      meta,
      upserts: [['project', 'p9', project(9)]],
      deletes: [],
    });
    // Its rows set aside in the write (negative parts: no claim reads them), then deleted after it.
    const after = await check`SELECT count(*)::int AS parts FROM mock_images WHERE session_id = 'image' AND part >= 0`;
    expect(after[0]!.parts).toBe(0);
    for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const left = await check`SELECT count(*)::int AS rows FROM mock_images WHERE session_id = 'image'`;
      if (left[0]!.rows === 0) break;
      if (Date.now() > deadline) throw new Error(`${left[0]!.rows} image rows set aside were not deleted within 10 s`);
    }
    // Rows a node set aside and did not delete (it stopped first) are deleted by the next claim.
    await check`INSERT INTO mock_images (session_id, part, data) VALUES ('image', -7, 'set aside')`;
    expect('owned' in (await reader.claim('image'))).toBe(true);
    for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const left = await check`SELECT count(*)::int AS rows FROM mock_images WHERE session_id = 'image'`;
      if (left[0]!.rows === 0) break;
      if (Date.now() > deadline) throw new Error('the claim did not delete the rows set aside');
    }
  } finally {
    await check.end();
    await writer.close();
    await reader.close();
  }
});

it("fetches an image's parts only while the node owns the session and the image is the one it claimed", async () => {
  const meta: Meta = { credits: 1, engineAvailable: true, faults: {} as Meta['faults'], lastJob: 0 };
  const projects = (names: string[]) =>
    names.map((name, n): RecordOp => ['project', `p${n}`, { id: `p${n}`, ownerUserId: 'user-mock', name }]);
  const stores = await Promise.all(
    ['fetch-a', 'fetch-b'].map((nodeId) => ClusterStore.open({ url: pg.url, nodeId, leaseMs: 200, imageRecords: 3 })),
  );
  const [a, b] = stores as [ClusterStore, ClusterStore];
  /** The claimed session's image, its parts not fetched. */
  const imageOf = async (owned: ClaimedSession): Promise<LazyImage> => {
    for await (const batch of owned.records) if (!Array.isArray(batch)) return batch;
    throw new Error('no image');
  };
  const claim = async (store: ClusterStore) => {
    const claimed = await store.claim('fetched');
    if (!('owned' in claimed)) throw new Error(`${store.nodeId} did not own the session`);
    return claimed.owned;
  };
  try {
    const first = await claim(a);
    await a.write('fetched', first.fence, {
      fresh: { seed: null },
      meta,
      upserts: projects(['A', 'B', 'C']),
      deletes: [],
    });
    // Read back by its own node, then replaced by a reset of that node: the old image's parts are not fetched.
    const again = await claim(a);
    const old = await imageOf(again);
    await a.write('fetched', again.fence, {
      fresh: { seed: null },
      meta,
      upserts: projects(['D', 'E', 'F']),
      deletes: [],
    });
    await expect(old.fetch!([0])).rejects.toThrow(SessionMovedError);
    // Claimed by this node, then taken by another once its lease ran out (no renewals here): refused too.
    const mine = await imageOf(await claim(a));
    await new Promise((r) => setTimeout(r, 300));
    const theirs = await imageOf(await claim(b));
    await expect(mine.fetch!([0])).rejects.toThrow(SessionMovedError);
    await theirs.fetch!([0]);
    const read: unknown[] = [];
    fromColumns(theirs.parts[0]!(), ([, , value]) => read.push((value as { name: string }).name));
    expect(read).toEqual(['D', 'E', 'F']);
  } finally {
    await Promise.all(stores.map((store) => store.close()));
  }
});

it("renews a node's other leases while one session's row is held by a long write", async () => {
  const store = await ClusterStore.open({ url: pg.url, nodeId: 'renewing', leaseMs: 400 });
  // Two connections: one holds the row, the other looks.
  const locker = postgres(pg.url, { max: 2, onnotice: () => {} });
  let release = () => {};
  try {
    await store.register('http://127.0.0.1:9');
    for (const id of ['renew-held', 'renew-free'])
      if (!('owned' in (await store.claim(id)))) throw new Error(`the store did not claim ${id}`);
    let locked = () => {};
    const isLocked = new Promise<void>((r) => (locked = r));
    const holding = locker.begin(async (tx) => {
      await tx`SELECT 1 FROM mock_sessions WHERE id = 'renew-held' FOR UPDATE`;
      locked();
      await new Promise<void>((r) => (release = r));
    });
    await isLocked;
    // Three leases long: the held row is not renewed, the other one is, on time.
    await new Promise((r) => setTimeout(r, 1_200));
    expect(store.holds('renew-free')).toBe(true);
    expect(store.holds('renew-held')).toBe(false);
    const [row] = await locker`SELECT lease_until > now() AS valid FROM mock_sessions WHERE id = 'renew-free'`;
    expect(row!.valid).toBe(true);
    release();
    await holding;
    // Still this node's once the row is free: renewed again, never given up.
    await new Promise((r) => setTimeout(r, 300));
    expect(store.holds('renew-held')).toBe(true);
  } finally {
    release();
    await locker.end();
    await store.close();
  }
});

it('does not rewrite the files a node already made when its session bounces back, and rewrites any that changed', async () => {
  const leaseMs = 150;
  const open = (nodeId: string) => ClusterStore.open({ url: pg.url, nodeId, leaseMs });
  const [a, b] = await Promise.all([open('bounce-a'), open('bounce-b')]);
  const dir = await mkdtemp(join(tmpdir(), 'mock-bounce-'));
  const meta: Meta = { credits: 3, engineAvailable: true, faults: {} as Meta['faults'], lastJob: 0 };
  /** Claims the session on `store` once the other's lease ran out; its files go to `<dir>/<node>/<folder>`. */
  const claimOn = async (store: ClusterStore, node: string) => {
    await new Promise((r) => setTimeout(r, leaseMs + 50));
    const claim = await store.claim('bounce');
    if (!('owned' in claim)) throw new Error(`${node} did not claim the session`);
    await store.readFiles('bounce', (folder) => join(dir, node, folder));
    return claim.owned.fence;
  };
  const onDisk = async (node: string, name: string) => {
    const path = join(dir, node, 'folder-1', name);
    const stats = await stat(path, { bigint: true });
    return { ino: stats.ino, mtimeNs: stats.mtimeNs, sha256: sha256(await readFile(path)) };
  };
  try {
    const source = (name: string, data: Buffer) => {
      const path = join(dir, `source-${name}`);
      return writeFile(path, data).then(() => ({ folderId: 'folder-1', name, path }));
    };
    // Two of the database's chunks.
    const first = randomBytes(1.5 * 2 ** 20);
    const fenceA = await claimOn(a, 'a');
    const files = [await source('kept.pdf', first), await source('changed.pdf', first)];
    await a.write('bounce', fenceA, { fresh: { seed: null }, meta, upserts: [], deletes: [], files });
    const fenceB = await claimOn(b, 'b');
    const keptOnB = await onDisk('b', 'kept.pdf');
    // Changed in the database, not in B's folder (as a third node's upload would): the same name
    // and size, other bytes.
    const second = randomBytes(first.length);
    await b.write('bounce', fenceB, { meta, upserts: [], deletes: [], files: [await source('changed.pdf', second)] });
    await claimOn(a, 'a');
    expect((await onDisk('a', 'changed.pdf')).sha256).toBe(sha256(second));
    // Back on B: the file it made is left as it was; the one changed since is made again.
    await claimOn(b, 'b');
    expect(await onDisk('b', 'kept.pdf')).toEqual(keptOnB);
    expect((await onDisk('b', 'changed.pdf')).sha256).toBe(sha256(second));
    // A file on A's disk replaced meanwhile (a new file, same size) is made again from the database.
    await writeFile(join(dir, 'a', 'folder-1', 'kept.pdf.new'), second);
    await rename(join(dir, 'a', 'folder-1', 'kept.pdf.new'), join(dir, 'a', 'folder-1', 'kept.pdf'));
    await claimOn(a, 'a');
    expect((await onDisk('a', 'kept.pdf')).sha256).toBe(sha256(first));
    await claimOn(b, 'b');
    await claimOn(a, 'a');
    const again = await onDisk('a', 'kept.pdf');
    await claimOn(b, 'b');
    await claimOn(a, 'a');
    expect(await onDisk('a', 'kept.pdf')).toEqual(again);
  } finally {
    await Promise.all([a.close(), b.close()]);
    await rm(dir, { recursive: true, force: true });
  }
});

/** Resolves once a statement holding `statement` waits for a lock (whatever the machine's load). */
async function waitingOnLock(sql: postgres.Sql, statement: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND query LIKE ${`%${statement}%`}`;
    if (row!.n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no statement "${statement}" waited for a lock within 10 s`);
}

it.each([
  ['a write of changes', false],
  ['a fresh write (reset, import)', true],
])(
  'keeps a session whose write outlasts its lease (%s): the write extends it before committing, so a claim waiting on the row does not take it',
  async (_kind, fresh) => {
    const leaseMs = 400;
    const id = `long-write-${fresh ? 'fresh' : 'changes'}`;
    const writer = await ClusterStore.open({ url: pg.url, nodeId: 'long-writer', leaseMs });
    const taker = await ClusterStore.open({ url: pg.url, nodeId: 'long-taker', leaseMs });
    // Holds the stored file's rows: the writer's transaction, which replaces them, waits there
    // while it holds the session's row (renewals skip it), longer than three leases.
    const locker = postgres(pg.url, { max: 1, onnotice: () => {} });
    const watcher = postgres(pg.url, { max: 1, onnotice: () => {} });
    const dir = await mkdtemp(join(tmpdir(), 'mock-long-write-'));
    let release = () => {};
    try {
      await writer.register('http://127.0.0.1:9');
      const claimed = await writer.claim(id);
      if (!('owned' in claimed)) throw new Error('the writer did not claim the session');
      const { fence } = claimed.owned;
      const path = join(dir, 'room.pdf');
      await writeFile(path, PDF);
      const file = { folderId: 'folder-1', name: 'room.pdf', path };
      const meta: Meta = { credits: 3, engineAvailable: true, faults: {} as Meta['faults'], lastJob: 0 };
      await writer.write(id, fence, { fresh: { seed: null }, meta, upserts: [], deletes: [], files: [file] });
      let locked = () => {};
      const isLocked = new Promise<void>((r) => (locked = r));
      const holding = locker.begin(async (tx) => {
        await tx`SELECT 1 FROM mock_files WHERE session_id = ${id} FOR UPDATE`;
        locked();
        await new Promise<void>((r) => (release = r));
      });
      // A failed lock fails the test (it never resolves isLocked).
      await Promise.race([isLocked, holding]);
      const long = writer.write(id, fence, {
        ...(fresh ? { fresh: { seed: null } } : {}),
        meta,
        upserts: [['project', 'acknowledged', { id: 'acknowledged' }]],
        deletes: [],
        files: [file],
      });
      // Once the write waits on the file's rows (holding the session's row), two leases: its lease
      // has run out in the database. The claim then waits on the session's row; the write ends.
      await waitingOnLock(watcher, 'DELETE FROM mock_files');
      await new Promise((r) => setTimeout(r, 2 * leaseMs));
      const claim = taker.claim(id);
      await waitingOnLock(watcher, 'INSERT INTO mock_sessions');
      release();
      await long;
      await holding;
      expect(await claim).toEqual({ elsewhere: 'http://127.0.0.1:9' });
      // Still the writer's: its next write lands, and the acknowledged one is stored.
      await writer.write(id, fence, {
        meta,
        upserts: [['project', 'after', { id: 'after' }]],
        deletes: [],
      });
      const keys = await locker<{ key: string }[]>`
      SELECT key FROM mock_records WHERE session_id = ${id} ORDER BY key`;
      expect(keys.map((k) => k.key)).toEqual(['acknowledged', 'after']);
    } finally {
      release();
      await locker.end();
      await watcher.end();
      await writer.close();
      await taker.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
);

it('answers 503 in the envelope while the database is away and recovers when it is back', async () => {
  const session = 'db-down';
  const node = live()[0]!;
  expect((await call(node, session, 'POST', '/__mock/reset', { credits: 5 }, false)).status).toBe(200);
  await pg.stop();
  try {
    const write = await call(node, session, 'POST', '/api/integration/project', createBody());
    expect(write.status).toBe(503);
    expect(write.body).toMatchObject({ code: 'MOCK_STORE_UNAVAILABLE', data: null });
    expect((await fetch(`${node.origin}/readyz`)).status).toBe(503);
    expect((await fetch(`${node.origin}/healthz`)).status).toBe(200);
  } finally {
    await pg.start();
  }
  let answer: Answer | undefined;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    answer = await call(node, session, 'POST', '/api/integration/project', createBody()).catch(() => undefined);
    if (answer?.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(answer?.status).toBe(200);
  // The write refused while the database was away was not kept: one analysis charged, not two.
  expect((await stateOf(node, session)).credits).toBe(4);
  expect((await fetch(`${node.origin}/readyz`)).status).toBe(200);
});

it('answers a session read back lazily from its image like the mock it was exported from, writes after the claim included', async () => {
  // 5,000 projects and their analyses: an import of more than 10,000 records is stored as an image.
  const words = ['Robotics', 'Energy', 'Fintech', 'Health'];
  const source = await startMock({
    port: 0,
    seed: {
      startTime: '2026-03-01T00:00:00.000Z',
      processingMs: 600_000,
      data: {
        projects: Array.from({ length: 5_200 }, (_, n) => ({
          ownerUserId: n % 3 === 0 ? 'user-second' : 'user-mock',
          companyName: `${words[n % 4]} Company ${n}`,
          companyIndustry: words[(n * 7) % 4],
          description: n % 5 ? '' : `About ${words[n % 4]!.toLowerCase()} ${n}`,
        })),
      },
    },
  });
  const writer = await clusterNode('image-importer', '60000');
  extra.push(writer);
  const session = 'lazy-image';
  try {
    const exported = await (await fetch(`${source.origin}/__mock/sessions/default/export`)).text();
    const imported = await fetch(`${writer.origin}/__mock/sessions/${session}/export`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: exported,
    });
    expect(imported.status).toBe(200);
    await imported.arrayBuffer();
    // Stored as an image; a body cut off mid-way (read as it arrives) is refused and changes nothing
    // stored (`written_at` moves: every call but a GET writes its session's meta, as it is).
    const stored = async () => {
      const db = postgres(pg.url, { max: 1, onnotice: () => {} });
      try {
        return await db`SELECT (SELECT count(*)::int FROM mock_images WHERE session_id = ${session} AND part >= 0) AS parts,
          (SELECT min(xmin::text) FROM mock_images WHERE session_id = ${session} AND part >= 0) AS version,
          (SELECT meta::text FROM mock_sessions WHERE id = ${session}) AS meta,
          (SELECT count(*)::int FROM mock_records WHERE session_id = ${session}) AS rows`;
      } finally {
        await db.end();
      }
    };
    const image = await stored();
    expect(image[0]!.parts).toBeGreaterThan(1);
    const cutOff = await fetch(`${writer.origin}/__mock/sessions/${session}/export`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: exported.slice(0, exported.length / 2),
    });
    expect(cutOff.status).toBe(400);
    expect(await cutOff.json()).toMatchObject({ code: 'MOCK_MALFORMED_JSON', data: null });
    expect(await stored()).toEqual(image);
    // Handed over on SIGTERM: the next node asked claims it and reads the image back.
    expect(await stopNode(writer, 'SIGTERM')).toBe(0);
    const reader = nodes[1]!;
    const ask = async (target: 'source' | 'reader', method: string, path: string, body?: unknown, second = false) => {
      const headers: Record<string, string> = {
        authorization: second ? `${API_KEY}-2` : API_KEY,
        ...(target === 'reader' ? { 'x-mock-session': session } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      };
      const origin = target === 'reader' ? reader.origin : source.origin;
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const response = await fetch(`${origin}${path}`, { method, headers, body: payload });
      return { status: response.status, gap: response.headers.get('x-mock-gap'), body: await response.json() };
    };
    const same = async (method: string, path: string, body?: unknown, second = false) => {
      const answer = await ask('reader', method, path, body, second);
      expect(answer, `${method} ${path}`).toEqual(await ask('source', method, path, body, second));
      return answer;
    };
    const list = (query: string) => `/api/integration/projects?${query}`;
    const first = await same('GET', list('page=0&pageSize=10'));
    expect(first.body.pagination.totalCount).toBe(3466);
    await same('GET', list('page=346&pageSize=10'));
    await same('GET', list('page=7&pageSize=20'), undefined, true);
    await same('GET', list('page=1&pageSize=10&search=about%20fintech'));
    await same('GET', '/api/integration/project/search?keywords=energy');
    const page = await same('GET', list('page=200&pageSize=10'));
    const ids: string[] = page.body.data.map((p: { id: string }) => p.id);
    await same('GET', list(`id=${ids[1]}`));
    await same('GET', `/api/integration/analysis/detail?analysisId=${page.body.data[2].analyses[0].id}`);
    // The same records as images written otherwise, each a session of its own: as the release
    // before wrote it (version 2: the whole index in one row, the keys in the next) it answers
    // the same; with a section of its index cut short it answers 500 in the envelope, never a list.
    const { records: exportedRecords } = JSON.parse(exported) as { records: RecordOp[] };
    const lazyOps = exportedRecords.filter((op) => op[0] === 'project' || op[0] === 'analysis');
    const eagerOps = exportedRecords.filter((op) => op[0] !== 'project' && op[0] !== 'analysis');
    const pack = (value: unknown) => deflateRawSync(JSON.stringify(value), { level: 1 }).toString('base64');
    const db = postgres(pg.url, { max: 1, onnotice: () => {} });
    const asImage = async (id: string, rows: string[]) => {
      await db`INSERT INTO mock_sessions (id, seed, meta, fence, written_at)
        SELECT ${id}, seed, meta, 0, now() FROM mock_sessions WHERE id = ${session}`;
      await db`INSERT INTO mock_images (session_id, part, data)
        SELECT ${id}, n - 1, d FROM unnest(${[JSON.stringify(toColumns(eagerOps)), ...rows]}::text[]) WITH ORDINALITY AS t(d, n)`;
    };
    try {
      const v2 = splitImageV2(lazyOps, 1000);
      await asImage('as-v2', [
        JSON.stringify({ xz: pack(v2.index) }),
        pack(v2.keys),
        ...v2.parts.map((part) => pack(toColumns(part))),
      ]);
      const v3 = splitImage(lazyOps, 1000);
      const keys = v3.index!.project!.key;
      if ('r' in keys) throw new Error("the projects' keys are not in sections");
      // The section of the first projects' keys: read to check the first page's part.
      const sections = v3.sections.map((section, s) => pack(s === keys.p ? (section as string[]).slice(1) : section));
      await asImage('as-v3-cut', [
        JSON.stringify({ x3: pack(v3.index) }),
        ...sections,
        ...v3.parts.map((part) => pack(toColumns(part))),
      ]);
    } finally {
      await db.end();
    }
    for (const query of ['page=0&pageSize=10', 'page=346&pageSize=10', `id=${ids[1]}`]) {
      const answer = await call(reader, 'as-v2', 'GET', list(query));
      expect(answer.body, `as the release before wrote it: ${query}`).toEqual(
        (await ask('source', 'GET', list(query))).body,
      );
    }
    const cut = await call(reader, 'as-v3-cut', 'GET', list('page=0&pageSize=10'));
    expect(cut.status).toBe(500);
    expect(cut.body).toMatchObject({ code: '5000', data: null });
    // Writes to projects nobody has read on the reader yet, and a new one.
    const untouched = (await ask('source', 'GET', list('page=300&pageSize=10'))).body.data as { id: string }[];
    await same('POST', '/api/integration/processmessage', { projectId: untouched[1]!.id, content: 'before any read' });
    await same('POST', `/__mock/projects/${untouched[4]!.id}/status`, { code: 'closed', name: 'Closed' });
    await same('POST', '/api/integration/project', { companyName: 'After Claim', projectType: 'projectNoAnalysis' });
    await same('GET', list('page=346&pageSize=10'));
    await same('GET', list(`id=${untouched[1]!.id}`));
    await same('GET', list(`id=${untouched[4]!.id}`));
    const records = async (target: 'source' | 'reader') =>
      (await ask(target, 'GET', `/__mock/sessions/${target === 'reader' ? session : 'default'}/export`)).body.records;
    expect(await records('reader')).toEqual(await records('source'));
  } finally {
    await source.close();
  }
});

it('answers writes, analysis detail, control calls and resets of a session read back from its image without fetching the rest of it', async () => {
  const db = postgres(pg.url, { max: 1, onnotice: () => {} });
  /**
   * A copy of the lazily read session of the test before, in one transaction (its image rows share
   * one xmin); `after` runs in that transaction instead of copying the records written since the
   * image: what it changes of a row is part of the image.
   */
  const copy = async (id: string, after?: (tx: postgres.TransactionSql) => Promise<unknown>) =>
    db.begin(async (tx) => {
      await tx`INSERT INTO mock_sessions (id, seed, meta, fence, written_at)
        SELECT ${id}, seed, meta, 0, written_at FROM mock_sessions WHERE id = 'lazy-image'`;
      await tx`INSERT INTO mock_images (session_id, part, data) SELECT ${id}, part, data FROM mock_images WHERE session_id = 'lazy-image'`;
      // Without `after`, with the changes written since the image (read back by key at the claim).
      if (!after)
        await tx`INSERT INTO mock_records (session_id, kind, key, value)
          SELECT ${id}, kind, key, value FROM mock_records WHERE session_id = 'lazy-image' ORDER BY seq`;
      await after?.(tx);
    });
  /** The image's last part (analyses of the last companies) rewritten after the copy: a row of another image (its xmin). */
  const lastPartElsewhere = async (id: string) =>
    db`UPDATE mock_images SET data = data WHERE session_id = ${id} AND part = (SELECT max(part) FROM mock_images WHERE session_id = ${id})`;
  // Two of the file's nodes still up (the kill test leaves two).
  const [node, other] = live() as [MockNode, MockNode];
  try {
    await copy('whole-read');
    const page = await call(node, 'whole-read', 'GET', '/api/integration/projects?page=0&pageSize=10');
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const first = (page.body.data as { id: string; analyses: { id: string }[] }[])[1]!;
    // Sessions whose last part cannot be fetched: a call that waited for the whole image would answer 503.
    for (const id of ['own-parts', 'own-reset']) {
      await copy(id);
      await lastPartElsewhere(id);
    }
    const created = await call(node, 'own-parts', 'POST', '/api/integration/project', createBody());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const detail = await call(
      node,
      'own-parts',
      'GET',
      `/api/integration/analysis/detail?analysisId=${first.analyses[0]!.id}`,
    );
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const message = await call(node, 'own-parts', 'POST', '/api/integration/processmessage', {
      projectId: first.id,
      content: 'without the rest',
    });
    expect(message.status).toBe(200);
    expect((await call(node, 'own-parts', 'POST', '/__mock/credits', { credits: 9 }, false)).status).toBe(200);
    const projectId = (created.body.data as { project: { id: string } }).project.id;
    const found = await call(node, 'own-parts', 'GET', `/api/integration/projects?id=${projectId}`);
    expect(found.status).toBe(200);
    // A call that reads every record waits for the whole image: the part it cannot fetch is 503 with Retry-After.
    const whole = await fetch(`${node.origin}/__mock/state`, { headers: { 'x-mock-session': 'own-parts' } });
    expect(whole.status).toBe(503);
    expect(whole.headers.get('retry-after')).toBe('1');
    expect(await whole.json()).toMatchObject({ code: 'MOCK_STORE_UNAVAILABLE', data: null });
    // A list with keywords or an order, a search, a fund run read and settling read the caller's
    // projects (found by the owners' index) and what they show or run, not that last part: each on a
    // session of its own, claimed by that call.
    const readers: [string, string, string, unknown?][] = [
      ['own-keywords', 'GET', '/api/integration/projects?page=0&pageSize=10&search=robotics'],
      ['own-search', 'GET', '/api/integration/project/search?keywords=energy'],
      ['own-fund', 'GET', '/api/integrationfund/fund?fundExtractionId=00000000-0000-4000-8000-000000000000'],
      ['own-settle', 'POST', '/__mock/settle', {}],
    ];
    for (const [id, method, path, body] of readers) {
      await copy(id);
      await lastPartElsewhere(id);
      // Settling runs the analysis a creation started (its records the creation's own).
      if (id === 'own-settle')
        expect((await call(node, id, 'POST', '/api/integration/project', createBody())).status).toBe(200);
      const answer = await call(node, id, method, path, body, path.startsWith('/api/') ? 'key' : false);
      // The fund run is unknown: 404 in the envelope, not 503.
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(id === 'own-fund' ? 404 : 200);
    }
    // A trigger naming its project reads that project and its analyses, a fund run's event no part:
    // the answer of the session read whole (no webhook saved, no fund run: the same 409); a project
    // event without a project waits for the whole image.
    await copy('own-trigger');
    await lastPartElsewhere('own-trigger');
    const triggers = [
      { event: 'analysisCompleted', projectId: first.id },
      { event: 'changedStatus', projectId: first.id },
      { event: 'fundAnalysisCompleted' },
    ];
    for (const trigger of triggers) {
      const named = await call(node, 'own-trigger', 'POST', '/__mock/webhooks/trigger', trigger, false);
      expect(named.status, JSON.stringify(named.body)).toBe(409);
      expect(named.body).toEqual(
        (await call(node, 'whole-read', 'POST', '/__mock/webhooks/trigger', trigger, false)).body,
      );
    }
    const newest = await call(
      node,
      'own-trigger',
      'POST',
      '/__mock/webhooks/trigger',
      { event: 'changedStatus' },
      false,
    );
    expect(newest.status).toBe(503);
    await copy('own-sorted');
    await lastPartElsewhere('own-sorted');
    // A sorted list builds every view of the caller's projects: their analyses, that part included.
    const sorted = await call(
      node,
      'own-sorted',
      'GET',
      '/api/integration/projects?page=0&pageSize=10&orderby=companyName',
    );
    expect(sorted.status).toBe(503);
    // Creations racing at the claim, with random ids (the seed's startTime removed): each draws ids
    // whose key sections are anywhere, and fetches again when another request drew its ids first.
    await copy('own-parallel');
    await db`UPDATE mock_sessions SET seed = seed - 'startTime' WHERE id = 'own-parallel'`;
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => call(node, 'own-parallel', 'POST', '/api/integration/project', createBody())),
    );
    expect(racing.map((r) => r.status)).toEqual(Array(6).fill(200));
    const racedIds = racing.map((r) => (r.body.data as { project: { id: string } }).project.id);
    expect(new Set(racedIds).size).toBe(6);
    const reset = await call(node, 'own-reset', 'POST', '/__mock/reset', { credits: 3 }, false);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await stateOf(node, 'own-reset')).credits).toBe(3);
    // The writes were stored once: read back whole on another node (the copy's last part made whole again).
    await db`UPDATE mock_images i SET data = w.data FROM mock_images w
      WHERE i.session_id = 'own-parts' AND w.session_id = 'lazy-image' AND w.part = i.part`;
    await db`UPDATE mock_sessions SET owner = NULL, lease_until = NULL WHERE id = 'own-parts'`;
    const stored = await stateOf(other, 'own-parts');
    expect(stored.credits).toBe(9);
    expect(stored.projects.filter((p) => p.id === projectId)).toHaveLength(1);
    const before = (await stateOf(node, 'whole-read')).projects.length;
    expect(stored.projects.length).toBe(before + 1);
    const raced = await stateOf(node, 'own-parallel');
    expect(raced.projects.length).toBe(before + 6);
    for (const id of racedIds) expect(raced.projects.filter((p) => p.id === id)).toHaveLength(1);
    // The safety net: a rule that reads a part its call did not fetch (here a creation told to fetch
    // nothing: it charges the credits, then looks its new id up) answers 503 with Retry-After, and
    // its node drops the session, so nothing the rule changed is written: the credits stay.
    const createFetch = OWN_PARTS.createProject;
    OWN_PARTS.createProject = { fetch: async () => {} };
    let careless: RunningMock | undefined;
    try {
      careless = await startMock({ port: 0, store: pg.url, nodeId: 'careless', leaseMs: LEASE_MS });
    } finally {
      OWN_PARTS.createProject = createFetch;
    }
    try {
      const carelessNode = { id: 'careless', origin: careless.origin } as MockNode;
      await copy('own-net');
      const seeded = (
        await db<
          { credits: number }[]
        >`SELECT (meta->>'credits')::int AS credits FROM mock_sessions WHERE id = 'own-net'`
      )[0]!.credits;
      const unfetched = await fetch(`${careless.origin}/api/integration/project`, {
        method: 'POST',
        headers: { 'x-mock-session': 'own-net', authorization: API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify(createBody()),
      });
      expect(unfetched.status).toBe(503);
      expect(unfetched.headers.get('retry-after')).toBe('1');
      expect(await unfetched.json()).toMatchObject({ code: 'MOCK_STORE_UNAVAILABLE', data: null });
      // A later write of that node claims the session again, from the database: the charge is not in it.
      const later = await call(carelessNode, 'own-net', 'POST', '/api/integration/processmessage', {
        projectId: first.id,
        content: 'after the 503',
      });
      expect(later.status, JSON.stringify(later.body)).toBe(200);
      await db`UPDATE mock_sessions SET owner = NULL, lease_until = NULL WHERE id = 'own-net'`;
      const net = await stateOf(other, 'own-net');
      expect(net.credits).toBe(seeded);
      expect(net.projects.length).toBe(before);
    } finally {
      await careless.close();
    }
    // A damaged piece the call reads answers 500 in the envelope: every row after the header holds another value.
    const garbage = deflateRawSync(JSON.stringify('damaged'), { level: 1 }).toString('base64');
    await copy(
      'own-damaged',
      (tx) => tx`
      UPDATE mock_images SET data = ${garbage} WHERE session_id = 'own-damaged' AND part > (
        SELECT min(part) FROM mock_images WHERE session_id = 'own-damaged' AND substr(data, 1, 6) = '{"x3":')`,
    );
    const analysisId = first.analyses[0]!.id;
    const damaged = await call(node, 'own-damaged', 'GET', `/api/integration/analysis/detail?analysisId=${analysisId}`);
    expect(damaged.status).toBe(500);
    expect(damaged.body).toMatchObject({ code: 'MOCK_INTERNAL_ERROR', data: null });
    // The same at the claim itself (the records written whole beside the image are read then): 500, not 503.
    await copy(
      'claim-damaged',
      (tx) => tx`UPDATE mock_images SET data = ${garbage} WHERE session_id = 'claim-damaged' AND part = 0`,
    );
    const atClaim = await call(
      node,
      'claim-damaged',
      'GET',
      `/api/integration/analysis/detail?analysisId=${analysisId}`,
    );
    expect(atClaim.status, JSON.stringify(atClaim.body)).toBe(500);
    expect(atClaim.body).toMatchObject({ code: 'MOCK_INTERNAL_ERROR', data: null });
  } finally {
    await db.end();
  }
});

it('refuses a database a newer release migrated: a running node answers 503 and hands its sessions over, a starting one exits 5', async () => {
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  await admin`CREATE DATABASE newer_release`;
  await admin.end();
  const url = pg.url.replace(/\/postgres$/, '/newer_release');
  const node = await startNode(bundle.path, url, 'older', { LEASE_MS: String(LEASE_MS), TMPDIR: nodesTmp });
  extra.push(node);
  const db = postgres(url, { max: 1, onnotice: () => {} });
  try {
    expect((await call(node, 'upgraded', 'POST', '/__mock/reset', { credits: 10_000 }, false)).status).toBe(200);
    // What a newer release's migration leaves behind, as far as this release can tell.
    await db`INSERT INTO mock_migrations (version, name) VALUES (${SCHEMA_VERSION + 1}, 'a newer release')`;
    let answer: Answer | undefined;
    const deadline = Date.now() + 5_000;
    do {
      await new Promise((r) => setTimeout(r, 50));
      answer = await call(node, 'upgraded', 'POST', '/api/integration/project', createBody());
    } while (answer.status !== 503 && Date.now() < deadline);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'MOCK_STORE_UNAVAILABLE', data: null });
    expect(JSON.stringify(answer.body)).toContain(
      `schema version ${SCHEMA_VERSION + 1}; this release knows up to ${SCHEMA_VERSION}`,
    );
    expect((await fetch(`${node.origin}/readyz`)).status).toBe(503);
    // Handed over: a node of the newer release takes the session at once, not one lease later. The
    // release follows the 503 within the same renewal, so it is read until half a lease has passed.
    const owner = async () =>
      (await db<{ owner: string | null }[]>`SELECT owner FROM mock_sessions WHERE id = 'upgraded'`)[0]?.owner;
    const released = Date.now() + LEASE_MS / 2;
    while ((await owner()) !== null && Date.now() < released) await new Promise((r) => setTimeout(r, 20));
    expect(await owner()).toBeNull();
    // A node of this release starting now: one line, exit code 5.
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      expect(await main(['--store', url, '--port', '0', '--no-docs'], { docsDir: async () => undefined })).toBe(5);
    } finally {
      spy.mockRestore();
    }
    expect(errors).toEqual([
      `portfolio-mock: the database ${url} was migrated by a newer release of portfolio-mock (schema version ${SCHEMA_VERSION + 1}; this release knows up to ${SCHEMA_VERSION}): run this node from that release or a later one`,
    ]);
  } finally {
    await db.end();
  }
});

it('switches an import in one step on a cluster node: a disk failing at the rename of its files leaves the session, its stored records and files as they were', async () => {
  // In this process, so the test can make its disk fail at the one rename that moves the files in.
  const running = await startMock({ port: 0, store: pg.url, nodeId: 'import-fault', leaseMs: LEASE_MS });
  const node = { id: 'import-fault', origin: running.origin } as MockNode;
  const session = 'import-fault';
  const check = postgres(pg.url, { max: 1, onnotice: () => {} });
  const stored = async () => ({
    files: await check`
      SELECT folder, name, sum(length(data))::int AS size FROM mock_files WHERE session_id = ${session}
      GROUP BY folder, name ORDER BY folder, name`,
    records: await check`
      SELECT kind, key, value::text FROM mock_records WHERE session_id = ${session} ORDER BY kind, key`,
    meta: await check`SELECT meta::text FROM mock_sessions WHERE id = ${session}`,
  });
  try {
    expect((await call(node, session, 'POST', '/__mock/reset', { processingMs: 600_000 }, false)).status).toBe(200);
    const upload = await call(node, session, 'POST', '/api/integrationfund/fund/upload', fundForm([pdf('a.pdf')]));
    expect(upload.status).toBe(200);
    expect((await call(node, session, 'POST', '/api/integration/project', createBody())).status).toBe(200);
    const exported = (await call(node, session, 'GET', `/__mock/sessions/${session}/export`, undefined, false))
      .body as unknown as ExportDocument & { meta: { credits: number } };
    const folder = exported.files[0]!.folder;
    const view = await stateOf(node, session);
    const { uploadsDir } = (await call(node, session, 'GET', '/__mock/state', undefined, false)).body.data as {
      uploadsDir: string;
    };
    const onDisk = async () => (await readdir(join(uploadsDir, 'folders', folder))).sort();
    const before = { view, disk: await onDisk(), stored: await stored() };
    expect(before.view.pendingJobs).toBeGreaterThan(0);
    expect(before.disk).toEqual(['a.pdf']);

    const other = withFileNamed({ ...exported, meta: { ...exported.meta, credits: 3 } }, 'other.pdf');
    const failing = failImportMoves();
    let refused: Answer;
    try {
      refused = await call(node, session, 'PUT', `/__mock/sessions/${session}/export`, other, false);
    } finally {
      failing.restore();
    }
    expect(failing.failures()).toBe(1);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'MOCK_STORAGE_FAILED', data: null });
    expect(await stateOf(node, session)).toEqual(before.view);
    expect(await onDisk()).toEqual(before.disk);
    expect(await stored()).toEqual(before.stored);
    // Once the disk works, the same document goes in: its file stored in the database.
    expect((await call(node, session, 'PUT', `/__mock/sessions/${session}/export`, other, false)).status).toBe(200);
    expect((await stored()).files.map((f) => f.name)).toEqual(['other.pdf']);
    expect((await stateOf(node, session)).credits).toBe(3);
  } finally {
    await check.end();
    await running.close();
  }
});

it("undoes an import's files when its records cannot be written (the database away): the session is the one before", async () => {
  const node = live()[0]!;
  const session = 'import-db-down';
  expect((await call(node, session, 'POST', '/__mock/reset', { processingMs: 600_000 }, false)).status).toBe(200);
  const upload = await call(node, session, 'POST', '/api/integrationfund/fund/upload', fundForm([pdf('a.pdf')]));
  expect(upload.status).toBe(200);
  const exported = (await call(node, session, 'GET', `/__mock/sessions/${session}/export`, undefined, false))
    .body as unknown as ExportDocument & { meta: { credits: number } };
  const folder = exported.files[0]!.folder;
  const owner = live().find((n) => n.id === upload.node)!;
  const { uploadsDir } = (await call(owner, session, 'GET', '/__mock/state', undefined, false)).body.data as {
    uploadsDir: string;
  };
  const onDisk = async () => (await readdir(join(uploadsDir, 'folders', folder))).sort();
  const before = await stateOf(owner, session);
  const other = withFileNamed({ ...exported, meta: { ...exported.meta, credits: 3 } }, 'other.pdf');
  await pg.stop();
  let refused: Answer;
  try {
    refused = await call(owner, session, 'PUT', `/__mock/sessions/${session}/export`, other, false);
    // The node's disk holds the files of before again (the records were not written).
    expect(await onDisk()).toEqual(['a.pdf']);
  } finally {
    await pg.start();
  }
  expect(refused.status).toBe(503);
  expect(refused.body).toMatchObject({ code: 'MOCK_STORE_UNAVAILABLE', data: null });
  let after: MockStateView | undefined;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const answer = await call(owner, session, 'GET', '/__mock/state', undefined, false).catch(() => undefined);
    if (answer?.status === 200) {
      after = answer.body.data as MockStateView;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(after).toEqual(before);
});

it('writes a session grown by small writes as an image in the background; a node killed during it loses no acknowledged write', async () => {
  const session = 'compaction';
  const compactRows = 150;
  const withCompaction = (id: string) =>
    startNode(bundle.path, pg.url, id, {
      LEASE_MS: String(LEASE_MS),
      TMPDIR: nodesTmp,
      COMPACT_ROWS: String(compactRows),
    });
  const [first, second, third] = await Promise.all(['c0', 'c1', 'c2'].map(withCompaction));
  extra.push(first!, second!, third!);
  const check = postgres(pg.url, { max: 2, onnotice: () => {} });
  const blocker = postgres(pg.url, { max: 1, onnotice: () => {} });
  const stored = async () =>
    (
      await check<{ rows: number; parts: number; version: string | null }[]>`
        SELECT (SELECT count(*)::int FROM mock_records WHERE session_id = ${session}) AS rows,
          (SELECT count(*)::int FROM mock_images WHERE session_id = ${session} AND part >= 0) AS parts,
          (SELECT min(xmin::text) FROM mock_images WHERE session_id = ${session} AND part >= 0) AS version`
    )[0]!;
  const until = async (what: string, done: () => Promise<boolean>) => {
    for (const deadline = Date.now() + 15_000; !(await done()); ) {
      if (Date.now() > deadline) throw new Error(`not within 15 s: ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const acknowledged: string[] = [];
  const create = async (node: MockNode) => {
    const answer = await call(node, session, 'POST', '/api/integration/project', createBody());
    if (answer.status === 200) acknowledged.push((answer.body.data as { project: { id: string } }).project.id);
    return answer.status;
  };
  const projectIds = async (node: MockNode) => {
    let answer: Answer | undefined;
    await until(`session ${session} answering on ${node.id}`, async () => {
      answer = await call(node, session, 'GET', '/__mock/state', undefined, false).catch(() => undefined);
      return answer?.status === 200;
    });
    const ids = (answer!.body.data as MockStateView).projects.map((p) => p.id);
    // Nothing doubled, nothing acknowledged lost.
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(acknowledged));
    return ids;
  };
  try {
    // Grown by 200 single writes: past 150 rows, its node writes it as an image and removes the rows it replaces.
    for (let round = 0; round < 20; round++)
      expect(await Promise.all(Array.from({ length: 10 }, () => create(first!)))).toEqual(Array(10).fill(200));
    let compacted = await stored();
    await until('an image and fewer rows than the threshold', async () => {
      compacted = await stored();
      return compacted.parts > 0 && compacted.rows < compactRows;
    });
    await projectIds(first!);

    // A row of its image held from outside (only a compaction or a fresh write removes them): the next
    // compaction waits in the database, inside its transaction (after it took the session's row and
    // removed its rows), while writers go on; its node is killed there.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = blocker.begin(async (tx) => {
      // None when a compaction replaced the image meanwhile: then its new image's row.
      while (
        !(await tx`SELECT 1 FROM mock_images WHERE session_id = ${session} AND part >= 0 LIMIT 1 FOR UPDATE`).length
      );
      locked();
      await held;
    });
    await lockTaken;
    // The image now held: none replaces it until the lock is let go.
    compacted = await stored();
    let stop = false;
    const writers = Array.from({ length: 6 }, async () => {
      while (!stop) await create(first!).catch(() => 0);
    });
    try {
      await until('a compaction waiting on the held row', async () => {
        const [waiting] = await check<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE '%UPDATE mock_images SET part%'`;
        return waiting!.n > 0;
      });
      await stopNode(first!, 'SIGKILL');
    } finally {
      stop = true;
      release();
      await holding;
      await Promise.all(writers);
    }
    // Rolled back whole: the image before, and the rows of every write acknowledged since.
    const afterKill = await stored();
    expect(afterKill).toMatchObject({ parts: compacted.parts, version: compacted.version });
    expect(afterKill.rows).toBeGreaterThanOrEqual(compactRows);

    // The next owner finds it past the threshold and compacts it once its first requests are served.
    const before = await projectIds(second!);
    await until("the next owner's image", async () => {
      const now = await stored();
      return now.version !== compacted.version && now.rows < compactRows;
    });
    expect(await projectIds(second!)).toEqual(before);
    // Read back from that image (and the rows after it) by a third node: the same session.
    await stopNode(second!, 'SIGKILL');
    expect(await projectIds(third!)).toEqual(before);
  } finally {
    await Promise.all([check.end(), blocker.end()]);
  }
});
