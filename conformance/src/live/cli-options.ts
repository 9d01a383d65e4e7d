// Parses the conformance command line; every mistake is reported, never guessed around (exit 2).
import { parseArgs } from 'node:util';
import { serviceBaseUrl } from '../base-url-option.ts';
import type { ConformanceOptions } from './run-conformance.ts';
import { sessionOption } from '../mock-session.ts';

export const USAGE = `Usage: portfolio-conformance [verify] --base-url <url> --api-key <key> [options]

  --base-url <url>              the service base URL, including /api (e.g. http://127.0.0.1:4010/api)
  --api-key <key>               API key sent as the raw Authorization header
  --access-token <token>        session access token for the webhook calls (without it they are not checked)
  --second-api-key <key>        a second user's API key (isolation rules; without it they are not checked)
  --allow-writes                also run the rules that create data, change the webhook setting or spend credits
  --max-credits <n>             budget for --allow-writes (required with it): a call that could exceed it is not sent
  --analysis-cost <n>           credits one company analysis costs on this deployment (a gap of the specification;
                                without it the rules that start an analysis are not checked)
  --receiver-host <host>        start a webhook receiver on this host (deliveries are checked; needs --allow-writes)
  --receiver-port <port>        its port (default: a free one)
  --receiver-public-url <url>   the URL the service must call to reach that receiver (tunnel, proxy)
  --drive-folder <link or id>   a folder of the drive connected under the API-key user (needs --allow-writes):
                                two companies are linked to it, the second must get linked_to_other_project
  --session <id>                send X-Mock-Session: <id> with every request: on a shared stateful mock the
                                run works in that session only and leaves every other one as it was
                                (without it the run names a private session, which the mock drops at the end)
  --rule <id>                   run only this rule (repeatable)
  --seed=<n>                    seed of the stateful sequences (a failure prints the one to replay)
  --sequence-path=<path>        with --seed: replay exactly the failing sequence a failure printed
  --strict                      a rule that is not checked is a failure
  --dry-run                     print the plan (rules, calls, worst-case cost) and send nothing
  --report <dir>                write <dir>/conformance.json and <dir>/conformance.xml (JUnit)
  --run-id <id>                 name of this run in the records it creates (default: time and random)
  --timeout <ms>                time limit per request (default 30000)
  --poll-interval <ms>          wait between polls of a fund run or for a delivery (default 5000)
  --poll-timeout <ms>           give up polling a fund run after (default 900000): funds.run-reaches-final-state fails
  --delivery-timeout <ms>       wait this long for a webhook delivery after its event (default 120000)

Exit codes: 0 every checked rule holds; 1 a rule or the contract is violated (or, with --strict, a rule
is not checked); 2 usage error or unwritable --report (refused before any request); 3 the service could
not be reached or answered nothing usable; 130 or 143 interrupted (SIGINT, SIGTERM: the run's own mock
session is dropped first).`;

export interface CliOptions extends Omit<ConformanceOptions, 'fetch' | 'rules' | 'onResult'> {
  report?: string;
  dryRun: boolean;
  /** The stateful mock's session every request names (X-Mock-Session). */
  session?: string;
}

function count(name: string, value: string | undefined, fallback: number | undefined, min = 0): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min)
    throw new Error(`Invalid --${name} "${value}": expected a whole number${min > 0 ? ` of at least ${min}` : ''}`);
  return n;
}

export function parseCliOptions(argv: string[]): CliOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'access-token': { type: 'string' },
      'second-api-key': { type: 'string' },
      'allow-writes': { type: 'boolean', default: false },
      'max-credits': { type: 'string' },
      'analysis-cost': { type: 'string' },
      'receiver-host': { type: 'string' },
      'receiver-port': { type: 'string' },
      'receiver-public-url': { type: 'string' },
      'drive-folder': { type: 'string' },
      rule: { type: 'string', multiple: true },
      session: { type: 'string' },
      seed: { type: 'string' },
      'sequence-path': { type: 'string' },
      strict: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      report: { type: 'string' },
      'run-id': { type: 'string' },
      timeout: { type: 'string' },
      'poll-interval': { type: 'string' },
      'poll-timeout': { type: 'string' },
      'delivery-timeout': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new Error(`Unexpected arguments: ${positionals.join(' ')}`);
  const baseUrl = serviceBaseUrl(values['base-url']);
  const apiKey = values['api-key'];
  if (!apiKey) throw new Error('Missing --api-key');
  const allowWrites = values['allow-writes'];
  const maxCredits = count('max-credits', values['max-credits'], undefined);
  if (allowWrites && maxCredits === undefined)
    throw new Error('--allow-writes needs a budget: --max-credits <n> (a fund run costs 10)');
  if (!allowWrites && maxCredits !== undefined)
    throw new Error('--max-credits is a budget for --allow-writes: pass both or neither');
  if (values['receiver-host'] !== undefined && !allowWrites)
    throw new Error('--receiver-host needs --allow-writes: the deliveries it checks come from writes');
  if (values['drive-folder'] !== undefined && !allowWrites)
    throw new Error('--drive-folder needs --allow-writes: the companies it links are writes');
  if (values['drive-folder'] !== undefined && values['drive-folder'].trim() === '')
    throw new Error('--drive-folder must not be empty');
  if (values['receiver-public-url'] !== undefined && !values['receiver-host'])
    throw new Error('--receiver-public-url needs --receiver-host (the receiver it reaches)');
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && (!/^-?\d+$/.test(values.seed ?? '') || !Number.isSafeInteger(seed)))
    throw new Error(`Invalid --seed "${values.seed ?? ''}": expected a whole number`);
  if (values['sequence-path'] !== undefined && seed === undefined)
    throw new Error('--sequence-path needs the --seed it was printed with');
  const runId = values['run-id'];
  if (runId !== undefined && !/^[A-Za-z0-9-]{1,40}$/.test(runId))
    throw new Error(`Invalid --run-id "${runId}": letters, digits and - only, at most 40`);
  return {
    baseUrl,
    apiKey,
    accessToken: values['access-token'],
    secondApiKey: values['second-api-key'],
    allowWrites,
    maxCredits: maxCredits ?? 0,
    analysisCost: count('analysis-cost', values['analysis-cost'], undefined),
    receiverHost: values['receiver-host'],
    receiverPort: count('receiver-port', values['receiver-port'], undefined),
    receiverPublicUrl: values['receiver-public-url'],
    driveFolder: values['drive-folder'],
    only: values.rule,
    seed,
    sequencePath: values['sequence-path'],
    strict: values.strict,
    dryRun: values['dry-run'],
    report: values.report,
    session: sessionOption(values.session),
    runId,
    timeoutMs: count('timeout', values.timeout, 30_000, 1),
    pollIntervalMs: count('poll-interval', values['poll-interval'], 5_000),
    pollTimeoutMs: count('poll-timeout', values['poll-timeout'], 900_000, 1),
    deliveryTimeoutMs: count('delivery-timeout', values['delivery-timeout'], 120_000, 1),
  };
}
