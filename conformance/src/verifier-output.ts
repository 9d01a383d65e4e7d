// The Pact verifier's native code prints a block per interaction straight to the process's stdout,
// colour codes included even into a CI log: 150 to 330 lines a run, one root cause repeated per
// interaction. The bin therefore runs the commands that start it (pact-verify, broker verify) in a
// child of its own: the child's stdout, where the verifier prints, goes to a log file beside
// --report (or nowhere), and the command's own lines reach the terminal through the child's fd 3.
import { spawn } from 'node:child_process';
import { Console } from 'node:console';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { ensureWritableDir } from './writable-place.ts';

const CHILD = 'PORTFOLIO_CONFORMANCE_VERIFIER_CHILD';

/** Whether `argv` (the bin's arguments) runs the Pact verifier. */
export function startsVerifier(argv: readonly string[]): boolean {
  return argv[0] === 'pact-verify' || (argv[0] === 'broker' && argv[1] === 'verify');
}

/** In the child: the command's own console lines go to fd 3 (the parent's stdout). False in the parent. */
export function becomeVerifierChild(): boolean {
  if (process.env[CHILD] !== '1') return false;
  const toParent = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writeSync(3, chunk);
      done();
    },
  });
  globalThis.console = new Console({ stdout: toParent, stderr: process.stderr });
  return true;
}

/** `<report>.verifier.log` for a `--report <file>` among the arguments. */
export function verifierLogOf(argv: readonly string[]): string | undefined {
  const at = argv.indexOf('--report');
  const report = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--report='))?.slice('--report='.length);
  return report ? `${report}.verifier.log` : undefined;
}

/** Runs this bin again with `argv` as the child above; answers its exit code (128 + n on signal n). */
export async function runWithVerifierOutputAside(argv: readonly string[]): Promise<number> {
  const logFile = verifierLogOf(argv);
  let log: number | 'ignore' = 'ignore';
  try {
    if (logFile) {
      // The folder --report names may not exist yet: made (and checked) here as the command makes it.
      await ensureWritableDir(dirname(resolve(logFile)));
      log = openSync(logFile, 'w');
    }
  } catch {
    // An unwritable --report is the command's own usage error (exit 2): the child says so.
  }
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...argv], {
    stdio: ['inherit', log, 'inherit', 1],
    env: { ...process.env, [CHILD]: '1' },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    const code = await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (exit, signal) => resolve(exit ?? 128 + (signal ? constants.signals[signal] : 0)));
    });
    if (typeof log === 'number') {
      closeSync(log);
      // The verifier ran (0 or 1): its log is kept; a command that stopped before it leaves none.
      if (code <= 1) console.log(`(the Pact verifier's own output: ${logFile})`);
      else rmSync(logFile!, { force: true });
    }
    return code;
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}
