// Fund data-room files: what callers may pass, checked against the contract's limits before
// anything is sent, and turned into the multipart body. No Node module here, so the main entry
// bundles for browsers; reading a path is given by the Node entry (fund-file-path.ts).
import { IntegrationError } from './integration-error.ts';
import { uploadLimits } from './upload-limits.ts';

/** A file path (Node entry only), a `File`, or named bytes (a Buffer/Uint8Array or a Blob). */
export type FundFile = string | File | { name: string; data: Uint8Array | Blob; contentType?: string | undefined };

export interface FundFilePart {
  name: string;
  size: number;
  blob: Blob;
}

/**
 * The part content type for each accepted extension. The contract lists the types and the content
 * types separately; a test checks that this pairing covers exactly the contract's lists.
 */
export const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/** A file found at a path: what the checks need, and its bytes read lazily. */
export interface PathFile {
  isFile: boolean;
  size: number;
  open(contentType: string): Promise<Blob>;
}

/** Finds a file by its path (rejects when it cannot be read). The Node entry gives one (fund-file-path.ts). */
export type PathReader = (path: string) => Promise<PathFile>;

/** The extension of a file name, lower-cased, without the dot (`''` when none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function refuse(description: string): IntegrationError {
  return IntegrationError.refused('Fund upload refused', description);
}

function checkedContentType(name: string, declared: string | undefined): string {
  const extension = extensionOf(name);
  if (!uploadLimits.allowedFileTypes.includes(extension)) {
    throw refuse(`${name}: only ${uploadLimits.allowedFileTypes.join(', ')} files are accepted.`);
  }
  const type = declared?.split(';')[0]?.trim().toLowerCase();
  if (type && !uploadLimits.allowedContentTypes.includes(type)) {
    throw refuse(`${name}: content type ${type} is not accepted (${uploadLimits.allowedContentTypes.join(', ')}).`);
  }
  return type || (CONTENT_TYPE_BY_EXTENSION[extension] ?? 'application/octet-stream');
}

function checkedSize(name: string, size: number): number {
  if (size > uploadLimits.maxFileBytes) {
    throw refuse(`${name}: ${size} bytes is over the ${uploadLimits.maxFileBytes}-byte limit per file.`);
  }
  return size;
}

const noPathReader: PathReader = async () => {
  throw new Error(
    'file paths are read only by the Node entry (@portfolio-integration/client/node); pass a File or { name, data }',
  );
};

async function partFromPath(path: string, readPath: PathReader): Promise<FundFilePart> {
  const name = path.split(/[\\/]/).pop() ?? path;
  const type = checkedContentType(name, undefined);
  const file = await readPath(path).catch((error: Error) => {
    throw refuse(`${path}: cannot be read (${error.message}).`);
  });
  if (!file.isFile) throw refuse(`${path}: is not a file.`);
  return { name, size: checkedSize(name, file.size), blob: await file.open(type) };
}

async function partFrom(file: FundFile, readPath: PathReader): Promise<FundFilePart> {
  if (typeof file === 'string') return partFromPath(file, readPath);
  if (file instanceof File) {
    const type = checkedContentType(file.name, file.type);
    return {
      name: file.name,
      size: checkedSize(file.name, file.size),
      blob: file.type ? file : new Blob([file], { type }),
    };
  }
  if (typeof file !== 'object' || file === null || typeof file.name !== 'string' || file.name === '') {
    throw refuse('each file is a path, a File, or { name, data } with a non-empty name.');
  }
  const declared = file.contentType ?? (file.data instanceof Blob ? file.data.type : undefined);
  const type = checkedContentType(file.name, declared);
  const size = file.data instanceof Blob ? file.data.size : file.data.byteLength;
  checkedSize(file.name, size);
  // Blob copies the bytes of a view whatever its backing buffer; the cast only satisfies lib.dom's BlobPart.
  const blob = new Blob([file.data as Uint8Array<ArrayBuffer> | Blob], { type });
  return { name: file.name, size, blob };
}

/**
 * Every file checked (type, size) before any is sent, so a refusal never leaves a partial upload.
 * `alreadyInFolder` counts files this client stored in the target folder earlier.
 */
export async function preparedFundFiles(
  files: readonly FundFile[],
  alreadyInFolder = 0,
  readPath: PathReader = noPathReader,
): Promise<FundFilePart[]> {
  if (!Array.isArray(files) || files.length === 0) throw refuse('give at least one file.');
  checkFolderRoom(files.length, alreadyInFolder);
  const parts: FundFilePart[] = [];
  for (const file of files) parts.push(await partFrom(file, readPath));
  return parts;
}

/** Refuses adding `fileCount` files to a folder that already holds `alreadyInFolder` of them (files per run). */
export function checkFolderRoom(fileCount: number, alreadyInFolder: number): void {
  const total = alreadyInFolder + fileCount;
  if (total > uploadLimits.maxFolderFiles) {
    throw refuse(
      `${total} files (${alreadyInFolder} already in the folder) is over the ${uploadLimits.maxFolderFiles} files a run accepts.`,
    );
  }
}

export function fundUploadForm(parts: readonly FundFilePart[], folderPath: string | undefined): FormData {
  const form = new FormData();
  for (const part of parts) form.append('files', part.blob, part.name);
  if (folderPath !== undefined) form.append('folderPath', folderPath);
  return form;
}
