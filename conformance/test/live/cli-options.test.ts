// The conformance command line: the documented options are read, every mistake is refused by name.
import { describe, expect, it } from 'vitest';
import { parseCliOptions } from '../../src/live/cli-options.ts';

describe('parseCliOptions', () => {
  it('reads every documented option', () => {
    expect(
      parseCliOptions([
        '--base-url',
        'https://svc.example.test/api/',
        '--api-key',
        'k',
        '--access-token',
        't',
        '--second-api-key',
        'k2',
        '--allow-writes',
        '--max-credits',
        '20',
        '--analysis-cost',
        '3',
        '--receiver-host',
        '0.0.0.0',
        '--receiver-port',
        '8099',
        '--receiver-public-url',
        'https://hooks.example.test/in',
        '--session',
        'ci-job.7',
        '--rule',
        'a.b',
        '--rule',
        'c.d',
        '--seed=-17',
        '--sequence-path',
        '1:0@AB:K',
        '--strict',
        '--dry-run',
        '--report',
        'out/conf',
        '--run-id',
        'ci-42',
        '--timeout',
        '5000',
        '--poll-interval',
        '100',
        '--poll-timeout',
        '60000',
        '--delivery-timeout',
        '9000',
      ]),
    ).toEqual({
      baseUrl: 'https://svc.example.test/api',
      apiKey: 'k',
      accessToken: 't',
      secondApiKey: 'k2',
      allowWrites: true,
      maxCredits: 20,
      analysisCost: 3,
      receiverHost: '0.0.0.0',
      receiverPort: 8099,
      receiverPublicUrl: 'https://hooks.example.test/in',
      only: ['a.b', 'c.d'],
      session: 'ci-job.7',
      seed: -17,
      sequencePath: '1:0@AB:K',
      strict: true,
      dryRun: true,
      report: 'out/conf',
      runId: 'ci-42',
      timeoutMs: 5000,
      pollIntervalMs: 100,
      pollTimeoutMs: 60000,
      deliveryTimeoutMs: 9000,
    });
  });

  it('defaults to read only, no budget, 30 s per request', () => {
    expect(parseCliOptions(['--base-url', 'http://127.0.0.1:4010/api', '--api-key', 'k'])).toMatchObject({
      allowWrites: false,
      maxCredits: 0,
      strict: false,
      dryRun: false,
      timeoutMs: 30_000,
    });
    expect(parseCliOptions(['--help'])).toBe('help');
  });

  it('refuses missing, malformed and unknown options', () => {
    const base = ['--base-url', 'http://h/api', '--api-key', 'k'];
    const cases: Array<[string[], RegExp]> = [
      [['--api-key', 'k'], /Missing --base-url/],
      [['--base-url', 'http://127.0.0.1:4010/api'], /Missing --api-key/],
      [['--base-url', '127.0.0.1:4010/api', '--api-key', 'k'], /Invalid --base-url/],
      [['--base-url', 'file:///etc/api', '--api-key', 'k'], /only http and https/],
      [[...base, '--timeout', '0'], /Invalid --timeout/],
      [[...base, '--allow-writes'], /--allow-writes needs a budget: --max-credits/],
      [[...base, '--max-credits', '10'], /--max-credits is a budget for --allow-writes/],
      [[...base, '--allow-writes', '--max-credits', 'ten'], /Invalid --max-credits/],
      [[...base, '--receiver-public-url', 'https://x.test'], /needs --receiver-host/],
      [[...base, '--receiver-host', '127.0.0.1'], /--receiver-host needs --allow-writes/],
      [['--base-url', 'http://127.0.0.1:4010', '--api-key', 'k'], /the service base URL ends in \/api/],
      [
        ['--base-url', 'http://127.0.0.1:4010/v1', '--api-key', 'k'],
        /ends in \/api \(e\.g\. http:\/\/127\.0\.0\.1:4010\/api\)/,
      ],
      [[...base, '--run-id', 'a b'], /Invalid --run-id/],
      [[...base, '--session', '.x'], /Invalid --session/],
      [[...base, '--session', 'a/b'], /Invalid --session "a\/b"/],
      [[...base, '--seed', '1.5'], /Invalid --seed/],
      [[...base, '--sequence-path', '1:0@'], /--sequence-path needs the --seed/],
      [[...base, 'extra'], /Unexpected arguments: extra/],
      [[...base, '--allow-write'], /Unknown option '--allow-write'/],
    ];
    for (const [argv, message] of cases) expect(() => parseCliOptions(argv), argv.join(' ')).toThrow(message);
  });
});
