// verify:live's command line: the documented options are read, every mistake is refused by name.
import { describe, expect, it } from 'vitest';
import { parseCliOptions } from './cli-options.ts';

describe('parseCliOptions', () => {
  it('reads every documented option', () => {
    expect(
      parseCliOptions([
        '--base-url', 'https://svc.example.test/api/', '--api-key', 'k', '--access-token', 't', '--allow-writes',
        '--fund-extraction-id', '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d', '--report', 'out/live', '--timeout', '5000',
      ]),
    ).toEqual({
      baseUrl: 'https://svc.example.test/api',
      apiKey: 'k',
      accessToken: 't',
      allowWrites: true,
      fundExtractionId: '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      report: 'out/live',
      timeoutMs: 5000,
    });
  });

  it('defaults to reads only, no token, 30 s per request', () => {
    expect(parseCliOptions(['--base-url', 'http://127.0.0.1:4010/api', '--api-key', 'k'])).toMatchObject({ allowWrites: false, accessToken: undefined, timeoutMs: 30_000 });
    expect(parseCliOptions(['--help'])).toBe('help');
  });

  it('refuses missing, malformed and unknown options', () => {
    const cases: Array<[string[], RegExp]> = [
      [['--api-key', 'k'], /Missing --base-url/],
      [['--base-url', 'http://127.0.0.1:4010/api'], /Missing --api-key/],
      [['--base-url', '127.0.0.1:4010/api', '--api-key', 'k'], /Invalid --base-url/],
      [['--base-url', 'file:///etc/api', '--api-key', 'k'], /only http and https/],
      [['--base-url', 'http://h/api', '--api-key', 'k', '--timeout', '0'], /Invalid --timeout/],
      [['--base-url', 'http://h/api', '--api-key', 'k', 'extra'], /Unexpected arguments: extra/],
      [['--base-url', 'http://h/api', '--api-key', 'k', '--allow-write'], /Unknown option '--allow-write'/],
    ];
    for (const [argv, message] of cases) expect(() => parseCliOptions(argv), argv.join(' ')).toThrow(message);
  });
});
