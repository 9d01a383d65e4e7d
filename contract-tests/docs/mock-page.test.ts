// docs/mock.md, the site's page on the stateful mock, against the mock itself: every MOCK_* code
// the mock can answer is listed, the default credentials are the mock's; and the fund walk-through
// of the contract gives the client's polling interval and timeout.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { ENVIRONMENT_VARIABLES } from '../../mocks/src/cli.ts';
import { defaultCredentials } from '../../mocks/src/domain/default-seed.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

/** MOCK_* codes written in the mock's shipped source. */
async function mockCodes(): Promise<string[]> {
  const files = (await readdir(join(ROOT, 'mocks/src'), { recursive: true })).filter((f) => f.endsWith('.ts'));
  const codes = new Set<string>();
  // A name the mock reads from the environment (`env.MOCK_…`, the command line's defaults) is a
  // setting, not a code, also where a message quotes it.
  const variables = new Set<string>(Object.values(ENVIRONMENT_VARIABLES));
  for (const file of files) {
    const source = await readFile(join(ROOT, 'mocks/src', file), 'utf8');
    for (const [code] of source.matchAll(/(?<=')MOCK_[A-Z_]+(?=')/g)) codes.add(code);
    for (const [, name] of source.matchAll(/\benv\.(MOCK_[A-Z_]+)/g)) variables.add(name!);
  }
  return [...codes].filter((code) => !variables.has(code)).sort();
}

/** Codes without a row of their own (`| \`CODE\` | status |`) in the page's table. */
function undocumented(codes: string[], page: string): string[] {
  return codes.filter((code) => !new RegExp(`^\\| \`${code}\` \\| \\d{3} \\|`, 'm').test(page));
}

describe('docs/mock.md', () => {
  it('lists every MOCK_* code the mock answers, with its status', async () => {
    const page = await readFile(join(ROOT, 'docs/mock.md'), 'utf8');
    const codes = await mockCodes();
    expect(codes).toContain('MOCK_ANALYSIS_NOT_COMPLETED');
    expect(undocumented(codes, page)).toEqual([]);
    expect(undocumented([...codes, 'MOCK_SOMETHING_NEW'], page)).toEqual(['MOCK_SOMETHING_NEW']);
  });

  it("gives the mock's default credentials and both users", async () => {
    const page = await readFile(join(ROOT, 'docs/mock.md'), 'utf8');
    const { apiKey, accessToken } = defaultCredentials({});
    for (const value of [
      apiKey,
      accessToken,
      `${apiKey}-2`,
      `${accessToken}-2`,
      'Mock User',
      'Second User',
      '409',
      'POST /__mock/settle',
    ]) {
      expect(page, value).toContain(value);
    }
  });
});

describe('the fund walk-through', () => {
  it("gives the client's default polling interval and timeout", async () => {
    const source = await readFile(join(ROOT, 'client/src/poll-until-final.ts'), 'utf8');
    const constant = (name: string) => {
      const value = new RegExp(`const ${name} = ([\\d_ *]+);`).exec(source)?.[1];
      if (!value)
        throw new Error(
          `client/src/poll-until-final.ts no longer defines ${name}; update this test and the walk-through`,
        );
      return value.split('*').reduce((product, factor) => product * Number(factor.replace(/_/g, '').trim()), 1);
    };
    const walkThrough = contract.info.description.split('# Walk-through: a fund data room')[1]?.split('\n# ')[0] ?? '';
    expect(walkThrough).toContain(`every ${constant('DEFAULT_POLL_INTERVAL_MS') / 1000} seconds`);
    expect(walkThrough).toContain(`after ${constant('DEFAULT_POLL_TIMEOUT_MS') / 60_000} minutes`);
  });
});
