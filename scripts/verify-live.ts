// `npm run verify:live -- --base-url <url> --api-key <key> [...]`: the live conformance suite of
// contract-tests/live against any deployment; exit code 0 only when nothing violates the contract.
import { parseCliOptions, USAGE } from '../contract-tests/live/cli-options.ts';
import { writeReportFiles } from '../contract-tests/live/report-files.ts';
import { formatProgress, formatReport } from '../contract-tests/live/report-text.ts';
import { runLiveSuite } from '../contract-tests/live/run-suite.ts';

async function main(): Promise<number> {
  let options;
  try {
    options = parseCliOptions(process.argv.slice(2));
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

process.exitCode = await main();
