// Isolation between two users with their own keys, tokens and fund roles: one cannot read or run
// the other's fund folders (Error100 / Error212 as specified) or company records, and never sees
// the other's webhook configuration, deliveries or events. B holds the reader role on one of A's
// funds, which shows the refusals are about roles, not about B.
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../fuzz/file-samples.ts';
import { multipartBody, multipartContentType } from '../fuzz/multipart-body.ts';
import { contractProblems, operation, operationUrl } from './support/contract-answer.ts';
import { mockState, resetMock, settleMock, type MockStateSnapshot } from '../support/control-api.ts';
import { httpCall, type HttpAnswer } from '../support/http-call.ts';
import { useMockProcess, useWebhookReceiver } from './support/use-servers.ts';

const A = { id: 'user-a', name: 'User A', email: 'a@isolation.example', apiKey: 'key-a', accessToken: 'token-a' };
const B = {
  id: 'user-b',
  name: 'User B',
  email: 'b@isolation.example',
  apiKey: 'key-b',
  accessToken: 'token-b',
  fundRoles: { 'fund-user-a-shared-fund': 'reader' },
};
type User = typeof A;

const a = { folderPath: '', privateRun: '', sharedRun: '', projectId: '', analysisId: '' };

function call(
  user: User,
  operationId: string,
  options: { query?: string; json?: unknown; multipart?: Uint8Array; bearer?: boolean } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {
    authorization: options.bearer ? `Bearer ${user.accessToken}` : user.apiKey,
  };
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.multipart) headers['content-type'] = multipartContentType('iso');
  return httpCall(operationUrl(mock.baseUrl, operationId, options.query ?? ''), {
    method: operation(operationId).method,
    headers,
    body: options.multipart ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
}
const pdfUpload = (folderPath?: string) =>
  multipartBody(
    [
      { name: 'files', filename: 'b.pdf', ...SAMPLE_FILES.pdf },
      ...(folderPath ? [{ name: 'folderPath', content: folderPath }] : []),
    ],
    'iso',
  );
const ok = (answer: HttpAnswer, operationId: string) => {
  expect(contractProblems(operationId, answer, { contractValid: true }), answer.bodyText).toEqual([]);
  expect(answer.status).toBe(200);
  return answer.json;
};

const mock = useMockProcess();
const receiver = useWebhookReceiver();
beforeAll(async () => {
  await resetMock(mock.origin, { users: [A, B], processingMs: 20 });
  ok(
    await call(A, 'createWebhookConfiguration', {
      bearer: true,
      json: { url: `${receiver.origin}/a`, analysisCompleted: true },
    }),
    'createWebhookConfiguration',
  );
  const upload = ok(await call(A, 'uploadFundFiles', { multipart: pdfUpload() }), 'uploadFundFiles');
  a.folderPath = upload.data.folderPath;
  a.privateRun = ok(
    await call(A, 'startFundRun', { json: { name: 'Private Fund', folderPath: a.folderPath } }),
    'startFundRun',
  ).data.fundExtractionId;
  a.sharedRun = ok(
    await call(A, 'startFundRun', { json: { name: 'Shared Fund', folderPath: a.folderPath } }),
    'startFundRun',
  ).data.fundExtractionId;
  const created = ok(
    await call(A, 'createProject', {
      json: { companyName: 'A Secret Co', projectType: 'projectAnalysisWithFile', notesText: 'secret' },
    }),
    'createProject',
  );
  a.projectId = created.data.project.id;
  a.analysisId = created.data.analysisId;
  await settleMock(mock.origin);
});

describe('fund folders and runs', () => {
  it('the seeded role names the shared fund (the fundId the mock gives it)', async () => {
    const runs = (await mockState(mock.origin)).fundRuns;
    expect(runs.find((r) => r.fundExtractionId === a.sharedRun)?.fundId).toBe('fund-user-a-shared-fund');
  });

  it("B cannot upload into A's folder: 404 Error100, A's folder unchanged", async () => {
    const answer = await call(B, 'uploadFundFiles', { multipart: pdfUpload(a.folderPath) });
    expect(
      contractProblems('uploadFundFiles', answer, {
        contractValid: undefined,
        expected: { status: 404, code: 'Error100' },
      }),
    ).toEqual([]);
    const folders = (await mockState(mock.origin)).folders;
    expect(folders.map((f) => [f.ownerUserId, f.fileNames])).toEqual([['user-a', ['b.pdf']]]);
  });

  it("B cannot run A's folder: refused, nothing charged, no run created", async () => {
    const before = await mockState(mock.origin);
    const answer = await call(B, 'startFundRun', { json: { name: 'Stolen', folderPath: a.folderPath } });
    expect(answer.status).toBe(404);
    expect(answer.json.code).toBe('Error100');
    expect(contractProblems('startFundRun', answer, { contractValid: undefined })).toEqual([]);
    const after = await mockState(mock.origin);
    expect([after.credits, after.fundRuns.length]).toEqual([before.credits, before.fundRuns.length]);
  });

  it("B cannot read A's run it has no role on: 403 Error212", async () => {
    const answer = await call(B, 'getFundRunSummary', { query: `?fundExtractionId=${a.privateRun}` });
    expect(
      contractProblems('getFundRunSummary', answer, {
        contractValid: true,
        expected: { status: 403, code: 'Error212' },
      }),
    ).toEqual([]);
  });

  it('B reads the run it is a reader of, as reader; A as owner', async () => {
    expect(
      ok(await call(B, 'getFundRunSummary', { query: `?fundExtractionId=${a.sharedRun}` }), 'getFundRunSummary').data
        .myRole,
    ).toBe('reader');
    expect(
      ok(await call(A, 'getFundRunSummary', { query: `?fundExtractionId=${a.sharedRun}` }), 'getFundRunSummary').data
        .myRole,
    ).toBe('owner');
  });

  it('a run that does not exist: 404 Error100', async () => {
    const answer = await call(B, 'getFundRunSummary', {
      query: '?fundExtractionId=00000000-0000-4000-8000-000000000000',
    });
    expect(
      contractProblems('getFundRunSummary', answer, {
        contractValid: true,
        expected: { status: 404, code: 'Error100' },
      }),
    ).toEqual([]);
  });
});

describe('company records', () => {
  it("B's list and search hold none of A's projects", async () => {
    const list = ok(await call(B, 'listProjects', { query: '?pageSize=100' }), 'listProjects');
    expect(list.data).toEqual([]);
    const search = ok(await call(B, 'searchProjects', { query: '?keywords=secret' }), 'searchProjects');
    expect(search.data.data).toEqual([]);
    expect(ok(await call(A, 'searchProjects', { query: '?keywords=secret' }), 'searchProjects').data.data).toEqual([
      { id: a.projectId },
    ]);
  });

  it.each([
    ['listProjects', () => `?id=${a.projectId}`],
    ['getFullReport', () => `?projectId=${a.projectId}`],
    ['getAnalysisDetail', () => `?analysisId=${a.analysisId}`],
    ['retrieveReport', () => `?projectId=${a.projectId}&analysisId=${a.analysisId}`],
  ])("B cannot read A's records through %s", async (operationId, query) => {
    const answer = await call(B, operationId, { query: query() });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(contractProblems(operationId, answer)).toEqual([]);
    expect(answer.bodyText).not.toContain('A Secret Co');
    expect(ok(await call(A, operationId, { query: query() }), operationId).data).not.toBeNull();
  });

  it("B cannot attach a message to A's project", async () => {
    const answer = await call(B, 'processMessage', { json: { projectId: a.projectId, content: 'from B' } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(contractProblems('processMessage', answer)).toEqual([]);
    const project = (await mockState(mock.origin)).projects.find((p) => p.id === a.projectId);
    expect(project?.messages).toEqual([]);
  });
});

describe('webhooks', () => {
  const deliveries = (state: MockStateSnapshot, user: string) => state.webhookDeliveries[user] ?? [];

  it("B does not see A's configuration, and saving B's leaves A's as it was", async () => {
    expect(ok(await call(B, 'getWebhookConfiguration', { bearer: true }), 'getWebhookConfiguration').data).toBeNull();
    ok(
      await call(B, 'updateWebhookConfiguration', {
        bearer: true,
        json: { url: `${receiver.origin}/b`, analysisCompleted: true },
      }),
      'updateWebhookConfiguration',
    );
    expect(ok(await call(A, 'getWebhookConfiguration', { bearer: true }), 'getWebhookConfiguration').data.url).toBe(
      `${receiver.origin}/a`,
    );
    expect(ok(await call(B, 'getWebhookConfiguration', { bearer: true }), 'getWebhookConfiguration').data.url).toBe(
      `${receiver.origin}/b`,
    );
  });

  it("each user's events go to their own receiver and appear only in their own history", async () => {
    ok(
      await call(B, 'createProject', {
        json: { companyName: 'B Co', projectType: 'projectAnalysisNoFile', companyWebsite: 'https://b.example' },
      }),
      'createProject',
    );
    await settleMock(mock.origin);
    const byPath = (path: string) =>
      receiver.received.filter((r) => r.path === path).map((r) => r.body.data.projectName ?? r.body.data.name);
    expect(byPath('/a')).toEqual(expect.arrayContaining(['A Secret Co', 'Private Fund', 'Shared Fund']));
    expect(byPath('/a')).not.toContain('B Co');
    expect(byPath('/b')).toEqual(['B Co']);
    const historyA = ok(await call(A, 'listWebhookDeliveries', { bearer: true }), 'listWebhookDeliveries').data;
    const historyB = ok(await call(B, 'listWebhookDeliveries', { bearer: true }), 'listWebhookDeliveries').data;
    expect(historyA).toHaveLength(byPath('/a').length);
    expect(historyB).toHaveLength(1);
    const state = await mockState(mock.origin);
    expect([deliveries(state, 'user-a').length, deliveries(state, 'user-b').length]).toEqual([historyA.length, 1]);
  });
});
