// One mock per state file: `<file>.lock` holds the pid of the mock that has it open. A second mock
// on the same file is refused (two writers would interleave their appends); a lock left by a
// process that is gone (kill -9) is taken over.
import { open, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { StateFileError } from './append-log.ts';

export interface StateLock {
  release(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds: a second mock of the same process on the same file is refused too. */
const held = new Set<string>();

export async function lockStateFile(stateFile: string): Promise<StateLock> {
  const path = resolve(`${stateFile}.lock`);
  if (held.has(path))
    throw new StateFileError(
      `the state file ${stateFile} is in use by another mock of this process: one mock per state file`,
    );
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      held.add(path);
      return {
        release: async () => {
          held.delete(path);
          await rm(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder))
        throw new StateFileError(
          `the state file ${stateFile} is in use by another mock (pid ${holder}, ${path}): one mock per state file`,
        );
      await rm(path, { force: true });
    }
  }
  throw new StateFileError(`cannot lock the state file ${stateFile} (${path})`);
}
