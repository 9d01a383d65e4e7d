// Under `npx portfolio-mock`, npm runs the bin through `sh -c`, and a SIGTERM sent to npx's pid
// (`kill $!` in a CI script) ends npm and the shell but never reaches the mock: it would keep its
// port for good. So a mock started by npm exec stops, as on SIGTERM, once the shell that started it is gone.

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
  const timer = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(timer);
    console.error(`portfolio-mock: npx (pid ${launcher}) is gone: stopping`);
    process.kill(process.pid, 'SIGTERM');
  }, CHECK_MS);
  timer.unref();
}
