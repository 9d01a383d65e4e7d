// Uploaded files of a session that lives in memory (the MSW handlers): only names are kept, in
// the session's records, so staging and committing hold nothing; the paths are labels. Nothing
// reads an uploaded file's bytes after the upload (docs/decisions/2026-11-mock-msw-uploads.md).
import type { ExportedFile, StagedImport } from './file-transfer.ts';
import type { FilesSwap, StagedFile, UploadStorage } from './folder-storage.ts';

export class MemoryStorage implements UploadStorage {
  readonly root: string;
  private staged = 0;

  constructor(root: string) {
    this.root = root;
  }

  async createStaging(): Promise<string> {
    this.staged += 1;
    return `${this.root}/staging/upload-${this.staged}`;
  }

  folderDir(folderId: string): string {
    return `${this.root}/folders/${folderId}`;
  }

  async commit(_dir: string, _files: StagedFile[], _isNew: boolean): Promise<void> {}

  async remove(_dir: string): Promise<void> {}

  async clear(): Promise<void> {}

  async destroy(): Promise<void> {}

  // No bytes are kept: an export carries none, an import keeps the names its records hold.
  async exportFile(_folderId: string, _name: string): Promise<ExportedFile | undefined> {
    return undefined;
  }

  async stageImport(_files: ExportedFile[]): Promise<StagedImport | undefined> {
    return undefined;
  }

  async swapIn(_staged: StagedImport | undefined): Promise<FilesSwap> {
    return { undo: async () => {}, finish: async () => {} };
  }
}
