// A disk failing at an import's last step: the move of its staged files into place (from the
// session's `imports` folder) fails with EIO; every other rename goes through.
import { rename } from 'node:fs/promises';
import { sep } from 'node:path';
import { vi } from 'vitest';
import { importSteps } from '../../src/uploads/file-transfer.ts';

/** Fails the staged files' moves until `restore()`; `failures()` counts them. */
export function failImportMoves(): { failures: () => number; restore: () => void } {
  let failed = 0;
  const moves = vi.spyOn(importSteps, 'rename').mockImplementation(async (from, to) => {
    if (String(from).includes(`${sep}imports${sep}`)) {
      failed += 1;
      throw Object.assign(new Error(`EIO: i/o error, rename '${String(from)}'`), { code: 'EIO', syscall: 'rename' });
    }
    return rename(from, to);
  });
  return { failures: () => failed, restore: () => moves.mockRestore() };
}
