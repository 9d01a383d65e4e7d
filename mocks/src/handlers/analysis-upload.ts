// Files for a manual-upload company analysis. The part names are not shown by the specification:
// every file part is taken. The engine reads PDF, XLSX and XLS; anything else fails the analysis.
import { errors } from '../http/errors.ts';
import type { MockRequest } from '../http/mock-request.ts';
import type { MockSession } from '../session.ts';
import { withStagedUpload } from '../uploads/staged-upload.ts';
import { MAX_FILE_BYTES } from './fund-upload.ts';

export function receiveAnalysisFiles(
  request: MockRequest,
  runtime: MockSession,
): Promise<{ names: string[]; unreadable: boolean }> {
  // The mock keeps only the names: the simulated engine needs nothing else.
  return withStagedUpload(runtime, request, { maxFileBytes: MAX_FILE_BYTES }, ({ files }) => {
    if (files.length === 0) throw errors.invalidRequest('body: at least one file part is required');
    return { names: files.map((f) => f.name), unreadable: files.some((f) => !f.kind) };
  });
}
