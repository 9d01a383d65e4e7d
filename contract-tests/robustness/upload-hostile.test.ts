// Hostile uploads: path traversal in folderPath and in file names, and a file that claims to be a
// PDF but is something else. The mock runs in its own process with its temp dir inside a fresh
// directory, so every file it writes can be found afterwards.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_A_DOCUMENT, SAMPLE_FILES } from '../fuzz/file-samples.ts';
import { TRAVERSAL_FILE_NAMES, TRAVERSAL_FOLDER_PATHS } from '../fuzz/multipart-faults.ts';
import { multipartBody, multipartContentType, type MultipartPart } from '../fuzz/multipart-body.ts';
import { contractProblems, operationUrl } from './support/contract-answer.ts';
import { mockState, resetMock } from '../support/control-api.ts';
import { httpCall } from '../support/http-call.ts';
import { useMockProcess } from './support/use-servers.ts';
import { tempDir } from './support/temp-dir.ts';

const BOUNDARY = 'hostile-upload';
const KEY = 'mock-api-key';
const temp = tempDir('robust-upload-');
const mock = useMockProcess({ env: { TMPDIR: temp.path } });
afterAll(() => temp.remove());
beforeEach(async () => {
  await resetMock(mock.origin);
});

const upload = (parts: MultipartPart[]) =>
  httpCall(operationUrl(mock.baseUrl, 'uploadFundFiles'), {
    method: 'POST',
    headers: { authorization: KEY, 'content-type': multipartContentType(BOUNDARY) },
    body: multipartBody(parts, BOUNDARY),
  });
const pdf = (filename: string): MultipartPart => ({ name: 'files', filename, ...SAMPLE_FILES.pdf });

function filesNamed(root: string, marker: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((p) => p.includes(marker))
    .map((p) => join(root, p));
}

describe('path traversal', () => {
  it.each(TRAVERSAL_FOLDER_PATHS)(
    'folderPath %j names no folder of the caller: 404 Error100, nothing stored',
    async (folderPath) => {
      const answer = await upload([pdf('report.pdf'), { name: 'folderPath', content: folderPath }]);
      expect(
        contractProblems('uploadFundFiles', answer, {
          contractValid: false,
          expected: { status: 404, code: 'Error100' },
        }),
      ).toEqual([]);
      expect((await mockState(mock.origin)).folders).toEqual([]);
    },
  );

  it('folderPath of an existing folder with ../ appended is not that folder', async () => {
    const first = await upload([pdf('report.pdf')]);
    expect(first.status).toBe(200);
    const folderPath: string = first.json.data.folderPath;
    for (const variant of [
      `${folderPath}/..`,
      `${folderPath}/../..`,
      `${folderPath}/../../${folderPath}`,
      `./${folderPath}`,
      `${folderPath}/`,
    ]) {
      const answer = await upload([pdf('second.pdf'), { name: 'folderPath', content: variant }]);
      expect(
        contractProblems('uploadFundFiles', answer, {
          contractValid: false,
          expected: { status: 404, code: 'Error100' },
        }),
        variant,
      ).toEqual([]);
    }
    const run = await httpCall(operationUrl(mock.baseUrl, 'startFundRun'), {
      method: 'POST',
      headers: { authorization: KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Traversal', folderPath: `${folderPath}/../..` }),
    });
    expect(run.status).toBeGreaterThanOrEqual(400);
    expect(contractProblems('startFundRun', run, { contractValid: undefined })).toEqual([]);
    const state = await mockState(mock.origin);
    expect(state.folders.map((f) => f.fileNames)).toEqual([['report.pdf']]);
    expect(state.fundRuns).toEqual([]);
  });

  it('file names with ../, absolute paths and NUL never write outside the upload folder', async () => {
    const marker = `escape-${randomUUID().slice(0, 8)}`;
    const names = TRAVERSAL_FILE_NAMES.map((n) => n.replace('fuzz-escape', marker));
    const storedNames: string[] = [];
    for (const name of names) {
      const answer = await upload([pdf(name)]);
      expect(contractProblems('uploadFundFiles', answer), name).toEqual([]);
      if (answer.status === 200) storedNames.push(...(answer.json.data.fileNames as string[]));
    }
    for (const stored of storedNames) {
      expect(stored).not.toMatch(/[/\\\u0000]/);
      expect(['.', '..', '']).not.toContain(stored);
    }
    // Every file carrying the marker sits directly in a folder of the mock's storage
    // (<temp root>/sessions/<session>/folders/<folder id>/<file>).
    for (const path of filesNamed(temp.path, marker)) {
      const parts = relative(temp.path, path).split(sep);
      expect(parts, path).toHaveLength(6);
      expect(parts[1]).toBe('sessions');
      expect(parts[3]).toBe('folders');
    }
    for (const outside of ['/tmp', '/etc', '/', process.cwd(), dirname(temp.path)])
      expect(existsSync(join(outside, `${marker}.pdf`)), outside).toBe(false);
    expect(storedNames.length).toBeGreaterThan(0);
  });
});

describe('file content', () => {
  it.each(NOT_A_DOCUMENT.map((content, i) => [i, content] as const))(
    'a "PDF" with other content (#%d) is refused and nothing is stored',
    async (_i, content) => {
      const answer = await upload([
        pdf('good.pdf'),
        { name: 'files', filename: 'annual-report.pdf', contentType: 'application/pdf', content },
      ]);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.json.description).toMatch(/annual-report\.pdf/);
      expect(contractProblems('uploadFundFiles', answer, { contractValid: false })).toEqual([]);
      expect((await mockState(mock.origin)).folders).toEqual([]);
    },
  );

  it('an XLS file named .pdf is refused: name and content must agree', async () => {
    const answer = await upload([
      { name: 'files', filename: 'sheet.pdf', contentType: 'application/pdf', content: SAMPLE_FILES.xls.content },
    ]);
    expect(contractProblems('uploadFundFiles', answer, { contractValid: false })).toEqual([]);
    expect((await mockState(mock.origin)).folders).toEqual([]);
  });

  it('a real PDF, XLSX and XLS are accepted (the refusals above are about content)', async () => {
    const answer = await upload([
      pdf('a.pdf'),
      { name: 'files', filename: 'b.xlsx', ...SAMPLE_FILES.xlsx },
      { name: 'files', filename: 'c.xls', ...SAMPLE_FILES.xls },
    ]);
    expect(contractProblems('uploadFundFiles', answer, { contractValid: true })).toEqual([]);
    expect(answer.json.data.fileNames).toEqual(['a.pdf', 'b.xlsx', 'c.xls']);
  });
});
