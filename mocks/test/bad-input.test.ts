// Bad input: each gets a clear 4xx in the contract's envelope (marked X-Mock-Gap), the mock keeps
// serving, and no partial folder, file or run is left behind. Oversize files are streamed.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDF, pdf, fundForm } from './support/files.ts';
import { API_KEY, useMock } from '../../contract-tests/support/mock-under-test.ts';

const mock = useMock();
const auth = { authorization: API_KEY };
const MAX_FILE_BYTES = 104_857_600;

async function expectStillServing() {
  const list = await mock.raw('/api/integration/projects', { headers: auth });
  expect(list.status).toBe(200);
}

async function expectNothingLeft() {
  const state = await mock.control.state();
  expect(state.folders).toEqual([]);
  expect(state.fundRuns).toEqual([]);
  expect(await readdir(join(state.uploadsDir, 'staging')).catch(() => [])).toEqual([]);
  expect(await readdir(join(state.uploadsDir, 'folders')).catch(() => [])).toEqual([]);
}

/** Sends a streamed multipart body to the fund upload. */
function postStream({ body, contentType }: { body: ReadableStream<Uint8Array>; contentType: string }) {
  return mock.raw('/api/integrationfund/fund/upload', {
    method: 'POST',
    headers: { ...auth, 'content-type': contentType },
    body,
    duplex: 'half',
  } as RequestInit);
}

function expectMockError(response: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
  expect(response.body).toMatchObject({ title: expect.any(String), description: expect.any(String), data: null });
  expect(response.headers.get('x-mock-gap')).toBeTruthy();
}

/** A multipart body streamed in chunks: a PDF file part of `size` bytes, optionally left unterminated. */
function streamedUpload(size: number, { terminate = true } = {}) {
  const boundary = 'mock-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(terminate ? `\r\n--${boundary}--\r\n` : '');
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  PDF.copy(chunk);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= size) {
        if (tail.length) controller.enqueue(tail);
        controller.close();
        return;
      }
      const n = Math.min(chunk.length, size - sent);
      // A fresh view each time, of the same memory: the test itself never holds the file.
      controller.enqueue(
        sent === 0
          ? chunk.subarray(0, n)
          : Buffer.from(chunk.buffer, chunk.byteOffset + PDF.length, Math.min(n, chunk.length - PDF.length)),
      );
      sent += sent === 0 ? n : Math.min(n, chunk.length - PDF.length);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('malformed requests', () => {
  it('malformed JSON gets 400 MOCK_MALFORMED_JSON', async () => {
    for (const body of ['{"companyName":', '', 'null']) {
      const response = await mock.raw('/api/integration/project', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
      expect(response.status, body).toBe(400);
      expect(response.body.code, body).toMatch(/^MOCK_(MALFORMED_JSON|INVALID_REQUEST)$/);
    }
    const broken = await mock.raw('/api/integration/project', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"a":',
    });
    expectMockError(broken, 400, 'MOCK_MALFORMED_JSON');
    await expectStillServing();
  });

  it('a wrong content type gets 415 MOCK_UNSUPPORTED_MEDIA_TYPE', async () => {
    const json = JSON.stringify({ companyName: 'x', projectType: 'projectNoAnalysis' });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await mock.raw('/api/integration/project', {
        method: 'POST',
        headers: { ...auth, 'content-type': contentType },
        body: json,
      });
      expectMockError(response, 415, 'MOCK_UNSUPPORTED_MEDIA_TYPE');
    }
    const multipartToJson = await mock.raw('/api/integration/processmessage', {
      method: 'POST',
      headers: auth,
      body: fundForm([pdf('a.pdf')]),
    });
    expectMockError(multipartToJson, 415, 'MOCK_UNSUPPORTED_MEDIA_TYPE');
    const jsonToUpload = await mock.raw('/api/integrationfund/fund/upload', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expectMockError(jsonToUpload, 415, 'MOCK_UNSUPPORTED_MEDIA_TYPE');
    expect((await mock.control.state()).projects).toHaveLength(1);
    await expectStillServing();
  });

  it.each([
    ['/api/integration/analysis/detail?analysisId=not-a-uuid', 'query parameter analysisId must match format "uuid"'],
    ['/api/integration/analysis/detail', 'query parameter analysisId is required'],
    ['/api/integration/projects?pageSize=0', 'query parameter pageSize must be >= 1'],
    ['/api/integration/projects?page=-1', 'query parameter page must be >= 0'],
    ['/api/integration/projects?page=abc', 'query parameter page must be integer'],
    ['/api/integrationfund/fund?fundExtractionId=1', 'query parameter fundExtractionId must match format "uuid"'],
  ])('invalid parameters get 400 MOCK_INVALID_REQUEST: %s', async (path, message) => {
    const response = await mock.raw(path, { headers: auth });
    expectMockError(response, 400, 'MOCK_INVALID_REQUEST');
    expect(response.body.description).toContain(message);
  });

  it('an invalid JSON body gets 400 MOCK_INVALID_REQUEST naming the problem, and nothing is created', async () => {
    const post = (path: string, body: unknown) =>
      mock.raw(path, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const cases: [string, unknown, string][] = [
      ['/api/integration/project', { projectType: 'projectNoAnalysis' }, 'body.companyName is required'],
      [
        '/api/integration/project',
        { companyName: 'x', projectType: 'other' },
        'body.projectType must be one of: projectAnalysisWithFile, projectAnalysisNoFile, projectNoAnalysis',
      ],
      [
        '/api/integration/project',
        { companyName: 'x', projectType: 'projectNoAnalysis', docLink: 'not a url' },
        'body.docLink must match format "uri"',
      ],
      [
        '/api/integrationfund/fund/run',
        { name: 'x', folderPath: 'y', refDate: '31.12.2025' },
        'body.refDate must match format "date"',
      ],
      ['/api/integrationfund/fund/run', { folderPath: 'y' }, 'body.name is required'],
      ['/api/integration/processmessage', [], 'body must be object'],
    ];
    for (const [path, body, message] of cases) {
      const response = await post(path, body);
      expectMockError(response, 400, 'MOCK_INVALID_REQUEST');
      expect(response.body.description).toContain(message);
    }
    const state = await mock.control.state();
    expect([state.projects.length, state.fundRuns.length, state.credits]).toEqual([1, 0, 1000]);
  });

  it('an unknown path gets 404 MOCK_NOT_FOUND, another method on a known path 405 MOCK_METHOD_NOT_ALLOWED, in the envelope', async () => {
    expectMockError(await mock.raw('/api/nope', { headers: auth }), 404, 'MOCK_NOT_FOUND');
    expectMockError(await mock.raw('/api/integration/project', { headers: auth }), 405, 'MOCK_METHOD_NOT_ALLOWED');
    expectMockError(
      await mock.raw('/api/integration/projects', { method: 'DELETE', headers: auth }),
      405,
      'MOCK_METHOD_NOT_ALLOWED',
    );
    expectMockError(await mock.raw('/elsewhere'), 404, 'MOCK_NOT_FOUND');
    await expectStillServing();
  });
});

describe('uploads', () => {
  it('a truncated multipart body gets 400 MOCK_INVALID_MULTIPART and leaves nothing behind', async () => {
    const response = await postStream(streamedUpload(256 * 1024, { terminate: false }));
    expectMockError(response, 400, 'MOCK_INVALID_MULTIPART');
    await expectNothingLeft();
    await expectStillServing();
  });

  it('an upload aborted by the client leaves nothing behind', async () => {
    const { uploadsDir } = await mock.control.state();
    const staged = async () => (await readdir(join(uploadsDir, 'staging')).catch(() => [])).length;
    const controller = new AbortController();
    const { body, contentType } = streamedUpload(50 * 1024 * 1024);
    const reader = body.getReader();
    let sent = 0;
    let abortedWhileWriting = false;
    const aborting = new ReadableStream<Uint8Array>({
      async pull(c) {
        const { value, done } = await reader.read();
        if (done) return c.close();
        sent += value.length;
        c.enqueue(value);
        if (sent > 4 * 1024 * 1024) {
          // Abort only once the mock is writing the upload, so the clean-up is what is tested.
          await expect.poll(staged, { timeout: 5000 }).toBe(1);
          abortedWhileWriting = true;
          controller.abort();
        }
      },
    });
    await expect(
      fetch(`${mock.baseUrl}/integrationfund/fund/upload`, {
        method: 'POST',
        headers: { ...auth, 'content-type': contentType },
        body: aborting,
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit),
    ).rejects.toThrow();
    expect(abortedWhileWriting).toBe(true);
    await expect.poll(staged, { timeout: 5000 }).toBe(0);
    await expectNothingLeft();
    await expectStillServing();
  });

  it('a file over 100 MB gets 413 MOCK_FILE_TOO_LARGE, streamed (not held in memory), leaving nothing behind', async () => {
    let peak = 0;
    const base = process.memoryUsage();
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.arrayBuffers - base.arrayBuffers + (now.heapUsed - base.heapUsed));
    }, 5);
    const response = await postStream(streamedUpload(MAX_FILE_BYTES + 1));
    clearInterval(sampler);
    expectMockError(response, 413, 'MOCK_FILE_TOO_LARGE');
    expect(response.body.description).toContain('big.pdf');
    // Holding the file would take over 100 MB; streaming costs only chunks waiting for the collector.
    expect(peak, `memory grew by ${Math.round(peak / 1e6)} MB`).toBeLessThan(80 * 1024 * 1024);
    await expectNothingLeft();
    await expectStillServing();
  }, 60_000);
});

describe('control API input', () => {
  it('refuses an invalid or inconsistent seed with 400 and keeps the state', async () => {
    const before = await mock.control.state();
    const invalid = await mock.raw('/__mock/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credits: -1 }),
    });
    expect([invalid.status, invalid.body.code]).toEqual([400, 'MOCK_INVALID_REQUEST']);
    const unknownKey = await mock.raw('/__mock/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credit: 5 }),
    });
    expect(unknownKey.status).toBe(400);
    const orphan = await mock.raw('/__mock/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { projects: [{ ownerUserId: 'nobody', companyName: 'Orphan' }] } }),
    });
    expect([orphan.status, orphan.body.code]).toEqual([400, 'MOCK_INVALID_SEED']);
    expect(orphan.body.description).toContain('nobody');
    const after = await mock.control.state();
    expect(after.projects).toEqual(before.projects);
    const unknownProject = await mock.control.changeStatus('nope', { code: 'x' });
    expect([unknownProject.status, unknownProject.body.code]).toEqual([404, 'MOCK_NOT_FOUND']);
  });
});
