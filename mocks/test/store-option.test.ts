// The command line's --store: a value that is not a postgres:// URL, or given with --state-file,
// is one line and exit code 2; a database that cannot be reached is one line (password hidden)
// and exit code 4, within the connect timeout.
import { afterEach, expect, it, vi } from 'vitest';
import { defaultsFromEnvironment, main } from '../src/cli.ts';

const context = { docsDir: async () => undefined };
afterEach(() => {
  vi.restoreAllMocks();
});

async function run(argv: string[]): Promise<{ code: number; errors: string[] }> {
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  return { code: await main(argv, context), errors };
}

it('refuses a --store that is not a postgres:// URL, and --store with --state-file', async () => {
  expect(await run(['--store', 'mysql://db/x', '--no-docs'])).toEqual({
    code: 2,
    errors: ['portfolio-mock: --store must be a postgres:// URL, got "mysql://db/x" (see --help)'],
  });
  const both = await run(['--store', 'postgres://db/x', '--state-file', 'm.state', '--no-docs']);
  expect(both.code).toBe(2);
  expect(both.errors[0]).toMatch(/--store and --state-file/);
});

it('answers exit code 4 with one line when the database cannot be reached', async () => {
  const { code, errors } = await run([
    '--store',
    'postgres://mock:secret@127.0.0.1:1/mock',
    '--port',
    '0',
    '--no-docs',
  ]);
  expect(code).toBe(4);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/^portfolio-mock: cannot use the database postgres:\/\/mock:\*\*\*@127\.0\.0\.1:1\/mock: /);
  expect(errors[0]).not.toContain('secret');
});

it('takes MOCK_STORE from the environment as the bin and npm start both do, naming the variable in its error', async () => {
  const defaults = defaultsFromEnvironment({ MOCK_STORE: 'mysql://db/x', PORT: '0', MOCK_NO_DOCS: '1', MOCK_LOG: '' });
  expect(defaults).toEqual({ store: 'mysql://db/x', port: '0', docs: false, log: false });
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  expect(await main([], { ...context, defaults })).toBe(2);
  expect(errors).toEqual(['portfolio-mock: MOCK_STORE must be a postgres:// URL, got "mysql://db/x" (see --help)']);
});

it('refuses a --lease-ms or --compact-rows (MOCK_COMPACT_ROWS) that is not a positive whole number, in one line naming it', async () => {
  for (const [argv, named, value] of [
    [['--lease-ms', '-5'], '--lease-ms', '-5'],
    [['--compact-rows', '0'], '--compact-rows', '0'],
    [['--compact-rows', '-1'], '--compact-rows', '-1'],
    [['--compact-rows', 'many'], '--compact-rows', 'many'],
  ] as const)
    expect(await run([...argv, '--store', 'postgres://db/x', '--no-docs'])).toEqual({
      code: 2,
      errors: [`portfolio-mock: ${named} must be a positive whole number, got "${value}" (see --help)`],
    });
  vi.restoreAllMocks();
  const defaults = defaultsFromEnvironment({ MOCK_COMPACT_ROWS: '1e4', MOCK_NO_DOCS: '1' });
  expect(defaults.compactRows).toBe('1e4');
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  expect(await main([], { ...context, defaults })).toBe(2);
  expect(errors).toEqual(['portfolio-mock: MOCK_COMPACT_ROWS must be a positive whole number, got "1e4" (see --help)']);
});
