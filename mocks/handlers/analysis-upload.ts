// Files for a manual-upload company analysis. The part names are not shown by the specification:
// every file part is taken. The engine reads PDF, XLSX and XLS; anything else fails the analysis.
import type { FastifyRequest } from 'fastify';
import { errors } from '../http/errors.ts';
import type { MockRuntime } from '../runtime.ts';
import { receiveMultipart } from '../uploads/multipart-files.ts';
import { MAX_FILE_BYTES } from './fund-upload.ts';

export async function receiveAnalysisFiles(
  request: FastifyRequest,
  runtime: MockRuntime,
): Promise<{ names: string[]; unreadable: boolean }> {
  const { state } = runtime;
  const stagingDir = await runtime.storage.createStaging();
  try {
    const { files } = await receiveMultipart(request, { stagingDir, maxFileBytes: MAX_FILE_BYTES });
    if (runtime.state !== state) throw errors.resetDuringRequest();
    if (files.length === 0) throw errors.invalidRequest('body: at least one file part is required');
    return { names: files.map((f) => f.name), unreadable: files.some((f) => !f.kind) };
  } catch (error) {
    // A reset removes the staging directory under a running upload: its failure is the reset's.
    throw runtime.state === state ? error : errors.resetDuringRequest();
  } finally {
    // The mock keeps only the names: the simulated engine needs nothing else.
    await runtime.storage.remove(stagingDir);
  }
}
