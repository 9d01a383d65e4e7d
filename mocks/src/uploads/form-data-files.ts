// Reads the parts of a multipart Fetch `Request` (the MSW handlers) by the same rules as the
// streamed reader of the HTTP mock: type by the first bytes, the per-file size limit, file names.
// The bytes are not kept: the simulated engine needs only names, types and sizes.
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

export async function receiveFormData(request: Request, options: ReceiveOptions): Promise<ReceivedParts> {
  const essence = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (essence !== 'multipart/form-data') throw notMultipart();
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    throw invalidMultipart(error instanceof Error ? error.message : String(error));
  }
  const files: ReceivedFile[] = [];
  const fields = new Map<string, string>();
  for (const [fieldName, value] of form.entries()) {
    if (typeof value === 'string') {
      fields.set(fieldName, value);
      continue;
    }
    const name = safeFileName(value.name);
    if (value.size > options.maxFileBytes) throw fileTooLarge(name || value.name, options.maxFileBytes);
    checkFileName(name, fieldName);
    const head = new Uint8Array(await value.slice(0, SIGNATURE_LENGTH).arrayBuffer());
    const file: ReceivedFile = {
      name,
      path: `${options.stagingDir}/${files.length}`,
      fieldName,
      kind: detectFileKind(head),
      size: value.size,
    };
    files.push(file);
    options.accept?.(file);
  }
  return { files, fields };
}
