// The state file against its disk (issue 27): a bare loop of append plus fdatasync, one line per
// sync and ten lines per sync (what ten connections can give one group commit at most), side by
// side with the state file's own log (`AppendLog`) taking lines from ten concurrent writers, which
// each wait for their line to be durable before the next, as ten connections of creates do.
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppendLog } from '../mocks/src/persistence/append-log.ts';

/** About the size of one create-company commit in the state file. */
const LINE = `${JSON.stringify({ s: 'default', m: { credits: 1 }, r: [['project', 'x', { pad: 'x'.repeat(560) }]] })}\n`;
const WRITERS = 10;

export interface FsyncBoundRun {
  lineBytes: number;
  /** The bare loop: lines per sync, syncs per second, lines per second. */
  bare: { batch: number; syncsPerSecond: number; linesPerSecond: number }[];
  /** The state file's log with WRITERS writers: durable lines per second. */
  store: { writers: number; linesPerSecond: number };
}

async function bareLoop(file: string, batch: number, seconds: number) {
  const handle = await open(file, 'w');
  const text = Buffer.from(LINE.repeat(batch));
  let syncs = 0;
  const started = performance.now();
  try {
    while (performance.now() - started < seconds * 1000) {
      await handle.write(text);
      await handle.datasync();
      syncs += 1;
    }
  } finally {
    await handle.close();
  }
  const elapsed = (performance.now() - started) / 1000;
  return { batch, syncsPerSecond: syncs / elapsed, linesPerSecond: (syncs * batch) / elapsed };
}

async function storeLoop(file: string, seconds: number) {
  const log = await AppendLog.open(file);
  const line = LINE.slice(0, -1);
  let lines = 0;
  const started = performance.now();
  const writer = async () => {
    while (performance.now() - started < seconds * 1000) {
      await log.append(line);
      lines += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: WRITERS }, writer));
  } finally {
    await log.close();
  }
  return { writers: WRITERS, linesPerSecond: lines / ((performance.now() - started) / 1000) };
}

/** One run: bare loop at batch 1 and 10, then the log, then the bare loop at 10 again (the disk drifts). */
export async function measureFsyncBound(dir: string, seconds: number): Promise<FsyncBoundRun> {
  const file = join(dir, 'fsync-bound');
  try {
    const one = await bareLoop(file, 1, seconds);
    const ten = await bareLoop(file, WRITERS, seconds);
    const store = await storeLoop(`${file}.log`, seconds);
    const tenAgain = await bareLoop(file, WRITERS, seconds);
    const bestTen = ten.linesPerSecond >= tenAgain.linesPerSecond ? ten : tenAgain;
    return { lineBytes: Buffer.byteLength(LINE), bare: [one, bestTen], store };
  } finally {
    await rm(file, { force: true });
    await rm(`${file}.log`, { force: true });
  }
}
