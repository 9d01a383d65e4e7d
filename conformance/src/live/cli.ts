// The conformance suite's command line: `main(argv)` returns the exit code (0 holds, 1 violated,
// 2 usage, 3 unreachable) and prints its own one-line errors. Used by scripts/verify-live.ts
// (`npm run verify:live`) and by the packaged `portfolio-conformance` bin.
import { parseCliOptions, USAGE } from './cli-options.ts';
import { planRun } from './plan.ts';
import { writeReportFiles } from './report-files.ts';
import { ensureWritableDir } from '../writable-place.ts';
import { dropOnSignal, fetchInSession, privateMockSession } from '../mock-session.ts';
import { formatBar, formatPlan, formatProgress, formatReport } from './report-text.ts';
import { exitCodeOf, runConformance, selectRules } from './run-conformance.ts';

export async function main(argv: string[]): Promise<number> {
  let options;
  let rules;
  try {
    options = parseCliOptions(argv);
    if (options === 'help') {
      console.log(USAGE);
      return 0;
    }
    rules = selectRules(options);
    // Refused before any request: a run with writes spends credits the report would then not record.
    if (options.report && !options.dryRun) await ensureWritableDir(options.report);
  } catch (error) {
    // One line: node's parseArgs explains some mistakes over several.
    console.error(`${(error as Error).message.split('\n')[0]} (--help for the usage)`);
    return 2;
  }
  if (options.dryRun) {
    const can = {
      writes: options.allowWrites,
      accessToken: !!options.accessToken,
      secondUser: !!options.secondApiKey,
      receiver: !!options.receiverHost,
      driveFolder: !!options.driveFolder,
    };
    console.log(formatPlan(planRun(rules, can, options.analysisCost), options.maxCredits));
    return 0;
  }
  console.log(
    `Conformance of ${options.baseUrl}${options.session ? ` in mock session ${options.session}` : ''}${options.allowWrites ? ` (writes allowed, budget ${options.maxCredits} credits)` : ' (read only)'}\n`,
  );
  // Without --session the run still works in a session of its own: the mock's default session, which
  // other people and jobs use, gets no records and no webhook configuration from it.
  const own = options.session === undefined ? privateMockSession('conformance') : undefined;
  const interruption = own ? dropOnSignal(own, options.baseUrl) : undefined;
  let report;
  try {
    const running = runConformance({
      ...options,
      fetch: own?.fetch ?? fetchInSession(options.session),
      onResult: (result, i, n) => console.log(formatProgress(result, i, n)),
      // A bar per step is for a terminal; a CI log gets the result lines only.
      ...(process.stdout.isTTY
        ? { onProgress: (id: string, done: number, total: number) => console.log(formatBar(id, done, total)) }
        : {}),
    });
    // Interrupted: the code of the signal once the session is dropped, whatever the stopped run does then.
    const first = await Promise.race([
      running.then((done) => ({ done })),
      ...(interruption ? [interruption.signalled.then((code) => ({ code }))] : []),
    ]);
    if ('code' in first || interruption?.fired) {
      const code = 'code' in first ? first.code : await interruption!.signalled;
      console.error(`Interrupted: the mock session ${own?.id} is dropped; nothing more is sent.`);
      return code;
    }
    report = first.done;
  } catch (error) {
    if (interruption?.fired) return interruption.signalled;
    console.error(`Could not run: ${(error as Error).message}`);
    return 2;
  } finally {
    interruption?.release();
    await own?.drop(options.baseUrl);
  }
  console.log(formatReport(report));
  if (options.report) {
    try {
      const files = await writeReportFiles(report, options.report);
      console.log(`\nReports written: ${files.json}, ${files.xml}`);
    } catch (error) {
      console.error(`Could not write the reports to ${options.report}: ${(error as Error).message}`);
      return 2;
    }
  }
  return exitCodeOf(report);
}
