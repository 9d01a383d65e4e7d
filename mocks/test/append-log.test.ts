// The state file's append log writes a batch all or nothing: a batch whose write fails (here its
// sync) is cut off again, so the lines of a refused write (an import, say) are not left in the
// file for the next batch to follow.
import type { FileHandle } from 'node:fs/promises';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { AppendLog } from '../src/persistence/append-log.ts';

it('cuts a failed batch off the file: the next batch follows the last one acknowledged', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'append-log-'));
  const log = await AppendLog.open(join(dir, 'mock.state'));
  try {
    await log.append('{"n":1}');
    const handle = (log as unknown as { handle: FileHandle }).handle;
    const sync = vi.spyOn(handle, 'datasync').mockRejectedValueOnce(Object.assign(new Error('EIO'), { code: 'EIO' }));
    await expect(log.append('{"n":2,"refused":true}')).rejects.toThrow('EIO');
    sync.mockRestore();
    await log.append('{"n":3}');
    expect(await readFile(join(dir, 'mock.state'), 'utf8')).toBe('{"n":1}\n{"n":3}\n');
  } finally {
    await log.close();
    await rm(dir, { recursive: true, force: true });
  }
});
