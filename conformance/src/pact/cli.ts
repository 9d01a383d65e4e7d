// `pact-verify` (npm run pact:verify, portfolio-conformance pact-verify): verifies the consumer's HTTP
// pact (by default the published copy the conformance package ships) against any deployment,
// the provider-state set-up call arranging each interaction's state. Prints one line per failure and
// per interaction set aside; --report writes the JSON report. Exit codes: 0 verified (interactions set aside
// only without --strict / CI=true), 1 a failure or, strict, an interaction set aside, 2 bad usage.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
// Imported, not read from disk, so the conformance package's bundle carries it.
import publishedPact from './published/portfolio-integration-client-portfolio-integration-service.json' with {
  type: 'json',
};
import { httpPactStates } from '../../../common/src/index.ts';
import { strictFrom, TARGET_OPTIONS, targetFrom } from './target-options.ts';
import { writeVerificationReport } from './verification-report-file.ts';
import { formatVerification, verificationFails, verifyHttpPact } from './verify-http-provider.ts';

export const PACT_VERIFY_USAGE = `usage: pact-verify [--pact <file>] [--base-url <url>/api] [--api-key <key>] [--access-token <token>]
                   [--provider-states-setup-url <url>] [--strict] [--report <file>]
  (--provider-base-url is the same as --base-url; the stateful mock's set-up URL is <origin>/__mock/provider-states)
  defaults: the pact this package ships, PROVIDER_BASE_URL, PROVIDER_API_KEY, PROVIDER_ACCESS_TOKEN,
  PROVIDER_STATES_SETUP_URL; --strict is on when CI=true. Exit 0 verified, 1 failed or (strict) not verifiable, 2 bad usage.`;

export async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ...TARGET_OPTIONS,
        'base-url': { type: 'string' },
        pact: { type: 'string' },
        strict: { type: 'boolean' },
        report: { type: 'string' },
        help: { type: 'boolean' },
      },
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
  const dir = await mkdtemp(join(tmpdir(), 'pact-verify-'));
  try {
    const target = targetFrom({ ...values, 'provider-base-url': values['provider-base-url'] ?? values['base-url'] });
    const pactFile = values.pact ?? join(dir, 'published-pact.json');
    if (!values.pact) await writeFile(pactFile, JSON.stringify(publishedPact));
    const report = await verifyHttpPact({ pactFile, target, states: httpPactStates });
    if (values.report) await writeVerificationReport(report, values.report);
    console.log(
      values.report ? `${formatVerification(report)}\n(report: ${values.report})` : formatVerification(report),
    );
    return verificationFails(report, strictFrom(values.strict)) ? 1 : 0;
  } catch (error) {
    console.error(`pact-verify: ${(error as Error).message.split('\n')[0]}`);
    return 2;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
