import { readFileSync } from 'node:fs';

/** Peak resident set size (VmHWM) of a live process, in bytes. Linux only: read from /proc. */
export function peakMemoryBytes(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch (error) {
    throw new Error(`cannot read /proc/${pid}/status (is the process alive, is this Linux?): ${(error as Error).message}`);
  }
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmHWM line in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}
