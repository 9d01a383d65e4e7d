// `pact-verify` (npm run pact:verify, portfolio-conformance pact-verify): verifies the consumer's HTTP
// pact (by default the published copy the conformance package ships) against any deployment,
// the provider-state set-up call arranging each interaction's state. Prints one line per failure and
// per interaction set aside; --report writes the JSON report. Exit codes: 0 verified (interactions set aside
// only without --strict / CI=true), 1 a failure or, strict, an interaction set aside, 2 bad usage or an
// unwritable --report, 3 the deployment cannot be reached (asked once before the verifier starts, whose
// proxy would otherwise crash on a refused connection and leave the run hanging).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
// Imported, not read from disk, so the conformance package's bundle carries it.
import publishedPact from './published/portfolio-integration-client-portfolio-integration-service.json' with {
  type: 'json',
};
import { httpPactStates } from '../../../common/src/index.ts';
import { strictFrom, TARGET_OPTIONS, targetFrom } from './target-options.ts';
import { writeVerificationReport } from './verification-report-file.ts';
import { networkCause, UNREACHABLE_EXIT, unreachableReason } from '../reach.ts';
import { ensureWritableDir } from '../writable-place.ts';
import { formatVerification, verificationFails, verifyHttpPact } from './verify-http-provider.ts';

export const PACT_VERIFY_USAGE = `usage: pact-verify [--pact <file>] [--base-url <url>/api] [--api-key <key>] [--access-token <token>]
                   [--provider-states-setup-url <url>] [--session <id>] [--strict] [--report <file>]
  (--provider-base-url is the same as --base-url; the stateful mock's set-up URL is <origin>/__mock/provider-states)
  --session <id>: every request and set-up call sends X-Mock-Session: <id>. With the mock's set-up URL and no
  --session, the run takes a session of its own, so the mock's default session is left as it was.
  defaults: the pact this package ships, PROVIDER_BASE_URL, PROVIDER_API_KEY, PROVIDER_ACCESS_TOKEN,
  PROVIDER_STATES_SETUP_URL; --strict is on when CI=true.
  --report <file>: the JSON report; the Pact verifier's own per-interaction output goes to <file>.verifier.log
  (without --report it is not shown: the lines above name every failure).
  Exit codes: 0 verified; 1 failed or (strict) not verifiable; 2 bad usage or unwritable --report (before any
  request); 3 the deployment cannot be reached.`;

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
  let target;
  try {
    target = targetFrom({ ...values, 'provider-base-url': values['provider-base-url'] ?? values['base-url'] });
    if (values.report) await ensureWritableDir(dirname(resolve(values.report)));
  } catch (error) {
    console.error(`pact-verify: ${(error as Error).message.split('\n')[0]}`);
    return 2;
  }
  const unreachable = await unreachableReason(target.baseUrl);
  if (unreachable) {
    console.error(`pact-verify: ${unreachable}`);
    return UNREACHABLE_EXIT;
  }
  const dir = await mkdtemp(join(tmpdir(), 'pact-verify-'));
  // The verifier's proxy throws a connection error it does not handle (a deployment going away
  // mid-run): it ends this run with the unreachable code instead of a stack and a hang.
  let onCrash: ((error: Error) => void) | undefined;
  const crashed = new Promise<never>((_resolve, reject) => {
    onCrash = reject;
    process.on('uncaughtException', onCrash);
  });
  try {
    const pactFile = values.pact ?? join(dir, 'published-pact.json');
    if (!values.pact) await writeFile(pactFile, JSON.stringify(publishedPact));
    const report = await Promise.race([
      verifyHttpPact({ pactFile, target, states: httpPactStates, workDir: dir }),
      crashed,
    ]);
    if (values.report) await writeVerificationReport(report, values.report);
    console.log(
      values.report ? `${formatVerification(report)}\n(report: ${values.report})` : formatVerification(report),
    );
    return verificationFails(report, strictFrom(values.strict)) ? 1 : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).syscall === 'connect') {
      console.error(`pact-verify: cannot reach ${target.baseUrl}: ${networkCause(error)}`);
      return UNREACHABLE_EXIT;
    }
    console.error(`pact-verify: ${(error as Error).message.split('\n')[0]}`);
    return 2;
  } finally {
    if (onCrash) process.off('uncaughtException', onCrash);
    await rm(dir, { recursive: true, force: true });
  }
}
