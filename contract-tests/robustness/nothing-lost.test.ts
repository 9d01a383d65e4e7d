// Nothing lost under load: 200 concurrent mixed requests (creates, uploads, fund runs, reads, and
// creates the contract refuses), with fewer credits than all of them need. Afterwards every
// accepted create is listed and no refused one is, every accepted file is in its folder, credits
// add up exactly, every event reaches the receiver once, and the history lists deliveries newest
// first in the order they happened.
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../fuzz/file-samples.ts';
import { multipartBody, multipartContentType } from '../fuzz/multipart-body.ts';
import { contractProblems, operationUrl } from './support/contract-answer.ts';
import { mockState, resetMock, settleMock, type MockStateSnapshot } from '../support/control-api.ts';
import { httpCall, type HttpAnswer } from '../support/http-call.ts';
import { useMockProcess, useWebhookReceiver } from './support/use-servers.ts';

const KEY = 'mock-api-key';
const BEARER = 'Bearer mock-access-token';
const CREDITS = 150;
const ANALYSIS_COST = 1;
const RUN_COST = 10;
const REQUESTS = 200;
const FOLDERS = 5;

interface Sent {
  kind: string;
  operationId: string;
  contractValid: boolean;
  answer: HttpAnswer;
  fileName?: string;
  folderPath?: string;
}

let folders: string[] = [];
let initial: MockStateSnapshot;
let sent: Sent[] = [];

const json = (operationId: string, method: string, body: unknown, authorization = KEY) =>
  httpCall(operationUrl(mock.baseUrl, operationId), {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const get = (operationId: string, query = '', authorization = KEY) =>
  httpCall(operationUrl(mock.baseUrl, operationId, query), { method: 'GET', headers: { authorization } });
const upload = (fileName: string, folderPath?: string) =>
  httpCall(operationUrl(mock.baseUrl, 'uploadFundFiles'), {
    method: 'POST',
    headers: { authorization: KEY, 'content-type': multipartContentType('storm') },
    body: multipartBody(
      [
        { name: 'files', filename: fileName, ...SAMPLE_FILES.pdf },
        ...(folderPath ? [{ name: 'folderPath', content: folderPath }] : []),
      ],
      'storm',
    ),
  });

/** The i-th request of the storm: ten kinds in turn, twenty of each. */
async function stormRequest(i: number, preRun: string): Promise<Sent> {
  const folderPath = folders[i % FOLDERS] as string;
  switch (i % 10) {
    case 0:
      return {
        kind: 'create with analysis',
        operationId: 'createProject',
        contractValid: true,
        answer: await json('createProject', 'POST', {
          companyName: `Storm ${i}`,
          projectType: 'projectAnalysisWithFile',
          notesText: `notes ${i}`,
        }),
      };
    case 1:
      return {
        kind: 'create with analysis',
        operationId: 'createProject',
        contractValid: true,
        answer: await json('createProject', 'POST', {
          companyName: `Storm ${i}`,
          projectType: 'projectAnalysisNoFile',
          companyWebsite: `https://storm-${i}.example`,
        }),
      };
    case 2:
      return {
        kind: 'create without analysis',
        operationId: 'createProject',
        contractValid: true,
        answer: await json('createProject', 'POST', { companyName: `Storm ${i}`, projectType: 'projectNoAnalysis' }),
      };
    case 3:
      return {
        kind: 'refused create',
        operationId: 'createProject',
        contractValid: false,
        answer: await json('createProject', 'POST', { companyName: `Refused ${i}` }),
      };
    case 4:
      return {
        kind: 'upload into folder',
        operationId: 'uploadFundFiles',
        contractValid: true,
        fileName: `storm-${i}.pdf`,
        folderPath,
        answer: await upload(`storm-${i}.pdf`, folderPath),
      };
    case 5:
      return {
        kind: 'upload new folder',
        operationId: 'uploadFundFiles',
        contractValid: true,
        fileName: `new-${i}.pdf`,
        answer: await upload(`new-${i}.pdf`),
      };
    case 6:
    case 7:
      return {
        kind: 'run',
        operationId: 'startFundRun',
        contractValid: true,
        answer: await json('startFundRun', 'POST', { name: `Storm Fund ${i}`, folderPath, projectMode: 'none' }),
      };
    case 8:
      return {
        kind: 'read',
        operationId: 'listProjects',
        contractValid: true,
        answer: await get('listProjects', '?pageSize=100'),
      };
    default:
      return {
        kind: 'read',
        operationId: 'getFundRunSummary',
        contractValid: true,
        answer: await get('getFundRunSummary', `?fundExtractionId=${preRun}`),
      };
  }
}

async function listedIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await get('listProjects', `?pageSize=100&page=${page}`);
    ids.push(...(answer.json.data as { id: string }[]).map((p) => p.id));
    if (!answer.json.pagination.nextPage) return ids;
  }
}

const accepted = (kind: string) => sent.filter((s) => s.kind === kind && s.answer.status === 200);

const mock = useMockProcess();
const receiver = useWebhookReceiver();
beforeAll(async () => {
  initial = await resetMock(mock.origin, { credits: CREDITS, analysisCost: ANALYSIS_COST, processingMs: 50 });
  expect(
    (
      await json(
        'createWebhookConfiguration',
        'POST',
        { url: `${receiver.origin}/hook`, analysisCompleted: true, analysisChangedStatus: true },
        BEARER,
      )
    ).status,
  ).toBe(200);
  folders = await Promise.all(
    Array.from({ length: FOLDERS }, async (_, k) => (await upload(`seed-${k}.pdf`)).json.data.folderPath as string),
  );
  const preRun = (await json('startFundRun', 'POST', { name: 'Before', folderPath: folders[0], projectMode: 'none' }))
    .json.data.fundExtractionId as string;
  sent = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => stormRequest(i, preRun)));
}, 120_000);

describe('200 concurrent mixed requests', () => {
  it('every answer is within the contract, with no server error', () => {
    for (const s of sent)
      expect(
        contractProblems(s.operationId, s.answer, { contractValid: s.contractValid }),
        `${s.kind}: ${s.answer.bodyText}`,
      ).toEqual([]);
    expect(sent.filter((s) => s.answer.status === 402).length, 'the credits run out during the storm').toBeGreaterThan(
      0,
    );
  });

  it('every accepted create is listed, no refused one is', async () => {
    const creates = [...accepted('create with analysis'), ...accepted('create without analysis')].map(
      (s) => s.answer.json.data.project.id as string,
    );
    const listed = await listedIds();
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual([...initial.projects.map((p) => p.id), ...creates].sort());
  });

  it('every accepted file is in its folder', async () => {
    const state = await mockState(mock.origin);
    for (const s of accepted('upload into folder'))
      expect(state.folders.find((f) => f.folderPath === s.folderPath)?.fileNames).toContain(s.fileName);
    for (const s of accepted('upload new folder'))
      expect(state.folders.find((f) => f.folderPath === s.answer.json.data.folderPath)?.fileNames).toEqual([
        s.fileName,
      ]);
    expect(accepted('upload into folder')).toHaveLength(REQUESTS / 10);
    expect(state.folders).toHaveLength(FOLDERS + REQUESTS / 10);
  });

  it('credits add up exactly', async () => {
    const runs = accepted('run').length + 1;
    const analyses = sent.filter((s) => s.answer.status === 200 && s.answer.json.data?.analysisId).length;
    const state = await mockState(mock.origin);
    expect(state.credits).toBe(CREDITS - RUN_COST * runs - ANALYSIS_COST * analyses);
    expect(state.fundRuns).toHaveLength(runs);
    // A refusal for credits happened when fewer were left than the call needed; they only go down.
    if (sent.some((s) => s.kind === 'run' && s.answer.status === 402)) expect(state.credits).toBeLessThan(RUN_COST);
  });

  it('after processing, every event reached the receiver exactly once', async () => {
    await settleMock(mock.origin);
    const state = await mockState(mock.origin);
    const analysisIds = sent
      .map((s) => s.answer.json?.data?.analysisId)
      .filter(Boolean)
      .sort();
    const runIds = state.fundRuns.map((r) => r.fundExtractionId).sort();
    const received = (event: string, key: string) =>
      receiver.received
        .filter((r) => r.body.event === event)
        .map((r) => r.body.data[key] as string)
        .sort();
    expect(received('analysisCompleted', 'analysisId')).toEqual(analysisIds);
    expect(received('fundAnalysisCompleted', 'fundExtractionId')).toEqual(runIds);
    expect(receiver.received).toHaveLength(analysisIds.length + runIds.length);
  });

  it('the history lists the deliveries newest first, in the order they happened', async () => {
    const project = (await json('createProject', 'POST', { companyName: 'Sequence', projectType: 'projectNoAnalysis' }))
      .json.data.project.id as string;
    // One delivery at a time, to a receiver path that answers 200 or 500, so the outcomes form a known pattern.
    const pattern = [
      'Success',
      'Error Response',
      'Success',
      'Success',
      'Error Response',
      'Error Response',
      'Success',
      'Error Response',
      'Success',
      'Error Response',
      'Error Response',
      'Success',
    ];
    for (const [n, outcome] of pattern.entries()) {
      const url = `${receiver.origin}/${outcome === 'Success' ? 'hook' : 'fail'}/${n}`;
      expect(
        (await json('updateWebhookConfiguration', 'PUT', { url, analysisChangedStatus: true }, BEARER)).status,
      ).toBe(200);
      const change = await httpCall(`${mock.origin}/__mock/projects/${project}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: `status-${n}` }),
      });
      expect(change.status).toBe(200);
      await settleMock(mock.origin);
    }
    const history = (await get('listWebhookDeliveries', '', BEARER)).json.data as {
      event: string;
      status: string;
      createdAt: string;
    }[];
    expect(history.map((d) => d.status)).toEqual(pattern.slice(-10).reverse());
    expect(history.every((d) => d.event === 'changedStatus')).toBe(true);
    const times = history.map((d) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(receiver.received.slice(-pattern.length).map((r) => r.path)).toEqual(
      pattern.map((o, n) => `/${o === 'Success' ? 'hook' : 'fail'}/${n}`),
    );
  });
});
