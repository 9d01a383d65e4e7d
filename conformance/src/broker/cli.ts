// `broker` (npm run pact:broker -- <command>, or pact:publish and the like; portfolio-conformance
// broker ... in the conformance package): the broker flow through the
// Pact Foundation's own clients. publish, can-i-deploy, record-deployment and
// publish-provider-contract run the pact-broker / pactflow binaries of @pact-foundation/pact-cli;
// verify runs the Pact verifier against the broker's pacts. The broker comes from
// PACT_BROKER_BASE_URL with PACT_BROKER_TOKEN (or PACT_BROKER_USERNAME / PACT_BROKER_PASSWORD);
// versions and branches from git. Exit codes: 0 done (can-i-deploy: yes), 1 the broker or the
// verification said no (can-i-deploy: no, a failed verification, a refused publication), 2 could
// not run (unknown option, no broker URL, no git version, the CLI not installed, the verifier not
// starting), 3 the broker (or, for verify, the deployment) cannot be reached: asked once, up to 10 s,
// before the Pact CLI, which would retry silently for a minute and then answer like a refusal.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { contractDocument } from '../../../openapi/index.ts';
import { HTTP_PROVIDER } from '../pact/pact-location.ts';
import { TARGET_OPTIONS, targetFrom } from '../pact/target-options.ts';
import { type ConsumerVersionSelector, DEFAULT_SELECTORS, verifyFromBroker } from './broker-verify.ts';
import { gitBranch, gitVersion } from './git-version.ts';
import { type PactCliTool, runPactCli } from './pact-cli.ts';
import { UNREACHABLE_EXIT, unreachableReason } from '../reach.ts';

/** A target that does not answer: the command ends with UNREACHABLE_EXIT. */
class Unreachable extends Error {}

async function mustAnswer(url: string): Promise<void> {
  const reason = await unreachableReason(url);
  if (reason) throw new Unreachable(reason);
}

export const BROKER_USAGE = `usage: broker <command> [options]   (broker from PACT_BROKER_BASE_URL + PACT_BROKER_TOKEN or PACT_BROKER_USERNAME/PASSWORD)
  publish [--pacts <dir> (default ./pacts, Pact JS's output folder)] [--version <v>] [--branch <b>] [--build-url <url>]
  verify [--provider <name>] [--provider-base-url <url>/api --api-key <k> --access-token <t> --provider-states-setup-url <url> --session <id>]
         [--selector <json>]... [--include-wip-pacts-since <yyyy-mm-dd>] [--publish] [--version <v>] [--branch <b>]
  can-i-deploy --pacticipant <name> --to-environment <env> [--version <v>] [--retry-while-unknown <n> --retry-interval <s>]
  record-deployment --pacticipant <name> --environment <env> [--version <v>] [--application-instance <i>]
  publish-provider-contract --report <conformance report .json> [--contract <file> (default: the contract this package was built with)]
         [--provider <name>] [--version <v>] [--branch <b>]
  versions and branches default to git (PACT_VERSION / PACT_BRANCH override).
  Exit codes: 0 done (can-i-deploy: yes); 1 the broker or the verification said no; 2 could not run (usage, no
  broker URL, no git version, Pact CLI missing); 3 the broker or the deployment cannot be reached.`;

/** Where Pact JS writes a consumer's pacts unless told otherwise: `pacts/` in the project. */
const DEFAULT_PACT_DIR = 'pacts';
/** What the published contract's self-verification reports as its verifier. */
const CONFORMANCE_VERIFIER = 'portfolio-conformance';

type Options = NonNullable<ParseArgsConfig['options']>;
const VERSION_OPTIONS = { version: { type: 'string' }, branch: { type: 'string' } } satisfies Options;

/** Unknown options and missing values throw, and become the command's one-line error. */
function parse<O extends Options>(argv: string[], options: O) {
  return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new Error(`${flag} is required`);
  return value;
}

/** The broker's URL, once it has answered (any HTTP status). */
async function reachableBroker(env: NodeJS.ProcessEnv): Promise<string> {
  const url = brokerUrl(env);
  await mustAnswer(url);
  return url;
}

function brokerUrl(env: NodeJS.ProcessEnv): string {
  const url = env.PACT_BROKER_BASE_URL?.trim();
  if (!url) throw new Error('PACT_BROKER_BASE_URL is not set: the broker to talk to');
  if (!URL.canParse(url)) throw new Error(`PACT_BROKER_BASE_URL is not a URL: ${url}`);
  return url.replace(/\/$/, '');
}

/** Runs the Pact CLI, echoes what it printed, and maps its exit status to ours. */
async function runCli(tool: PactCliTool, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  await reachableBroker(env);
  const result = await runPactCli(tool, args, env);
  if (result.stdout.trim()) console.log(result.stdout.trimEnd());
  if (result.stderr.trim()) console.error(result.stderr.trimEnd());
  return result.status === 0 ? 0 : 1;
}

async function publish(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const values = parse(argv, { ...VERSION_OPTIONS, pacts: { type: 'string' }, 'build-url': { type: 'string' } });
  const buildUrl =
    values['build-url'] ??
    (env.GITHUB_RUN_ID
      ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined);
  const pacts = resolve(values.pacts ?? DEFAULT_PACT_DIR);
  if (!existsSync(pacts))
    throw new Error(`no pact folder ${pacts}: pass --pacts <the folder your consumer tests write>`);
  const args = [
    'publish',
    pacts,
    '--consumer-app-version',
    values.version ?? gitVersion(env),
    '--branch',
    values.branch ?? gitBranch(env),
  ];
  if (buildUrl) args.push('--build-url', buildUrl);
  return runCli('pact-broker', args, env);
}

function selectorsFrom(raw: string[] | undefined): ConsumerVersionSelector[] {
  if (!raw?.length) return DEFAULT_SELECTORS;
  return raw.map((text) => {
    try {
      const selector = JSON.parse(text) as unknown;
      if (typeof selector !== 'object' || selector === null || Array.isArray(selector))
        throw new Error('not an object');
      return selector as ConsumerVersionSelector;
    } catch {
      throw new Error(`--selector is not a JSON object: ${text}`);
    }
  });
}

async function verify(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const values = parse(argv, {
    ...TARGET_OPTIONS,
    ...VERSION_OPTIONS,
    provider: { type: 'string' },
    selector: { type: 'string', multiple: true },
    'include-wip-pacts-since': { type: 'string' },
    publish: { type: 'boolean' },
  });
  const wipSince = values['include-wip-pacts-since'];
  if (wipSince !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(wipSince))
    throw new Error(`--include-wip-pacts-since is not a date (yyyy-mm-dd): ${wipSince}`);
  const target = targetFrom(values, env);
  const broker = await reachableBroker(env);
  await mustAnswer(target.baseUrl);
  const outcome = await verifyFromBroker({
    brokerUrl: broker,
    provider: values.provider ?? HTTP_PROVIDER,
    target,
    providerVersion: values.version ?? gitVersion(env),
    providerBranch: values.branch ?? gitBranch(env),
    selectors: selectorsFrom(values.selector),
    includeWipPactsSince: wipSince,
    publish: values.publish === true,
    env,
  });
  const pending = outcome.pendingFailed ?? [];
  console.log(
    `broker verify: ${outcome.verified.length} verified, ${outcome.failed.length} failed, ${pending.length} failed on pending pacts (not failing the build)${values.publish ? ', results published' : ''}`,
  );
  for (const f of outcome.failed)
    for (const m of f.mismatches) console.log(`  FAILED "${f.interaction}": ${m.path} ${m.mismatch}`);
  for (const f of pending)
    for (const m of f.mismatches) console.log(`  PENDING, FAILED "${f.interaction}": ${m.path} ${m.mismatch}`);
  return outcome.failed.length ? 1 : 0;
}

interface Matrix {
  summary?: { deployable?: boolean | null; reason?: string };
}

async function canIDeploy(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const values = parse(argv, {
    version: { type: 'string' },
    pacticipant: { type: 'string' },
    'to-environment': { type: 'string' },
    'retry-while-unknown': { type: 'string' },
    'retry-interval': { type: 'string' },
  });
  const pacticipant = required(values.pacticipant, '--pacticipant');
  const environment = required(values['to-environment'], '--to-environment');
  const version = values.version ?? gitVersion(env);
  const args = [
    'can-i-deploy',
    '--pacticipant',
    pacticipant,
    '--version',
    version,
    '--to-environment',
    environment,
    '--output',
    'json',
  ];
  if (values['retry-while-unknown'])
    args.push(
      '--retry-while-unknown',
      values['retry-while-unknown'],
      '--retry-interval',
      values['retry-interval'] ?? '10',
    );
  await reachableBroker(env);
  // With --output json the CLI exits 0 whatever the verdict: the verdict is read from the matrix it prints.
  const result = await runPactCli('pact-broker', args, env);
  let matrix: Matrix | undefined;
  try {
    matrix = JSON.parse(result.stdout) as Matrix;
  } catch {
    matrix = undefined;
  }
  const deployable = matrix?.summary?.deployable;
  if (result.status !== 0 || typeof deployable !== 'boolean') {
    console.error(
      `can-i-deploy: the broker gave no verdict: ${(result.stdout + result.stderr).trim().split('\n')[0] ?? ''}`,
    );
    return 1;
  }
  console.log(
    `can-i-deploy: ${pacticipant} ${version} to ${environment}: ${deployable ? 'yes' : 'NO'}${matrix?.summary?.reason ? ` (${matrix.summary.reason})` : ''}`,
  );
  return deployable ? 0 : 1;
}

async function recordDeployment(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const values = parse(argv, {
    version: { type: 'string' },
    pacticipant: { type: 'string' },
    environment: { type: 'string' },
    'application-instance': { type: 'string' },
  });
  const args = [
    'record-deployment',
    '--pacticipant',
    required(values.pacticipant, '--pacticipant'),
    '--version',
    values.version ?? gitVersion(env),
    '--environment',
    required(values.environment, '--environment'),
  ];
  if (values['application-instance']) args.push('--application-instance', values['application-instance']);
  return runCli('pact-broker', args, env);
}

/** Whether the conformance suite's report (conformance/src/live: <dir>/conformance.json, written by --report <dir>) says the deployment conforms. */
async function conformancePassed(reportFile: string): Promise<boolean> {
  let report: { summary?: { checked?: unknown; failed?: unknown } };
  try {
    report = JSON.parse(await readFile(reportFile, 'utf8')) as typeof report;
  } catch (error) {
    throw new Error(`cannot read the conformance report ${reportFile}: ${(error as Error).message}`);
  }
  const { checked, failed } = report.summary ?? {};
  if (typeof checked !== 'number' || typeof failed !== 'number')
    throw new Error(`${reportFile} is not a conformance report (no summary.checked / summary.failed)`);
  return checked > 0 && failed === 0;
}

async function publishProviderContract(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const values = parse(argv, {
    ...VERSION_OPTIONS,
    provider: { type: 'string' },
    contract: { type: 'string' },
    report: { type: 'string' },
  });
  const report = required(values.report, '--report');
  const passed = await conformancePassed(report);
  // The contract the package was built with, written where the CLI can read it.
  const dir = values.contract ? undefined : await mkdtemp(join(tmpdir(), 'provider-contract-'));
  const contract = values.contract ?? join(dir!, 'openapi.json');
  if (dir) await writeFile(contract, `${JSON.stringify(contractDocument, null, 2)}\n`);
  const args = [
    'publish-provider-contract',
    contract,
    '--provider',
    values.provider ?? HTTP_PROVIDER,
    '--provider-app-version',
    values.version ?? gitVersion(env),
    '--branch',
    values.branch ?? gitBranch(env),
    '--content-type',
    'application/json',
    passed ? '--verification-success' : '--no-verification-success',
    '--verification-results',
    report,
    '--verification-results-content-type',
    'application/json',
    '--verification-results-format',
    'json',
    '--verifier',
    CONFORMANCE_VERIFIER,
  ];
  try {
    return await runCli('pactflow', args, env);
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

const COMMANDS: Record<string, (argv: string[], env: NodeJS.ProcessEnv) => Promise<number>> = {
  publish,
  verify,
  'can-i-deploy': canIDeploy,
  'record-deployment': recordDeployment,
  'publish-provider-contract': publishProviderContract,
};

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    console.log(BROKER_USAGE);
    return command ? 0 : 2;
  }
  const run = COMMANDS[command];
  if (!run) {
    console.error(
      `broker: unknown command "${command}" (publish, verify, can-i-deploy, record-deployment, publish-provider-contract)`,
    );
    return 2;
  }
  try {
    return await run(rest, env);
  } catch (error) {
    console.error(`broker ${command}: ${(error as Error).message.split('\n')[0]}`);
    return error instanceof Unreachable ? UNREACHABLE_EXIT : 2;
  }
}
