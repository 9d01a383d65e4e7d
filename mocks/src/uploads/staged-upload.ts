// The life of one multipart upload: its parts are streamed into a fresh staging directory, `use`
// runs on them, and the directory is removed whatever happens. A reset of the mock during the
// upload turns its outcome, success or failure, into the reset's answer: nothing was stored.
import type { FastifyRequest } from 'fastify';
import { errors } from '../http/errors.ts';
import type { MockSession } from '../session.ts';
import { receiveMultipart, type ReceivedParts, type ReceiveOptions } from './multipart-files.ts';

export async function withStagedUpload<T>(
  runtime: MockSession,
  request: FastifyRequest,
  options: Omit<ReceiveOptions, 'stagingDir'>,
  use: (parts: ReceivedParts) => T | Promise<T>,
): Promise<T> {
  const { state, storage } = runtime;
  const stagingDir = await storage.createStaging();
  try {
    const parts = await receiveMultipart(request, { ...options, stagingDir });
    if (runtime.state !== state) throw errors.resetDuringRequest();
    return await use(parts);
  } catch (error) {
    // A reset removes the staging directory under a running upload: its failure is the reset's.
    throw runtime.state === state ? error : errors.resetDuringRequest();
  } finally {
    await storage.remove(stagingDir);
  }
}
