// Fund data-room files: what callers may pass, checked against the contract's limits before
// anything is sent, and turned into the multipart body.
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { IntegrationError } from './integration-error.ts';
import { uploadLimits } from './upload-limits.ts';

/** A file path, a `File`, or named bytes (a Buffer/Uint8Array or a Blob). */
export type FundFile = string | File | { name: string; data: Uint8Array | Blob; contentType?: string };

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

function refuse(description: string): IntegrationError {
  return IntegrationError.refused('Fund upload refused', description);
}

function checkedContentType(name: string, declared: string | undefined): string {
  const extension = extname(name).slice(1).toLowerCase();
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

async function partFromPath(path: string): Promise<FundFilePart> {
  const name = basename(path);
  const type = checkedContentType(name, undefined);
  const info = await stat(path).catch((error: Error) => {
    throw refuse(`${path}: cannot be read (${error.message}).`);
  });
  if (!info.isFile()) throw refuse(`${path}: is not a file.`);
  // openAsBlob reads lazily, so a 100 MB file is streamed rather than held in memory.
  return { name, size: checkedSize(name, info.size), blob: await openAsBlob(path, { type }) };
}

async function partFrom(file: FundFile): Promise<FundFilePart> {
  if (typeof file === 'string') return partFromPath(file);
  if (file instanceof File) {
    const type = checkedContentType(file.name, file.type);
    return { name: file.name, size: checkedSize(file.name, file.size), blob: file.type ? file : new Blob([file], { type }) };
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
export async function preparedFundFiles(files: readonly FundFile[], alreadyInFolder = 0): Promise<FundFilePart[]> {
  if (!Array.isArray(files) || files.length === 0) throw refuse('give at least one file.');
  checkFolderRoom(files.length, alreadyInFolder);
  const parts: FundFilePart[] = [];
  for (const file of files) parts.push(await partFrom(file));
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
