// Node only: fund files given by their path, read lazily from disk. The Node entry (node.ts) hands
// this reader to the client; the main entry has none, so it bundles for browsers.
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { PathReader } from './fund-files.ts';

export const readFundFilePath: PathReader = async (path) => {
  const info = await stat(path);
  // openAsBlob reads lazily, so a 100 MB file is streamed rather than held in memory.
  return { isFile: info.isFile(), size: info.size, open: (type) => openAsBlob(path, { type }) };
};
