// The --help of every command is written for someone who installed the packages: no npm script,
// tsx, source folder or "this repository", and every exit code the command can return is named.
import { describe, expect, it } from 'vitest';
import { MOCK_USAGE } from '../../mocks/src/cli.ts';
import { BROKER_USAGE } from '../src/broker/cli.ts';
import { CONFORMANCE_USAGE } from '../src/cli.ts';
import { USAGE as DIFF_USAGE } from '../src/diff/cli.ts';
import { USAGE as VERIFY_USAGE } from '../src/live/cli-options.ts';
import { PACT_VERIFY_USAGE } from '../src/pact/cli.ts';
import { PARITY_USAGE } from '../src/parity/cli.ts';

const REPOSITORY_ONLY = /npm (start|run)|npx tsx|this repository|generated\/|contract-tests\/|mocks\/README/;

describe('--help texts', () => {
  it.each([
    ['portfolio-conformance', CONFORMANCE_USAGE],
    ['verify', VERIFY_USAGE],
    ['pact-verify', PACT_VERIFY_USAGE],
    ['broker', BROKER_USAGE],
    ['diff', DIFF_USAGE],
    ['parity', PARITY_USAGE],
    ['portfolio-mock', MOCK_USAGE],
  ])('%s speaks to a package user', (_name, text) => {
    expect(text).not.toMatch(REPOSITORY_ONLY);
  });

  it.each([
    ['verify', VERIFY_USAGE, ['0', '1', '2', '3']],
    ['pact-verify', PACT_VERIFY_USAGE, ['0', '1', '2', '3']],
    ['broker', BROKER_USAGE, ['0', '1', '2', '3']],
    ['parity', PARITY_USAGE, ['0', '1', '2', '3']],
    ['portfolio-mock', MOCK_USAGE, ['0', '2', '3', '4', '5']],
  ])('%s names its exit codes', (_name, text, codes) => {
    for (const code of codes) expect(text).toMatch(new RegExp(`\\b${code} [a-z]`));
  });
});
