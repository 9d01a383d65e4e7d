// A test of `npm run test:mutation`: the mutated mock's drive folder link outcomes on the default
// seed's drive, as consumer teams provoke them (mocks/README.md, Behaviour: "the default user's
// folders give every outcome"). The suite cannot ask for them: a real deployment's folders and
// which of them fail are its own data, so its rules only link a folder it is given. Here the mock
// and the unmutated model (support/unmutated-model.ts) start from the same seed and take the same
// creates (every folder by id, a restart of the mock on its state file, every folder name again,
// an unknown folder, another provider, the user without a drive); each answer, each later read and
// the drive the control API shows (GET /__mock/state) must be the model's, ids and times matched
// by correspondence.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECOND_API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import { type MockSeed, type RunningMock, startMock } from '../../../mocks/src/server.ts';
import { call, type Reachable } from '../support/restart-chain.ts';
import { unmutatedInProcessMock } from '../support/unmutated-model.ts';

// The default seed's drive and users; no analysis leaves `pending` while the leg runs.
const SEED: MockSeed = { processingMs: 600_000 };
const PROJECT_TYPES = ['projectNoAnalysis', 'projectAnalysisWithFile', 'projectAnalysisNoFile'] as const;

type Folder = { id: string; name: string };
type Answer = Awaited<ReturnType<typeof call>>;
type Create = { what: string; json: Record<string, string>; key?: string };

/** Create requests, the project type taken in turn (rule 8's `data.driveFolderLink` where a folder has no files). */
const creates = (label: string, targets: [string, Record<string, string>][], key?: string): Create[] =>
  targets.map(([what, link], i) => ({
    what: `${label}: ${what}`,
    key,
    json: {
      companyName: `${label} ${i + 1}`,
      companyWebsite: `https://seeded-folder-${i + 1}.example`,
      projectType: PROJECT_TYPES[i % PROJECT_TYPES.length]!,
      ...link,
    },
  }));

/** Every folder by id; a folder unknown, another provider and the user without a drive. */
const byId = (folders: Folder[]): Create[] => [
  ...creates(
    'by id',
    folders.map((f) => [f.id, { folderLink: f.id }]),
  ),
  ...creates('edge', [
    ['unknown id', { folderLink: 'folder-not-in-the-drive' }],
    ['one-drive', { folderLink: folders[0]!.id, driveProvider: 'one-drive' }],
  ]),
  ...creates('second user', [['no drive', { folderLink: folders[0]!.id }]], SECOND_API_KEY),
];

/** Every folder name again (each folder linked or failing already), and a name unknown. */
const byName = (folders: Folder[]): Create[] =>
  creates('by name', [
    ...[...new Set(folders.map((f) => f.name))].map((name): [string, Record<string, string>] => [
      name,
      { folderName: name },
    ]),
    ['unknown name', { folderName: 'No Such Folder' }],
  ]);

/** What a client sees: each create's answer, then each company, analysis and list read back; then the drive. */
async function transcript(
  client: Reachable,
  folders: Folder[],
  restart: () => Promise<Reachable>,
): Promise<{ answers: Record<string, Answer>; drive: unknown }> {
  const answers: Record<string, Answer> = {};
  const created: [string, string | undefined][] = [];
  const analyses: [string, string | undefined][] = [];
  const run = async (requests: Create[]) => {
    for (const { what, json, key } of requests) {
      const answer = await call(client, 'POST', '/integration/project', { json, key });
      answers[what] = answer;
      if (answer.body?.data?.project?.id) created.push([answer.body.data.project.id, key]);
      if (answer.body?.data?.analysisId) analyses.push([answer.body.data.analysisId, key]);
    }
  };
  await run(byId(folders));
  client = await restart();
  await run(byName(folders));
  // Every analysis ended (the folders' files among its sources), so its detail can be read.
  answers.settle = await call(client, 'POST', '/__mock/settle');
  for (const [id, key] of created)
    answers[`company ${id}`] = await call(client, 'GET', `/integration/projects?id=${id}`, { key });
  for (const [id, key] of analyses)
    answers[`analysis ${id}`] = await call(client, 'GET', `/integration/analysis/detail?analysisId=${id}`, { key });
  answers.list = await call(client, 'GET', '/integration/projects?pageSize=100');
  answers['second user list'] = await call(client, 'GET', '/integration/projects?pageSize=100', {
    key: SECOND_API_KEY,
  });
  const state = (await call(client, 'GET', '/__mock/state')).body;
  const drive = state.data.users.map((u: { id: string; drive: unknown }) => ({ user: u.id, drive: u.drive }));
  return { answers, drive };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** Ids numbered in order of first appearance (in keys too), times as `<time>`: the correspondence. */
function correspond(value: unknown): unknown {
  const ids = new Map<string, string>();
  const id = (text: string) => {
    if (!ids.has(text)) ids.set(text, `<id ${ids.size + 1}>`);
    return ids.get(text)!;
  };
  const text = (s: string) =>
    UUID.test(s) ? id(s) : TIME.test(s) ? '<time>' : s.replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/gi, id);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), walk(x)]));
    return v;
  };
  return walk(value);
}

let mock: RunningMock | undefined;
let dir: string | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The mutated mock's and the model's transcripts, the mutated mock restarted on its state file between the two series. */
async function bothTranscripts() {
  const model = await unmutatedInProcessMock(SEED);
  try {
    const state = (await call(model, 'GET', '/__mock/state')).body;
    const folders: Folder[] = state.data.users[0].drive.folders.map(({ id, name }: Folder) => ({ id, name }));
    dir = await mkdtemp(join(tmpdir(), 'portfolio-seeded-folders-'));
    const stateFile = join(dir, 'state.jsonl');
    const start = async () => {
      mock = await startMock({ port: 0, seed: SEED, stateFile, responseCache: false });
      return mock;
    };
    const mutated = await transcript(await start(), folders, async () => {
      await mock!.close();
      return start();
    });
    const unmutated = await transcript(model, folders, async () => model);
    return { mutated: correspond(mutated), unmutated: correspond(unmutated), folders };
  } finally {
    await model.close();
  }
}

describe("the mutated mock's drive link outcomes on the default seed's folders", () => {
  it('answers each create and each later read as the unmutated model, across a restart', async () => {
    const { mutated, unmutated, folders } = await bothTranscripts();
    expect(folders.length, "the default seed's folders").toBeGreaterThan(0);
    expect((mutated as { answers: unknown }).answers).toEqual((unmutated as { answers: unknown }).answers);
  });

  it('shows the drive in GET /__mock/state as the unmutated model does', async () => {
    const { mutated, unmutated } = await bothTranscripts();
    expect((mutated as { drive: unknown }).drive).toEqual((unmutated as { drive: unknown }).drive);
  });
});
