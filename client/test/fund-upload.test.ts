import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractNode } from '../src/contract-document.ts';
import { clientWith, jsonResponse, metadataBody } from './doubles/fake-fetch.ts';
import { CONTENT_TYPE_BY_EXTENSION, type FundFile } from '../src/fund-files.ts';
import { uploadLimits } from '../src/upload-limits.ts';

const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XLS = 'application/vnd.ms-excel';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fund-upload-'));
  await writeFile(join(dir, 'Q4-report.pdf'), '%PDF-1.7 report');
  await writeFile(join(dir, 'notes.docx'), 'not accepted');
  // Sparse: one byte over the limit without writing 100 MB.
  await writeFile(join(dir, 'huge.pdf'), '');
  await truncate(join(dir, 'huge.pdf'), uploadLimits.maxFileBytes + 1);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An upload endpoint that stores every file under one folder per first call, like the service. */
function uploadEndpoint() {
  let folders = 0;
  return async (request: Request) => {
    const form = await request.formData();
    const folderPath = (form.get('folderPath') as string | null) ?? `uploads/folder-${++folders}`;
    const fileNames = form.getAll('files').map((f) => (f as File).name);
    return jsonResponse(200, metadataBody({ folderPath, fileNames }));
  };
}

async function partsOf(request: Request | undefined) {
  const form = await (request as Request).formData();
  const files = await Promise.all(
    form.getAll('files').map(async (f) => {
      const file = f as File;
      return { name: file.name, type: file.type, text: await file.text() };
    }),
  );
  return { files, folderPath: form.get('folderPath'), keys: [...new Set(form.keys())] };
}

describe('fund upload: multipart', () => {
  it('sends paths, Buffers, Blobs and Files as one files part each', async () => {
    const { client, requests } = clientWith(uploadEndpoint());
    const result = await client.uploadFundFiles([
      join(dir, 'Q4-report.pdf'),
      { name: 'capital-account.xlsx', data: Buffer.from('xlsx bytes') },
      { name: 'legacy.XLS', data: new Blob(['xls bytes']) },
      new File(['second pdf'], 'annex.pdf', { type: PDF }),
    ]);
    expect(result.data).toEqual({
      folderPath: 'uploads/folder-1',
      fileNames: ['Q4-report.pdf', 'capital-account.xlsx', 'legacy.XLS', 'annex.pdf'],
    });
    expect(requests[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await partsOf(requests[0])).toEqual({
      keys: ['files'],
      folderPath: null,
      files: [
        { name: 'Q4-report.pdf', type: PDF, text: '%PDF-1.7 report' },
        { name: 'capital-account.xlsx', type: XLSX, text: 'xlsx bytes' },
        { name: 'legacy.XLS', type: XLS, text: 'xls bytes' },
        { name: 'annex.pdf', type: PDF, text: 'second pdf' },
      ],
    });
  });

  it('adds to an earlier folder when given its folderPath', async () => {
    const { client, requests } = clientWith(uploadEndpoint());
    await client.uploadFundFiles([{ name: 'a.pdf', data: Buffer.from('a') }], { folderPath: 'uploads/existing' });
    expect((await partsOf(requests[0])).folderPath).toBe('uploads/existing');
  });

  it('uploads a data room over several calls, reusing the folderPath of the first', async () => {
    const { client, requests } = clientWith(uploadEndpoint());
    const files = Array.from({ length: 7 }, (_, i) => ({ name: `doc-${i}.pdf`, data: Buffer.from(`doc ${i}`) }));
    const result = await client.uploadDataRoom(files, { filesPerCall: 3 });
    expect(result).toEqual({ folderPath: 'uploads/folder-1', fileNames: files.map((f) => f.name) });
    const calls = await Promise.all(requests.map(partsOf));
    expect(calls.map((c) => c.files.length)).toEqual([3, 3, 1]);
    expect(calls.map((c) => c.folderPath)).toEqual([null, 'uploads/folder-1', 'uploads/folder-1']);
  });

  it('says what was already stored when a later call of a data room fails', async () => {
    const endpoint = uploadEndpoint();
    let calls = 0;
    const { client } = clientWith((request) =>
      ++calls === 2
        ? jsonResponse(500, { code: 'Error0', title: 'Engine unavailable', description: 'Retry later', data: null })
        : endpoint(request),
    );
    const files = Array.from({ length: 4 }, (_, i) => ({ name: `doc-${i}.pdf`, data: Buffer.from('x') }));
    const error = await client.uploadDataRoom(files, { filesPerCall: 2 }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'engine-unavailable',
      code: 'Error0',
      storedBeforeFailure: { folderPath: 'uploads/folder-1', fileNames: ['doc-0.pdf', 'doc-1.pdf'] },
    });
    expect((error as Error).message).toContain('already stored in folder uploads/folder-1: doc-0.pdf, doc-1.pdf');
  });
});

describe('fund upload: limits from the contract, refused before sending', () => {
  it('reads the limits the contract states', () => {
    const files = contractNode('#/components/schemas/FundUploadRequest/properties/files/items');
    expect(uploadLimits).toEqual({
      maxFileBytes: files['x-max-file-bytes'],
      allowedFileTypes: files['x-allowed-file-types'],
      allowedContentTypes: [PDF, XLSX, XLS, 'application/octet-stream'],
      maxFolderFiles: 50,
    });
    expect(uploadLimits.maxFileBytes).toBe(100 * 1024 * 1024);
    // The content type sent per extension is one the contract's encoding allows, for exactly its types.
    expect(Object.keys(CONTENT_TYPE_BY_EXTENSION).sort()).toEqual([...uploadLimits.allowedFileTypes].sort());
    for (const type of Object.values(CONTENT_TYPE_BY_EXTENSION))
      expect(uploadLimits.allowedContentTypes).toContain(type);
  });

  const refusals: [string, () => FundFile[] | Promise<FundFile[]>, RegExp][] = [
    [
      'a file type other than PDF, XLSX or XLS (path)',
      () => [join(dir, 'notes.docx')],
      /notes\.docx: only pdf, xlsx, xls/,
    ],
    [
      'a file type other than PDF, XLSX or XLS (Buffer)',
      () => [{ name: 'deck.pptx', data: Buffer.from('x') }],
      /deck\.pptx: only/,
    ],
    ['a name without an extension', () => [{ name: 'README', data: Buffer.from('x') }], /README: only/],
    [
      'an accepted extension with a content type the contract does not allow',
      () => [new File(['x'], 'report.pdf', { type: 'text/html' })],
      /content type text\/html is not accepted/,
    ],
    [
      'a file over 100 MB (path)',
      () => [join(dir, 'huge.pdf')],
      /huge\.pdf: 104857601 bytes is over the 104857600-byte limit/,
    ],
    [
      'a file over 100 MB (Blob)',
      async () => [{ name: 'huge.xlsx', data: await openAsBlob(join(dir, 'huge.pdf')) }],
      /huge\.xlsx: 104857601 bytes/,
    ],
    [
      'more than 50 files for one run',
      () => Array.from({ length: 51 }, (_, i) => ({ name: `f${i}.pdf`, data: Buffer.from('x') })),
      /51 files .* over the 50 files a run accepts/,
    ],
    ['a path that does not exist', () => [join(dir, 'missing.pdf')], /missing\.pdf: cannot be read/],
    ['no file at all', () => [], /at least one file/],
    ['a Buffer without a name', () => [{ name: '', data: Buffer.from('x') } as FundFile], /non-empty name/],
  ];

  it.each(refusals)('refuses %s, sending nothing', async (_what, files, message) => {
    const { client, requests } = clientWith(uploadEndpoint());
    const given = await files();
    await expect(client.uploadFundFiles(given)).rejects.toMatchObject({
      kind: 'refused',
      status: null,
      code: null,
      description: expect.stringMatching(message),
    });
    await expect(client.uploadDataRoom(given)).rejects.toMatchObject({ kind: 'refused' });
    expect(requests).toHaveLength(0);
  });

  it('refuses a data room with one bad file anywhere before the first call, so nothing is half uploaded', async () => {
    const { client, requests } = clientWith(uploadEndpoint());
    const files: FundFile[] = [
      ...Array.from({ length: 5 }, (_, i) => ({ name: `ok-${i}.pdf`, data: Buffer.from('x') })),
      { name: 'bad.exe', data: Buffer.from('x') },
    ];
    await expect(client.uploadDataRoom(files, { filesPerCall: 2 })).rejects.toMatchObject({ kind: 'refused' });
    expect(requests).toHaveLength(0);
  });

  it('counts files it already stored in a folder toward the 50 a run accepts', async () => {
    const { client, requests } = clientWith(uploadEndpoint());
    const batch = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ name: `${prefix}-${i}.pdf`, data: Buffer.from('x') }));
    const { folderPath } = await client.uploadDataRoom(batch(40, 'first'), { filesPerCall: 20 });
    await expect(client.uploadFundFiles(batch(11, 'more'), { folderPath })).rejects.toMatchObject({
      kind: 'refused',
      description: expect.stringContaining('51 files (40 already in the folder)'),
    });
    await client.uploadFundFiles(batch(10, 'last'), { folderPath });
    expect(requests).toHaveLength(3);
  });
});
