// One mock per state file, and nothing left behind by a start that fails: a second mock on a file in
// use is refused with one clear error (in this process or another live one), a lock left by a process
// that is gone is taken over, and a damaged state file leaves no `.uploads/` folder of its own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { StateFileError } from '../src/persistence/append-log.ts';
import { startMock } from '../src/server.ts';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'state-lock-'));
  file = join(dir, 'mock.state');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('refuses a second mock on a state file in use, and opens it again once the first has closed', async () => {
  const first = await startMock({ port: 0, stateFile: file });
  try {
    await expect(startMock({ port: 0, stateFile: file })).rejects.toThrow(StateFileError);
    await expect(startMock({ port: 0, stateFile: file })).rejects.toThrow(/in use by another mock/);
  } finally {
    await first.close();
  }
  expect(existsSync(`${file}.lock`)).toBe(false);
  const again = await startMock({ port: 0, stateFile: file });
  await again.close();
});

it('refuses while another live process holds the lock, and takes over one whose process is gone', async () => {
  writeFileSync(`${file}.lock`, String(process.ppid));
  await expect(startMock({ port: 0, stateFile: file })).rejects.toThrow(
    new RegExp(`in use by another mock \\(pid ${process.ppid}`),
  );
  // A pid that was alive a moment ago and is not any more.
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  writeFileSync(`${file}.lock`, gone);
  const mock = await startMock({ port: 0, stateFile: file });
  await mock.close();
});

it('a damaged state file leaves no stray .uploads/ folder and no lock', async () => {
  writeFileSync(file, 'not a state file\n');
  await expect(startMock({ port: 0, stateFile: file })).rejects.toThrow(StateFileError);
  expect(existsSync(`${file}.uploads`)).toBe(false);
  expect(existsSync(`${file}.lock`)).toBe(false);
});
