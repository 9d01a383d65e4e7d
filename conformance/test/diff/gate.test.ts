// The gate and the changelog on a scratch git repository holding the real contract: a breaking edit
// fails the gate, a compatible one passes, a breaking one with a major raise passes; with no release tag
// the merge base with main is the baseline; the changelog lists a release's breaking change.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { captureOutput } from '../support/captured-output.ts';
import { renderChangelog } from '../../../scripts/contract-evolution/changelog.ts';
import { main as gate } from '../../../scripts/contract-evolution/gate-cli.ts';
import type { Json } from '../../src/diff/types.ts';

type Any = Record<string, any>;
const real = JSON.parse(readFileSync(new URL('../../../generated/openapi.json', import.meta.url), 'utf8')) as Any;
let repo: string;

const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe', encoding: 'utf8' });
const writeContract = (doc: Json) => writeFileSync(join(repo, 'generated/openapi.json'), JSON.stringify(doc, null, 2));
const edited = (edit: (d: Any) => void) => {
  const d = structuredClone(real);
  edit(d);
  return d;
};
const breaking = (d: Any) => d.components.schemas.FundRunStatus.enum.push('cancelled');
const compatible = (d: Any) => (d.components.schemas.FundRunRequest.properties.note = { type: 'string' });

async function runGate(argv: string[] = []): Promise<{ code: number; out: string; err: string }> {
  const { code, out, err } = await captureOutput(() => gate(argv, repo));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'contract-gate-'));
  mkdirSync(join(repo, 'generated'));
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'gate@test.invalid');
  git('config', 'user.name', 'gate test');
  writeContract(real);
  git('add', '.');
  git('commit', '-qm', 'contract');
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe.sequential('contract:gate', () => {
  test('without a release tag the baseline is the merge base with main: a breaking edit fails with its counterexample', async () => {
    writeContract(edited(breaking));
    const r = await runGate();
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/FAIL, 1 breaking change\(s\) against merge base with main/);
    expect(r.out).toMatch(/counterexample: GET \/integrationfund\/fund response.*"cancelled"/);
  }, 60_000);

  test('against the last release tag: a compatible edit passes, a breaking one fails, a breaking one with a major raise passes', async () => {
    writeContract(real);
    git('tag', 'v0.1.0');
    writeContract(edited(compatible));
    expect((await runGate()).out).toMatch(/pass, no breaking change against last release tag v0.1.0/);
    writeContract(edited(breaking));
    expect((await runGate()).code).toBe(1);
    writeContract(edited((d) => (breaking(d), (d.info.version = '1.0.0'))));
    const raised = await runGate();
    expect(raised.code).toBe(0);
    expect(raised.out).toMatch(/pass, 1 breaking change\(s\) with a major version raise/);
  }, 120_000);

  test('a bad option is one line and exit 2', async () => {
    const r = await runGate(['--nope']);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')).toHaveLength(1);
  });

  test("the changelog lists a release's breaking change with its counterexample", async () => {
    writeContract(edited((d) => (breaking(d), (d.info.version = '1.0.0'))));
    git('commit', '-qam', 'fund run status cancelled');
    git('tag', 'v1.0.0');
    const text = await renderChangelog(repo);
    expect(text).toMatch(/## v1\.0\.0 \(1\.0\.0\)\n\n### Breaking \(1\)/);
    expect(text).toMatch(/Enum of `status` gained values: 'cancelled'[^\n]*\n {2}- counterexample/);
    expect(text).toMatch(/## v0\.1\.0 \(0\.1\.0\)\n\nThe first release/);
  }, 60_000);
});
