// `portfolio-conformance pact-verify` (and `npm run pact:verify`): Pact provider verification of
// the HTTP pact against any base URL. On the stateful mock (its control API answers) every
// provider state is arranged; elsewhere only the interactions whose states hold anywhere run, and
// the others are listed as not verifiable, never as passed. Returns the exit code.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import publishedPact from './published/portfolio-integration-client-portfolio-integration-service.json' with { type: 'json' };
import { serviceStates } from './service-states.ts';
import { writeVerificationReport } from './support/verification-report-file.ts';
import { formatVerification, verifyHttpPact } from './support/verify-http-provider.ts';
import type { ProviderTarget } from './support/provider-target.ts';

export const PACT_VERIFY_USAGE = `Usage: portfolio-conformance pact-verify --base-url <url> [options]

  --base-url <url>          the service base URL, including /api (e.g. http://127.0.0.1:4010/api)
  --api-key <key>           the provider's API key (on the stateful mock: its first user's by default)
  --access-token <token>    the provider's session token, for the webhook interactions
  --pact <file>             verify this pact file instead of the bundled one
  --report <file>           also write the verification report as JSON

Against the stateful mock (its control API answers at <origin>/__mock/state) every provider state is
arranged. Against any other provider only the interactions whose states hold anywhere (wrong
credentials) run; the others are listed as NOT VERIFIABLE, never counted as verified.

Exit code: 0 when every runnable interaction is verified, 1 when one fails, 2 on a usage error or
when the verifier cannot run.`;

interface PactVerifyOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  accessToken?: string | undefined;
  pact?: string | undefined;
  report?: string | undefined;
}

function parse(argv: string[]): PactVerifyOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'access-token': { type: 'string' },
      pact: { type: 'string' },
      report: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new Error(`Unexpected arguments: ${positionals.join(' ')}`);
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new Error('Missing --base-url');
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol) || !/\/api\/?$/.test(new URL(baseUrl).pathname)) {
    throw new Error(`Invalid --base-url "${baseUrl}": expected an http(s) URL whose path ends in /api`);
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey: values['api-key'], accessToken: values['access-token'], pact: values.pact, report: values.report };
}

/** The stateful mock's first user when `<origin>/__mock/state` answers like the mock's control API. */
async function mockUser(origin: string): Promise<{ apiKey: string; accessToken: string } | undefined> {
  try {
    const response = await fetch(`${origin}/__mock/state`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: { users?: { apiKey?: unknown; accessToken?: unknown }[] } };
    const user = body.data?.users?.[0];
    return typeof user?.apiKey === 'string' && typeof user.accessToken === 'string' ? { apiKey: user.apiKey, accessToken: user.accessToken } : undefined;
  } catch {
    return undefined;
  }
}

export async function main(argv: string[]): Promise<number> {
  let options: PactVerifyOptions | 'help';
  try {
    options = parse(argv);
  } catch (error) {
    console.error(`${(error as Error).message} (see --help)`);
    return 2;
  }
  if (options === 'help') {
    console.log(PACT_VERIFY_USAGE);
    return 0;
  }
  const origin = new URL(options.baseUrl).origin;
  const onMock = await mockUser(origin);
  if (!onMock && !options.apiKey) {
    console.error(`Missing --api-key: ${origin} is not the stateful mock, so its credentials must be given (see --help)`);
    return 2;
  }
  const target: ProviderTarget = {
    kind: onMock ? 'mock' : 'external',
    baseUrl: options.baseUrl,
    apiKey: options.apiKey ?? onMock!.apiKey,
    ...((options.accessToken ?? onMock?.accessToken) ? { accessToken: (options.accessToken ?? onMock?.accessToken)! } : {}),
  };
  const dir = await mkdtemp(join(tmpdir(), 'pact-verify-cli-'));
  try {
    const pactFile = options.pact ?? join(dir, 'bundled-pact.json');
    if (!options.pact) await writeFile(pactFile, JSON.stringify(publishedPact));
    console.log(`pact-verify against ${options.baseUrl} (${onMock ? 'the stateful mock: every state arranged' : 'external provider'})`);
    const report = await verifyHttpPact({ pactFile, target, states: serviceStates, ...(onMock ? { mockOrigin: origin } : {}) });
    console.log(formatVerification(report));
    if (options.report) await writeVerificationReport(report, options.report);
    return report.failed.length === 0 && report.verified.length > 0 ? 0 : 1;
  } catch (error) {
    console.error(`pact-verify could not run: ${(error as Error).message.split('\n')[0]}`);
    return 2;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
