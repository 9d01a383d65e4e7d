// Under `npx portfolio-mock`, npm runs the bin through `sh -c`, and a SIGTERM sent to npx's pid
// (`kill $!` in a CI script) ends npm and the shell but never reaches the mock: it would keep its
// port for good. So a mock started by npm exec stops, as on SIGTERM, once the shell that started it is gone.

import { readFileSync } from 'node:fs';

const CHECK_MS = 500;

/**
 * When npm exec (npx) started this process, sends it SIGTERM once its parent is gone (its parent
 * pid changes); the caller's SIGTERM handler then stops it cleanly. Does nothing otherwise.
 *
 * @example
 * stopWhenLauncherGone(); // in a bin, before installing the SIGTERM handler's graceful close
 */
export function stopWhenLauncherGone(env: NodeJS.ProcessEnv = process.env): void {
  if (env.npm_command !== 'exec') return;
  const launcher = process.ppid;
  // npm_command is inherited by everything under npx: only the shell npm exec runs this bin from
  // counts (where /proc tells), not a tool run by npx that starts the mock and leaves it running.
  if (!launchedThisBin(launcher)) return;
  const timer = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(timer);
    console.error(`portfolio-mock: npx (pid ${launcher}) is gone: stopping`);
    process.kill(process.pid, 'SIGTERM');
  }, CHECK_MS);
  timer.unref();
}

/** Whether the parent is npm exec's `sh -c portfolio-mock ...` (true where /proc cannot tell). */
function launchedThisBin(parent: number): boolean {
  let commandLine: string;
  try {
    commandLine = readFileSync(`/proc/${parent}/cmdline`, 'utf8');
  } catch {
    return true;
  }
  // npm quotes the bin's name: sh -c "'portfolio-mock' --port 0".
  return commandLine.split('\0').some((part) => /(^|[/'"\s])portfolio-mock(['"\s]|$)/.test(part));
}
