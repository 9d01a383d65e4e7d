// Child-process entry for the import kill test: opens the state file STATE_FILE, reads session
// SESSION (settling an import a kill interrupted) and imports the document in the file DOCUMENT (if given), and kills itself (SIGKILL) at one file-system
// step of the import, KILL_AT = `<n>:before` or `<n>:after` (steps counted from 0; `<n>:before:compact`
// compacts the state file first, as a write may have triggered). KILL_AT=list
// runs the import whole and prints its steps as JSON lines ({"step","path"}); a kill never reached exits 3.
import { readFileSync } from 'node:fs';
import { importSession, type SessionExport } from '../../src/persistence/session-export.ts';
import { MockRuntime } from '../../src/runtime.ts';
import { importSteps } from '../../src/uploads/file-transfer.ts';

const { STATE_FILE, DOCUMENT, SESSION, KILL_AT = 'list' } = process.env;
const [at, phase, compact] =
  KILL_AT === 'list' ? [-1, '', ''] : [Number(KILL_AT.split(':')[0]), ...KILL_AT.split(':').slice(1)];
const steps: { step: string; path: string }[] = [];
for (const step of ['writeFile', 'rename', 'rm'] as const) {
  const real = importSteps[step] as (...args: unknown[]) => Promise<unknown>;
  importSteps[step] = (async (...args: unknown[]) => {
    const n = steps.push({ step, path: String(args[0]) }) - 1;
    if (n === at && phase === 'before') {
      if (compact) await (runtime as unknown as { store: { compact(): Promise<void> } }).store.compact();
      process.kill(process.pid, 'SIGKILL');
    }
    const result = await real(...args);
    if (n === at && phase === 'after') process.kill(process.pid, 'SIGKILL');
    return result;
  }) as never;
}

const runtime: MockRuntime = await MockRuntime.create({ stateFile: STATE_FILE });
await runtime.load(SESSION!);
// Without a DOCUMENT the child only reads the session: what an interrupted import left is settled then.
if (DOCUMENT)
  await importSession(runtime.session(SESSION!), JSON.parse(readFileSync(DOCUMENT, 'utf8')) as SessionExport);
await runtime.close();
if (KILL_AT !== 'list') process.exit(3);
for (const step of steps) process.stdout.write(`${JSON.stringify(step)}\n`);
