// The HTTP mock's import spools (Node only): an import's file entries and its projects and
// analyses kept on disk until the body ends (import-stream.ts takes them; the MSW handlers keep
// theirs in memory).
import { FilesSpool } from './import-files-spool.ts';
import { ImageSpool } from './import-image-spool.ts';
import type { ImportSpools } from './import-stream.ts';

export const diskSpools: ImportSpools = {
  files: () => new FilesSpool(),
  image: (apply) => new ImageSpool(apply),
};
