// Faults in multipart uploads: no file, wrong part names, files whose type or content lies, path
// traversal in file names and folderPath, file names longer than a file system takes, malformed
// multipart framing, JSON instead of multipart, huge text fields, many parts. Where the contract leaves the part names and file rules open (files
// for an analysis), faults about them are not judged as contract violations.
import fc from 'fast-check';
import type { ContractOperation } from './contract-operations.ts';
import { NOT_A_DOCUMENT, SAMPLE_FILES } from './file-samples.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { hugeStringArbitrary } from './hostile-values.ts';
import { multipartBody, multipartContentType, type MultipartPart } from './multipart-body.ts';
import {
  BOUNDARY,
  multipartFields,
  validMultipartArbitrary,
  validRequestArbitrary,
  type FuzzContext,
} from './valid-request.ts';

export const TRAVERSAL_FILE_NAMES = [
  '../../../../tmp/fuzz-escape.pdf',
  '..\\..\\..\\fuzz-escape.pdf',
  '/etc/fuzz-escape.pdf',
  'a/../../../fuzz-escape.pdf',
  '%2e%2e%2f%2e%2e%2ffuzz-escape.pdf',
  '....//....//fuzz-escape.pdf',
  'C:\\Windows\\fuzz-escape.pdf',
  '.',
  '..',
  'nul\u0000.pdf',
];

export const TRAVERSAL_FOLDER_PATHS = [
  '..',
  '../',
  '../../../../etc',
  '/etc',
  '/',
  '.',
  'uploads/../../..',
  '%2e%2e%2f',
  '..\\..',
  '\u0000',
];

interface MultipartFault {
  name: string;
  /** Whether the fault breaks a rule the contract states for this operation. */
  breaksContract: (op: ContractOperation) => boolean;
  /** Faults on text fields apply only where the contract names text fields. */
  needsTextFields?: boolean;
  /** The answer the contract prescribes, when it prescribes one. */
  expected?: (op: ContractOperation) => FuzzRequest['expected'];
  body: (
    op: ContractOperation,
    valid: MultipartPart[],
  ) => fc.Arbitrary<{ contentType: string | undefined; payload: Uint8Array }>;
}

/** The contract names the parts and file rules of an operation only when its schema has properties. */
const namedParts = (op: ContractOperation) => multipartFields(op).text.length > 0;
const framed = (parts: MultipartPart[]) => ({
  contentType: multipartContentType(BOUNDARY),
  payload: multipartBody(parts, BOUNDARY),
});
const fileParts = (op: ContractOperation, parts: MultipartPart[]) =>
  parts.filter((p) => p.name === multipartFields(op).files);
const textParts = (op: ContractOperation, parts: MultipartPart[]) =>
  parts.filter((p) => p.name !== multipartFields(op).files);

const FAULTS: MultipartFault[] = [
  { name: 'no files', breaksContract: () => true, body: (op, valid) => fc.constant(framed(textParts(op, valid))) },
  {
    name: 'wrong part name',
    breaksContract: namedParts,
    body: (op, valid) =>
      fc
        .constantFrom('file', 'Files', 'files[]', '')
        .map((name) => framed(valid.map((p) => (p.name === multipartFields(op).files ? { ...p, name } : p)))),
  },
  {
    name: 'unsupported file type',
    breaksContract: namedParts,
    body: (op, valid) =>
      fc
        .tuple(
          fc.constantFrom('malware.exe', 'notes.txt', 'report.pdf.exe', 'sheet.csv', 'noextension'),
          fc.constantFrom(...NOT_A_DOCUMENT),
        )
        .map(([filename, content]) =>
          framed([
            ...textParts(op, valid),
            { name: multipartFields(op).files, filename, contentType: 'application/octet-stream', content },
          ]),
        ),
  },
  {
    name: 'claims PDF with other content',
    breaksContract: namedParts,
    body: (op, valid) =>
      fc
        .constantFrom(...NOT_A_DOCUMENT, SAMPLE_FILES.xls.content)
        .map((content) =>
          framed([
            ...textParts(op, valid),
            { name: multipartFields(op).files, filename: 'annual-report.pdf', contentType: 'application/pdf', content },
          ]),
        ),
  },
  {
    name: 'path traversal in file name',
    breaksContract: () => false,
    body: (op, valid) =>
      fc
        .constantFrom(...TRAVERSAL_FILE_NAMES)
        .map((filename) =>
          framed([...textParts(op, valid), { name: multipartFields(op).files, filename, ...SAMPLE_FILES.pdf }]),
        ),
  },
  {
    name: 'long file name',
    breaksContract: () => false,
    body: (op, valid) =>
      fc
        .tuple(fc.integer({ min: 200, max: 4000 }), fc.constantFrom('a', 'é', '📄'))
        .map(([n, ch]) =>
          framed([
            ...textParts(op, valid),
            { name: multipartFields(op).files, filename: `${ch.repeat(n)}.pdf`, ...SAMPLE_FILES.pdf },
          ]),
        ),
  },
  {
    name: 'path traversal in folderPath',
    breaksContract: () => true,
    needsTextFields: true,
    expected: (op) => (op.documentedCodes[404]?.includes('Error100') ? { status: 404, code: 'Error100' } : undefined),
    body: (op, valid) =>
      fc
        .constantFrom(...TRAVERSAL_FOLDER_PATHS)
        .map((folderPath) =>
          framed([...fileParts(op, valid), ...multipartFields(op).text.map((name) => ({ name, content: folderPath }))]),
        ),
  },
  {
    name: 'huge text field',
    breaksContract: () => true,
    needsTextFields: true,
    body: (op, valid) =>
      hugeStringArbitrary.map((huge) =>
        framed([...fileParts(op, valid), ...multipartFields(op).text.map((name) => ({ name, content: huge.value }))]),
      ),
  },
  {
    name: 'many files',
    breaksContract: () => false,
    body: (op) =>
      fc.integer({ min: 51, max: 120 }).map((n) =>
        framed(
          Array.from({ length: n }, (_, i) => ({
            name: multipartFields(op).files,
            filename: `page-${i}.pdf`,
            ...SAMPLE_FILES.pdf,
          })),
        ),
      ),
  },
  {
    name: 'malformed multipart',
    breaksContract: () => true,
    body: (_op, valid) => {
      const good = multipartBody(valid, BOUNDARY);
      return fc.constantFrom(
        { contentType: 'multipart/form-data', payload: good },
        { contentType: multipartContentType('other-boundary'), payload: good },
        { contentType: multipartContentType(BOUNDARY), payload: good.subarray(0, Math.floor(good.length / 2)) },
        { contentType: multipartContentType(BOUNDARY), payload: Buffer.from('not multipart at all') },
        { contentType: multipartContentType(BOUNDARY), payload: Buffer.alloc(0) },
        {
          contentType: multipartContentType(BOUNDARY),
          payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`),
        },
      );
    },
  },
  {
    name: 'wrong content type',
    breaksContract: () => true,
    body: () =>
      fc
        .constantFrom<[string | undefined, string]>(
          ['application/json', '{"files":["a.pdf"]}'],
          ['application/x-www-form-urlencoded', 'files=a.pdf'],
          ['text/plain', '%PDF-1.7'],
          [undefined, '%PDF-1.7'],
          ['application/pdf', '%PDF-1.7'],
        )
        .map(([contentType, text]) => ({ contentType, payload: Buffer.from(text) })),
  },
];

export function multipartFaultArbitraries(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest>[] {
  if (op.body?.mediaType !== 'multipart/form-data') return [];
  return FAULTS.filter((f) => !f.needsTextFields || namedParts(op)).map((fault) =>
    fc.tuple(validRequestArbitrary(op, ctx), validMultipartArbitrary(op, ctx)).chain(([request, parts]) =>
      fault.body(op, parts).map((body) => ({
        ...request,
        variant: fault.name,
        body,
        // A fault that breaks no stated rule may still be refused: the contract does not decide.
        contractValid: fault.breaksContract(op) ? false : undefined,
        expected: fault.expected?.(op),
      })),
    ),
  );
}
