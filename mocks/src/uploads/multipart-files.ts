// Streams every file part of a multipart request to disk (never holding a file in memory),
// recognising its type from the first bytes on the way and enforcing the per-file size limit.
// After a failure the rest of the request is still read (and discarded) so the client gets the
// error response instead of a reset connection.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MockHttpError } from '../http/errors.ts';
import { detectFileKind, SIGNATURE_LENGTH, type FileKind } from './file-type.ts';
import type { StagedFile } from './folder-storage.ts';

export const FILE_ERROR_GAP = 'error for an oversize file or an unsupported file type';
const MULTIPART_GAP = 'error code and HTTP status for a malformed multipart request';
/** Longest file name a file system stores (the fuzzer found longer ones failing the move as a 500). */
const MAX_NAME_BYTES = 255;

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
  /** Checks each file once it is on disk; a thrown error fails the upload. */
  accept?: (file: ReceivedFile) => void;
}

export function invalidMultipart(description: string): MockHttpError {
  return new MockHttpError(400, 'MOCK_INVALID_MULTIPART', 'Invalid multipart body', description, MULTIPART_GAP);
}

function fileTooLarge(name: string, maxBytes: number): MockHttpError {
  return new MockHttpError(
    413,
    'MOCK_FILE_TOO_LARGE',
    'File too large',
    `${name} is larger than ${maxBytes} bytes`,
    FILE_ERROR_GAP,
  );
}

/** The last path segment of a client file name, without control characters. */
function safeFileName(raw: string): string {
  return (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

const discard = () => new Writable({ write: (_chunk, _enc, done) => done() });

export async function receiveMultipart(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedParts> {
  if (!request.isMultipart()) {
    throw new MockHttpError(
      415,
      'MOCK_UNSUPPORTED_MEDIA_TYPE',
      'Unsupported media type',
      'This call takes multipart/form-data',
      MULTIPART_GAP,
    );
  }
  const files: ReceivedFile[] = [];
  const fields = new Map<string, string>();
  let failure: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!failure) fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (failure) {
        await pipeline(part.file, discard());
        continue;
      }
      const name = safeFileName(part.filename);
      const path = join(options.stagingDir, String(files.length));
      let head = Buffer.alloc(0);
      let size = 0;
      const sniff = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (head.length < SIGNATURE_LENGTH)
            head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_LENGTH - head.length)]);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(part.file, sniff, createWriteStream(path));
        if (part.file.truncated) throw fileTooLarge(name || part.filename, options.maxFileBytes);
        if (!name) throw invalidMultipart(`A file part of field ${part.fieldname} has no file name`);
        if (Buffer.byteLength(name) > MAX_NAME_BYTES)
          throw invalidMultipart(
            `The file name ${[...name].slice(0, 40).join('')}… is longer than ${MAX_NAME_BYTES} bytes`,
          );
        const file: ReceivedFile = { name, path, fieldName: part.fieldname, kind: detectFileKind(head), size };
        files.push(file);
        options.accept?.(file);
      } catch (error) {
        failure = error;
      }
    }
  } catch (error) {
    // The multipart stream itself is broken (truncated, malformed, over a parser limit).
    throw failure instanceof MockHttpError
      ? failure
      : invalidMultipart(error instanceof Error ? error.message : String(error));
  }
  if (failure) throw failure;
  return { files, fields };
}
