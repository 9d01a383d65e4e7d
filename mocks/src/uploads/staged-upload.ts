// The life of one multipart upload: its parts are streamed into a fresh staging directory, `use`
// runs on them, and the directory is removed whatever happens. A reset of the mock during the
// upload turns its outcome, success or failure, into the reset's answer: nothing was stored.
import { errors } from '../http/errors.ts';
import type { MockRequest } from '../http/mock-request.ts';
import type { MockSession } from '../session.ts';
import type { ReceivedParts, ReceiveOptions } from './parts.ts';

export async function withStagedUpload<T>(
  runtime: MockSession,
  request: MockRequest,
  options: Omit<ReceiveOptions, 'stagingDir'>,
  use: (parts: ReceivedParts) => T | Promise<T>,
): Promise<T> {
  const { state, storage } = runtime;
  const stagingDir = await storage.createStaging();
  try {
    const parts = await request.receiveParts({ ...options, stagingDir });
    if (runtime.state !== state) throw errors.resetDuringRequest();
    return await use(parts);
  } catch (error) {
    // A reset removes the staging directory under a running upload: its failure is the reset's.
    throw runtime.state === state ? error : errors.resetDuringRequest();
  } finally {
    await storage.remove(stagingDir);
  }
}
