// Counts `x-gap:` keys in the contract's YAML sources with a plain regex: an independent
// count, not shared with scripts/gaps.ts, to check the gatherer against.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const MARK = /^[ \t]*(?:-[ \t]+)?x-gap[ \t]*:/gm;

export async function countSourceGapMarks(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.ya?ml$/.test(entry.name)) continue;
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    count += text.match(MARK)?.length ?? 0;
  }
  return count;
}
