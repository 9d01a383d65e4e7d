// Real data-room files through Prism: a genuine PDF and XLSX (non-ASCII bytes, as every real upload
// has) must pass Prism's request validation in the mock and in the validation proxy. Prism checks
// multipart parts listed under `encoding` for reserved characters unless `allowReserved` is set.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { contractValidator } from '../../contract-tests/support/contract-validator.ts';
import { hasNonAsciiByte, minimalPdf, minimalXlsx } from '../../contract-tests/support/real-documents.ts';
import { startPrism, type RunningPrism } from './prism-process.ts';
import { prismUpstream } from './upstream.ts';

const UPLOAD = '/integrationfund/fund/upload';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function dataRoomForm(files: Array<[Buffer, string, string]>): FormData {
  const form = new FormData();
  for (const [data, type, name] of files) form.append('files', new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

const pdfFile: [Buffer, string, string] = [minimalPdf(), 'application/pdf', 'Q4-2025-report.pdf'];
const xlsxFile: [Buffer, string, string] = [minimalXlsx(), XLSX_TYPE, 'capital-account.xlsx'];

async function upload(baseUrl: string, form: FormData) {
  const response = await fetch(`${baseUrl}${UPLOAD}`, { method: 'POST', headers: { authorization: 'mock-api-key' }, body: form });
  return { status: response.status, violations: response.headers.get('sl-violations'), body: (await response.json()) as unknown };
}

it('the test files are binary, as real PDF and XLSX files are', () => {
  expect(hasNonAsciiByte(pdfFile[0])).toBe(true);
  expect(hasNonAsciiByte(xlsxFile[0])).toBe(true);
});

describe('Prism mock (npm run mock:prism) with real files', () => {
  let prism: RunningPrism;
  beforeAll(async () => {
    prism = await startPrism({ mode: 'mock' }, { port: 0 });
  });
  afterAll(async () => {
    await prism?.close();
  });

  it.each([
    ['a PDF', [pdfFile]],
    ['an XLSX workbook', [xlsxFile]],
    ['a PDF and an XLSX workbook', [pdfFile, xlsxFile]],
  ])('accepts %s and answers the upload result', async (_what, files) => {
    const res = await upload(prism.baseUrl, dataRoomForm(files));
    expect(res.violations).toBeNull();
    expect(res.status).toBe(200);
    expect(contractValidator().validateResponse('POST', UPLOAD, 200, res.body).violations).toEqual([]);
  });
});

describe('Prism validation proxy (npm run proxy:prism) with real files', () => {
  let upstream: Server;
  let prism: RunningPrism;
  const received: number[] = [];
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => {
        received.push(size);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(contract.components.examples.FundUploadResult.value));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`;
    prism = await startPrism({ mode: 'proxy', upstream: prismUpstream(upstreamBase) }, { port: 0 });
  });
  afterAll(async () => {
    await prism?.close();
    await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  });

  it('forwards a PDF and an XLSX upload without a request violation', async () => {
    const res = await upload(prism.baseUrl, dataRoomForm([pdfFile, xlsxFile]));
    expect(res.violations).toBeNull();
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
  });
});
