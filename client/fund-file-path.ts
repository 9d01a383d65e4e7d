// Node only: a fund file given by its path, read lazily from disk (exported by the Node entry, node.ts).
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { checkedContentType, checkedSize, refuse, type FundFilePart, type PathReader } from './fund-files.ts';

export const readFundFilePath: PathReader = async (path) => {
  const name = basename(path);
  const type = checkedContentType(name, undefined);
  const info = await stat(path).catch((error: Error) => {
    throw refuse(`${path}: cannot be read (${error.message}).`);
  });
  if (!info.isFile()) throw refuse(`${path}: is not a file.`);
  // openAsBlob reads lazily, so a 100 MB file is streamed rather than held in memory.
  return { name, size: checkedSize(name, info.size), blob: await openAsBlob(path, { type }) } satisfies FundFilePart;
};
