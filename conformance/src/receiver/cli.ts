// `portfolio-conformance receiver --url <endpoint>`: whether the service's webhook deliveries will
// land on a consumer's receiver. `main(argv)` prints its own errors and returns the exit code.
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureWritableDir } from '../writable-place.ts';
import { formatReceiverResult, formatReceiverSummary, receiverExitCode, receiverJUnitXml } from './report.ts';
import { runReceiverCheck, SPEC_THRESHOLD_MS } from './run-receiver-check.ts';

export const RECEIVER_USAGE = `Usage: portfolio-conformance receiver --url <endpoint> [options]

Sends every event of the specification to your webhook receiver as the service would (POST, JSON body
{ event, data }, content-type application/json, no other header) and judges the receiver rules.

  --url <endpoint>        the receiver's URL, as you would save it in the webhook configuration
  --within <ms>           longest wait for each answer (default ${SPEC_THRESHOLD_MS}, the specification's 30 seconds;
                          set it lower to keep a margin)
  --observe-url <url>     a GET URL of your receiver whose answer changes when it handles an event (a count,
                          a list): shows whether a repeated delivery is handled as a new event
  --strict                a warning (what the specification leaves open) fails the check
  --report <dir>          write <dir>/receiver.json and <dir>/receiver.xml (JUnit)

Rules: per event, accepts-post (HTTP 200) and answers-in-time fail the check; repeat-handled-once,
reordered-deliveries, unknown-fields-accepted and fundAnalysisCompleted.payload-gap rest on gaps of the
specification (x-gap named in the report) and warn.

Exit code: 0 every rule holds (warnings allowed); 1 a rule fails (or, with --strict, warns); 2 usage
error or unwritable --report; 3 the receiver could not be reached.`;

function whole(name: string, value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new Error(`Invalid --${name} "${value}": expected a whole number of at least 1`);
  return n;
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid --${name} "${value}": not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`Invalid --${name} "${value}": expected an http or https URL`);
  return value;
}

export async function main(argv: string[]): Promise<number> {
  let options;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        within: { type: 'string' },
        'observe-url': { type: 'string' },
        strict: { type: 'boolean', default: false },
        report: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(RECEIVER_USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new Error(`Unexpected arguments: ${positionals.join(' ')}`);
    if (!values.url) throw new Error('Missing --url');
    const thresholdMs = values.within === undefined ? SPEC_THRESHOLD_MS : whole('within', values.within);
    if (thresholdMs > SPEC_THRESHOLD_MS)
      throw new Error(`Invalid --within ${thresholdMs}: the specification allows at most ${SPEC_THRESHOLD_MS} ms`);
    options = {
      url: httpUrl('url', values.url),
      thresholdMs,
      ...(values['observe-url'] ? { observeUrl: httpUrl('observe-url', values['observe-url']) } : {}),
      strict: values.strict,
      report: values.report,
    };
    // Refused before any delivery, as the other commands refuse it (and never `mkdir -p`, which loops on /proc).
    if (options.report) await ensureWritableDir(options.report);
  } catch (error) {
    console.error(`portfolio-conformance receiver: ${(error as Error).message.split('\n')[0]} (--help for the usage)`);
    return 2;
  }
  console.log(`Receiver check of ${options.url} (answers within ${options.thresholdMs} ms)\n`);
  const report = await runReceiverCheck({ ...options, onResult: (r) => console.log(formatReceiverResult(r)) });
  console.log(formatReceiverSummary(report));
  if (options.report) {
    try {
      const dir = resolve(options.report);
      const json = join(dir, 'receiver.json');
      const xml = join(dir, 'receiver.xml');
      await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
      await writeFile(xml, receiverJUnitXml(report));
      console.log(`\nReports written: ${json}, ${xml}`);
    } catch (error) {
      console.error(`Could not write the reports to ${options.report}: ${(error as Error).message}`);
      return 2;
    }
  }
  return receiverExitCode(report);
}
