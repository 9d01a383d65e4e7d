// `pact-verify` (npm run pact:verify): verifies the consumer's HTTP pact file against any deployment,
// the provider-state set-up call arranging each interaction's state. Prints one line per failure and
// per interaction set aside, writes the JSON report. Exit codes: 0 verified (interactions set aside
// only without --strict / CI=true), 1 a failure or, strict, an interaction set aside, 2 bad usage.
import { parseArgs } from 'node:util';
import { httpPactStates } from './http-states.ts';
import { HTTP_CONSUMER, HTTP_PROVIDER, pactFilePath } from './support/pact-location.ts';
import { strictFrom, TARGET_OPTIONS, targetFrom } from './support/target-options.ts';
import { VERIFICATION_REPORT_FILE, writeVerificationReport } from './support/verification-report-file.ts';
import { formatVerification, verificationFails, verifyHttpPact } from './support/verify-http-provider.ts';

export const PACT_VERIFY_USAGE = `usage: pact-verify [--pact <file>] [--provider-base-url <url>/api] [--api-key <key>] [--access-token <token>]
                   [--provider-states-setup-url <url>] [--strict] [--report <file>]
  defaults: the pact the consumer suites write, PROVIDER_BASE_URL, PROVIDER_API_KEY, PROVIDER_ACCESS_TOKEN,
  PROVIDER_STATES_SETUP_URL; --strict is on when CI=true. Exit 0 verified, 1 failed or (strict) not verifiable, 2 bad usage.`;

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { ...TARGET_OPTIONS, pact: { type: 'string' }, strict: { type: 'boolean' }, report: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`pact-verify: ${(error as Error).message}`);
    return 2;
  }
  if (values.help) {
    console.log(PACT_VERIFY_USAGE);
    return 0;
  }
  try {
    const target = targetFrom(values);
    const pactFile = values.pact ?? pactFilePath(HTTP_CONSUMER, HTTP_PROVIDER);
    const report = await verifyHttpPact({ pactFile, target, states: httpPactStates });
    const reportFile = values.report ?? VERIFICATION_REPORT_FILE;
    await writeVerificationReport(report, reportFile);
    console.log(`${formatVerification(report)}\n(report: ${reportFile})`);
    return verificationFails(report, strictFrom(values.strict)) ? 1 : 0;
  } catch (error) {
    console.error(`pact-verify: ${(error as Error).message.split('\n')[0]}`);
    return 2;
  }
}
