// A mock's uploads go to a place in the temporary folder that is created with the first upload: a
// mock killed before any upload (SIGKILL in the crash and cluster tests, a crash in use) leaves no
// empty fund-mock-* directory behind.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { FolderStorage } from '../../src/uploads/folder-storage.ts';

it('is not created until the first upload, then owner-only, and removed whole', async () => {
  const root = await FolderStorage.temporaryRoot();
  expect(root).not.toBe(await FolderStorage.temporaryRoot());
  await expect(stat(root)).rejects.toThrow(/ENOENT/);
  const storage = new FolderStorage(join(root, 'sessions', 'default'));
  const staging = await storage.createStaging();
  expect((await stat(root)).mode & 0o777).toBe(0o700);
  expect((await stat(staging)).isDirectory()).toBe(true);
  await new FolderStorage(root).destroy();
  await expect(stat(root)).rejects.toThrow(/ENOENT/);
});
