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
import { detectFileKind, SIGNATURE_LENGTH } from './file-type.ts';
import {
  checkFileName,
  fileTooLarge,
  invalidMultipart,
  notMultipart,
  safeFileName,
  type ReceivedFile,
  type ReceivedParts,
  type ReceiveOptions,
} from './parts.ts';

const discard = () => new Writable({ write: (_chunk, _enc, done) => done() });

export async function receiveMultipart(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedParts> {
  if (!request.isMultipart()) throw notMultipart();
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
        checkFileName(name, part.fieldname);
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
