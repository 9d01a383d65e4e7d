// The command line of the live conformance suite: `npm run verify:live` (scripts/verify-live.ts)
// and the default command of the `portfolio-conformance` bin. Returns the exit code.
import { parseCliOptions, USAGE } from './cli-options.ts';
import { writeReportFiles } from './report-files.ts';
import { formatProgress, formatReport } from './report-text.ts';
import { runLiveSuite } from './run-suite.ts';

export async function main(argv: string[]): Promise<number> {
  let options;
  try {
    options = parseCliOptions(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  console.log(`verify:live against ${options.baseUrl}${options.allowWrites ? ' (writes allowed)' : ''}\n`);
  const report = await runLiveSuite({ ...options, onResult: (result, i, n) => console.log(formatProgress(result, i, n)) });
  console.log(formatReport(report));
  if (options.report) {
    try {
      const files = await writeReportFiles(report, options.report);
      console.log(`\nReports written: ${files.json}, ${files.xml}`);
    } catch (error) {
      console.error(`\nCould not write the reports to ${options.report}: ${(error as Error).message}`);
      return 2;
    }
  }
  return report.summary.failed === 0 ? 0 : 1;
}
