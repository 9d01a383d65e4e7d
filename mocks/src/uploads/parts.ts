// What a multipart upload yields to its handler, and the rules every file part follows whichever
// reader took it (streamed to disk by multipart-files.ts, or read from a Fetch FormData by
// form-data-files.ts).
import { MockHttpError } from '../http/errors.ts';
import type { FileKind } from './file-type.ts';
import type { StagedFile } from './folder-storage.ts';

export const FILE_ERROR_GAP = 'error for an oversize file or an unsupported file type';
const MULTIPART_GAP = 'error code and HTTP status for a malformed multipart request';
/** Longest file name a file system stores (the fuzzer found longer ones failing the move as a 500). */
export const MAX_NAME_BYTES = 255;

export interface ReceivedFile extends StagedFile {
  fieldName: string;
  kind: FileKind | undefined;
  size: number;
}

export interface ReceivedParts {
  files: ReceivedFile[];
  fields: Map<string, string>;
}

export interface ReceiveOptions {
  stagingDir: string;
  maxFileBytes: number;
  /** Checks each file once it is received; a thrown error fails the upload. */
  accept?: (file: ReceivedFile) => void;
}

export function invalidMultipart(description: string): MockHttpError {
  return new MockHttpError(400, 'MOCK_INVALID_MULTIPART', 'Invalid multipart body', description, MULTIPART_GAP);
}

export function notMultipart(): MockHttpError {
  return new MockHttpError(
    415,
    'MOCK_UNSUPPORTED_MEDIA_TYPE',
    'Unsupported media type',
    'This call takes multipart/form-data',
    MULTIPART_GAP,
  );
}

export function fileTooLarge(name: string, maxBytes: number): MockHttpError {
  return new MockHttpError(
    413,
    'MOCK_FILE_TOO_LARGE',
    'File too large',
    `${name} is larger than ${maxBytes} bytes`,
    FILE_ERROR_GAP,
  );
}

/** The last path segment of a client file name, without control characters. */
export function safeFileName(raw: string): string {
  return (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/** Throws for a file part without a usable name. */
export function checkFileName(name: string, fieldName: string): void {
  if (!name) throw invalidMultipart(`A file part of field ${fieldName} has no file name`);
  if (new TextEncoder().encode(name).length > MAX_NAME_BYTES)
    throw invalidMultipart(`The file name ${[...name].slice(0, 40).join('')}… is longer than ${MAX_NAME_BYTES} bytes`);
}
