// Fund data-room upload: streamed to a staging directory, every file checked by content and
// name, then moved into the caller's folder (new, or the one named by folderPath) in one step.
import { metadataEnvelope } from '../http/envelope.ts';
import { errors, MockHttpError } from '../http/errors.ts';
import { kindOfName } from '../uploads/file-type.ts';
import { FILE_ERROR_GAP, invalidMultipart, type ReceivedFile } from '../uploads/parts.ts';
import { withStagedUpload } from '../uploads/staged-upload.ts';
import type { OperationHandler } from './operation-types.ts';

export const MAX_FILE_BYTES = 104_857_600;
const DUPLICATE_NAME_GAP = 'a file uploaded under a name the folder already holds: the mock replaces the earlier file';

function acceptDataRoomFile(file: ReceivedFile): void {
  if (file.fieldName !== 'files')
    throw invalidMultipart(`Unexpected file part "${file.fieldName}"; files go in "files" parts`);
  if (!file.kind || kindOfName(file.name) !== file.kind) {
    throw new MockHttpError(
      415,
      'MOCK_UNSUPPORTED_FILE_TYPE',
      'Unsupported file type',
      `${file.name} is not a PDF, XLSX or XLS file (checked by content and name)`,
      FILE_ERROR_GAP,
    );
  }
}

export const uploadFundFiles: OperationHandler<'uploadFundFiles'> = async ({ request, user, runtime }) => {
  const { state, storage } = runtime;
  if (!state.engineAvailable) throw errors.engineUnavailable();
  return withStagedUpload(
    runtime,
    request,
    { maxFileBytes: MAX_FILE_BYTES, accept: acceptDataRoomFile },
    async ({ files, fields }) => {
      if (files.length === 0) throw errors.invalidRequest('body files: at least one file part is required');
      const requestedPath = fields.get('folderPath');
      let folder = requestedPath === undefined ? undefined : state.folders.get(requestedPath);
      if (requestedPath !== undefined && (!folder || folder.ownerUserId !== user.id)) throw errors.folderNotFound();
      const isNew = !folder;
      if (!folder) {
        const folderId = state.ids.uuid('folder');
        folder = {
          folderPath: `uploads/${user.id}/${folderId}`,
          ownerUserId: user.id,
          dir: storage.folderDir(folderId),
          fileNames: [],
          createdAt: state.ids.now(),
        };
      }
      await storage.commit(folder.dir, files, isNew);
      const names = files.map((f) => f.name);
      const replaced = names.some((n) => folder.fileNames.includes(n)) || new Set(names).size < names.length;
      folder.fileNames = [...new Set([...folder.fileNames, ...names])];
      state.folders.set(folder.folderPath, folder);
      return {
        body: metadataEnvelope({ folderPath: folder.folderPath, fileNames: [...new Set(names)] }),
        gaps: replaced ? [DUPLICATE_NAME_GAP] : [],
      };
    },
  );
};
