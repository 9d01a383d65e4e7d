import { readdirSync, readFileSync } from 'node:fs';

function readProc(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path} (is the process alive, is this Linux?): ${(error as Error).message}`);
  }
}

/** The process and all its descendants (Prism forks its HTTP server from its CLI by default). */
export function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return [pid, ...children.flatMap((child) => processTree(child))];
}

/** Whether a process exists and is not a zombie (dead, waiting for its parent or init to reap it). */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** CPU time (user + system) the process tree has used so far, in seconds. */
export function cpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, member) => {
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th of the line.
    const fields = readProc(`/proc/${member}/stat`)
      .replace(/^.*\) /s, '')
      .split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (!Number.isFinite(ticks)) throw new Error(`unexpected /proc/${member}/stat`);
    // Linux reports these in USER_HZ, 100 per second on every architecture's userspace ABI.
    return sum + ticks / 100;
  }, 0);
}

/**
 * Peak resident set size (VmHWM) in bytes, summed over the process tree: for a forked server that
 * is an upper bound of the tree's joint peak, and exact for a single process. Linux only.
 */
export function peakMemoryBytes(pid: number): number {
  return processTree(pid).reduce((sum, member) => {
    const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readProc(`/proc/${member}/status`));
    if (!match) throw new Error(`no VmHWM line in /proc/${member}/status`);
    return sum + Number(match[1]) * 1024;
  }, 0);
}
