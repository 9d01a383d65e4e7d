// `portfolio-conformance parity`: what a deployment does where the specification is silent, set
// beside the mock's choices. Exit codes: 0 no difference, 1 differences, 2 usage (or unwritable
// --report, or credentials refused), 3 unreachable. One-line errors.
import { parseArgs } from 'node:util';
import { RECEIVER_SPELLING_LABELS } from '../../../common/src/index.ts';
import { serviceBaseUrl } from '../base-url-option.ts';
import { fetchInSession, sessionOption } from '../mock-session.ts';
import { ensureWritableDir } from '../writable-place.ts';
import { type Baseline, readBaseline } from './baseline.ts';
import { formatParityText, writeParityFiles } from './report.ts';
import { ParityRefused, ParityUnreachable, runParity } from './run-parity.ts';

export const PARITY_USAGE = `Usage: portfolio-conformance parity --base-url <url> --api-key <key> [options]

What the deployment does where the specification is silent (an x-gap of the contract), beside the
choice the mock makes there (named in its X-Mock-Gap header). Read only unless --allow-writes: a burst
of 25 company list reads (the rate limit), then one request per open behaviour.

  --base-url <url>        the service base URL, including /api
  --api-key <key>         API key sent as the raw Authorization header
  --allow-writes          also create two companies (projectNoAnalysis: no analysis, no credits; one with a
                          website naming no host) to observe the values the specification leaves open, ask
                          for a fund run on a folder never uploaded (refused; a service that accepts it
                          charges 10 credits) and, with --access-token and no webhook configuration saved,
                          offer ${RECEIVER_SPELLING_LABELS.length} receiver urls
  --access-token <token>  session token of the webhook calls (without it the webhook calls are not touched)
  --second-api-key <key>  another user's API key: what that user is answered for a company of the first
  --analysis-cost <n>     with --allow-writes, start one company analysis (projectAnalysisNoFile), which
                          costs n credits on this deployment (a gap), and read the company back while it runs;
                          two more (n credits each): one over a website that cannot exist, one over a manual
                          upload of a PDF and a cut one
  --receiver-host <host>  with --analysis-cost and --access-token, and no webhook configuration saved: start
                          a receiver on this host (the deployment must reach it), save it subscribed to
                          analysisCompleted, and read the headers of that analysis's delivery
  --drive-folder-name <n> with --allow-writes: a folder at the root of the user's connected drive, linked
                          to no company; four companies (projectNoAnalysis) are created naming it in other
                          spellings, to see which ones find it (a match links the folder to a parity company)
  --drive-folder-id <id>  with --allow-writes: a folder of the user's connected drive by its id; five
                          companies (projectNoAnalysis) are created linking it in other forms (open?id=
                          urls, the id with spaces around, a folders url with a query, the bare id), to
                          see which ones find it (the first that does links it to a parity company)
  --drive-shared-folder-name <n>
                          with --allow-writes: a name two folders at the root of the user's connected drive
                          share; one company (projectNoAnalysis) is created naming it, to see what it finds
  --fund-run              with --allow-writes: upload one small PDF and start one fund run over it with name
                          and folderPath alone (10 credits; projectMode left to its default, bookmark, which
                          makes a company record of each portfolio company the run finds), and follow it
                          to its end: its defaults, data sections, statuses, id forms and linked records;
                          then a second run of the same name and folder (10 more credits), read once; with
                          --receiver-host, the first run's fundAnalysisCompleted at parity's receiver
  --baseline <file>       compare with the parity.json of an earlier run instead of the mock's choices
                          (a mock started with that file as --gap-profile must show no difference)
  --session <id>          send X-Mock-Session: <id> (a run against a shared stateful mock)
  --report <dir>          write <dir>/parity.txt, parity.json (the profile portfolio-mock --gap-profile
                          reads) and parity.md (a page for the documentation site's docs/ folder)
  --timeout <ms>          time limit per request (default 10000); a 429 is waited out as Retry-After
                          says, at most 5 times of 30 s per request

Exit codes: 0 no difference from the mock's choices (or the baseline); 1 differences (listed);
2 usage error, unreadable --baseline, unwritable --report or credentials refused (before the probes);
3 the service could not be reached or answered no JSON.`;

interface ParityCliOptions {
  baseUrl: string;
  apiKey: string;
  accessToken?: string;
  secondApiKey?: string;
  analysisCost?: number;
  receiverHost?: string;
  driveFolderName?: string;
  driveFolderId?: string;
  driveSharedFolderName?: string;
  fundRun: boolean;
  allowWrites: boolean;
  session?: string;
  report?: string;
  baselineFile?: string;
  timeoutMs: number;
}

function parse(argv: string[]): ParityCliOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'access-token': { type: 'string' },
      'second-api-key': { type: 'string' },
      'analysis-cost': { type: 'string' },
      'receiver-host': { type: 'string' },
      'drive-folder-name': { type: 'string' },
      'drive-folder-id': { type: 'string' },
      'drive-shared-folder-name': { type: 'string' },
      'allow-writes': { type: 'boolean', default: false },
      'fund-run': { type: 'boolean', default: false },
      session: { type: 'string' },
      report: { type: 'string' },
      baseline: { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new Error(`Unexpected arguments: ${positionals.join(' ')}`);
  const baseUrl = serviceBaseUrl(values['base-url']);
  const apiKey = values['api-key'];
  if (!apiKey) throw new Error('Missing --api-key');
  const timeout = values.timeout ?? '10000';
  if (!/^\d+$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 600_000)
    throw new Error(`Invalid --timeout "${timeout}": expected milliseconds from 1 to 600000`);
  const cost = values['analysis-cost'];
  if (cost !== undefined && (!/^\d{1,6}$/.test(cost) || !values['allow-writes']))
    throw new Error(
      `Invalid --analysis-cost "${cost}": expected the whole number of credits one analysis costs, with --allow-writes`,
    );
  if (values['drive-folder-name'] !== undefined && (!values['drive-folder-name'].trim() || !values['allow-writes']))
    throw new Error(
      '--drive-folder-name needs a folder name and --allow-writes: it creates companies naming that folder',
    );
  if (values['drive-folder-id'] !== undefined && (!values['drive-folder-id'].trim() || !values['allow-writes']))
    throw new Error('--drive-folder-id needs a folder id and --allow-writes: it creates companies linking that folder');
  const shared = values['drive-shared-folder-name'];
  if (shared !== undefined && (!shared.trim() || !values['allow-writes']))
    throw new Error(
      '--drive-shared-folder-name needs a folder name and --allow-writes: it creates a company naming it',
    );
  if (values['fund-run'] && !values['allow-writes'])
    throw new Error('--fund-run needs --allow-writes: it uploads a file and starts a fund run');
  if (values['receiver-host'] !== undefined && cost === undefined)
    throw new Error('--receiver-host needs --analysis-cost: the delivery it reads is of that analysis');
  return {
    baseUrl,
    apiKey,
    accessToken: values['access-token'],
    ...(values['second-api-key'] ? { secondApiKey: values['second-api-key'] } : {}),
    ...(cost === undefined ? {} : { analysisCost: Number(cost) }),
    ...(values['receiver-host'] ? { receiverHost: values['receiver-host'] } : {}),
    ...(values['drive-folder-name'] ? { driveFolderName: values['drive-folder-name'] } : {}),
    ...(values['drive-folder-id'] ? { driveFolderId: values['drive-folder-id'] } : {}),
    ...(shared ? { driveSharedFolderName: shared } : {}),
    fundRun: values['fund-run'],
    allowWrites: values['allow-writes'],
    session: sessionOption(values.session),
    report: values.report,
    baselineFile: values.baseline,
    timeoutMs: Number(timeout),
  };
}

export async function main(argv: string[]): Promise<number> {
  let options: ParityCliOptions | 'help';
  let baseline: Baseline | undefined;
  try {
    options = parse(argv);
    if (options === 'help') {
      console.log(PARITY_USAGE);
      return 0;
    }
    if (options.baselineFile) baseline = await readBaseline(options.baselineFile);
    if (options.report) await ensureWritableDir(options.report);
  } catch (error) {
    console.error(`${(error as Error).message.split('\n')[0]} (--help for the usage)`);
    return 2;
  }
  let report;
  try {
    report = await runParity({ ...options, baseline, fetch: fetchInSession(options.session) });
  } catch (error) {
    console.error((error as Error).message.split('\n')[0]);
    if (error instanceof ParityUnreachable) return 3;
    if (error instanceof ParityRefused) return 2;
    throw error;
  }
  console.log(formatParityText(report));
  if (options.report) {
    try {
      const files = await writeParityFiles(report, options.report);
      console.log(`\nReports written: ${files.text}, ${files.json}, ${files.markdown}`);
    } catch (error) {
      console.error(`Could not write the reports to ${options.report}: ${(error as Error).message}`);
      return 2;
    }
  }
  return report.differences > 0 ? 1 : 0;
}
