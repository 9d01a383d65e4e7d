// Fund upload and run limits, read from the contract's x- facts rather than re-typed.
import { contractFact, isPositiveInteger } from './contract-document.ts';

const UPLOAD_BODY = '#/paths/~1integrationfund~1fund~1upload/post/requestBody/content/multipart~1form-data';

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');
const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export interface UploadLimits {
  /** Largest file, in bytes, per file per request (`x-max-file-bytes`). */
  maxFileBytes: number;
  /** Lower-case file extensions accepted (`x-allowed-file-types`). */
  allowedFileTypes: string[];
  /** Content types the multipart encoding of `files` allows. */
  allowedContentTypes: string[];
  /** Most files a folder may hold when a run is started (`x-max-folder-files`). */
  maxFolderFiles: number;
}

function readLimits(): UploadLimits {
  const filesItem = `${UPLOAD_BODY}/schema/properties/files/items`;
  const encoding = contractFact(`${UPLOAD_BODY}/encoding/files`, 'contentType', isString);
  return {
    maxFileBytes: contractFact(filesItem, 'x-max-file-bytes', isPositiveInteger),
    allowedFileTypes: contractFact(filesItem, 'x-allowed-file-types', isStringList).map((t) => t.toLowerCase()),
    allowedContentTypes: encoding.split(',').map((t) => t.trim().toLowerCase()),
    maxFolderFiles: contractFact(
      '#/components/schemas/FundRunRequest/properties/folderPath',
      'x-max-folder-files',
      isPositiveInteger,
    ),
  };
}

export const uploadLimits: UploadLimits = readLimits();
