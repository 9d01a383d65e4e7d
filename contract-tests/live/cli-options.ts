// Parses `verify:live` arguments; every mistake is reported with the usage, never guessed around.
import { parseArgs } from 'node:util';
import type { LiveSuiteOptions } from './run-suite.ts';

export const USAGE = `Usage: npm run verify:live -- --base-url <url> --api-key <key> [options]

  --base-url <url>            the service base URL, including /api (e.g. http://127.0.0.1:4010/api)
  --api-key <key>             API key sent as the raw Authorization header
  --access-token <token>      session access token for the webhook calls (without it they are not checked)
  --allow-writes              also run the calls that create data or spend credits
                              (create company, message, uploads, webhook save, and a fund run: 10 credits)
  --fund-extraction-id <id>   a fund run to read when no run is started (no --allow-writes)
  --report <path>             write <path>.json and <path>.xml (JUnit)
  --timeout <ms>              time limit per request (default 30000)

Exit code: 0 when no check violates the contract, 1 when one does, 2 on a usage error or unwritable --report.`;

export interface CliOptions extends Omit<LiveSuiteOptions, 'fetch' | 'checks' | 'onResult'> {
  report?: string;
}

export function parseCliOptions(argv: string[]): CliOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      'access-token': { type: 'string' },
      'allow-writes': { type: 'boolean', default: false },
      'fund-extraction-id': { type: 'string' },
      report: { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new Error(`Unexpected arguments: ${positionals.join(' ')}`);
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new Error('Missing --base-url');
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new Error(`Invalid --base-url "${baseUrl}": expected an absolute http(s) URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`Invalid --base-url "${baseUrl}": only http and https`);
  const apiKey = values['api-key'];
  if (!apiKey) throw new Error('Missing --api-key');
  const timeout = values.timeout === undefined ? 30_000 : Number(values.timeout);
  if (!Number.isInteger(timeout) || timeout <= 0) throw new Error(`Invalid --timeout "${values.timeout ?? ''}": expected a positive number of milliseconds`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey,
    accessToken: values['access-token'],
    allowWrites: values['allow-writes'],
    fundExtractionId: values['fund-extraction-id'],
    report: values.report,
    timeoutMs: timeout,
  };
}
