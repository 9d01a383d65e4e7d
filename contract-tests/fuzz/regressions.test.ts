// Requests the fuzzer found the mock answering wrongly, kept as named cases after the fix.
import { describe, expect, it } from 'vitest';
import { contractProblems, operationUrl } from '../robustness/support/contract-answer.ts';
import { resetMock } from '../support/control-api.ts';
import { httpCall } from '../support/http-call.ts';
import { useMockProcess } from '../robustness/support/use-servers.ts';
import { SAMPLE_FILES } from './file-samples.ts';
import { multipartBody, multipartContentType } from './multipart-body.ts';

const KEY = 'mock-api-key';

const mock = useMockProcess();

describe('fuzzer findings, fixed', () => {
  it('a JSON body over the limit gets its 413 envelope, not a reset connection (was: EPIPE, no answer)', async () => {
    const body = JSON.stringify({ name: 'Fund', folderPath: 'ð'.repeat(2 * 1024 * 1024) });
    const answer = await httpCall(operationUrl(mock.baseUrl, 'startFundRun'), {
      method: 'POST',
      headers: { authorization: KEY, 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(413);
    expect(contractProblems('startFundRun', answer, { contractValid: undefined })).toEqual([]);
  });

  it.each([' ', '\ufeff', '0x10', '1e1', '+1', ' 1'])(
    'page=%j is not a decimal integer: refused, not read as a number (was: 200)',
    async (page) => {
      const answer = await httpCall(operationUrl(mock.baseUrl, 'listProjects', `?page=${encodeURIComponent(page)}`), {
        method: 'GET',
        headers: { authorization: KEY },
      });
      expect(answer.status).toBe(400);
      expect(contractProblems('listProjects', answer, { contractValid: false })).toEqual([]);
    },
  );

  it.each([
    ['256 bytes', `${'a'.repeat(252)}.pdf`, 400],
    ['4000 emoji', `${'📄'.repeat(4000)}.pdf`, 400],
    ['255 bytes', `${'a'.repeat(251)}.pdf`, 200],
  ])('a file name of %s is answered %d (was: 500 ENAMETOOLONG)', async (_label, filename, status) => {
    const answer = await httpCall(operationUrl(mock.baseUrl, 'uploadFundFiles'), {
      method: 'POST',
      headers: { authorization: KEY, 'content-type': multipartContentType('long-name') },
      body: multipartBody([{ name: 'files', filename, ...SAMPLE_FILES.pdf }], 'long-name'),
    });
    expect(answer.status).toBe(status);
    expect(contractProblems('uploadFundFiles', answer)).toEqual([]);
  });

  it('a reset during an upload succeeds, and the upload gets a clear error (was: reset 400 ENOTEMPTY, upload 500)', async () => {
    const boundary = 'reset-race';
    async function* slowUpload() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      yield SAMPLE_FILES.pdf.content;
      for (let i = 0; i < 20; i += 1) {
        yield Buffer.alloc(64 * 1024, 0x20);
        await new Promise((r) => setTimeout(r, 50));
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const upload = httpCall(operationUrl(mock.baseUrl, 'uploadFundFiles'), {
      method: 'POST',
      headers: { authorization: KEY, 'content-type': multipartContentType(boundary) },
      body: slowUpload(),
    });
    await new Promise((r) => setTimeout(r, 300));
    const state = await resetMock(mock.origin);
    const answer = await upload;
    expect(answer.status).toBe(409);
    expect(contractProblems('uploadFundFiles', answer)).toEqual([]);
    expect(state.folders).toEqual([]);
  });
});
