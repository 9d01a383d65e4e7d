// `contract:gate`: the CI gate. Compares the contract (generated/openapi.json) with the one of the last
// release tag, or the merge base with main when there is no tag, and fails on a breaking change unless
// info.version's major part was raised. Exit 0: pass; 1: a breaking change without a major bump; 2: usage.
import { parseArgs } from 'node:util';
import { diffContracts } from '../../conformance/src/diff/diff-contracts.ts';
import { gateBaseline, hasFileAt, majorOf } from './git-contracts.ts';
import { BUNDLE_PATH, loadContract } from '../../conformance/src/diff/load-contract.ts';
import { formatText } from '../../conformance/src/diff/report-format.ts';

export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { base: { type: 'string' }, head: { type: 'string' } },
      strict: true,
    }));
  } catch (e) {
    console.error(
      `contract:gate: ${(e as Error).message.split('\n')[0]}. usage: contract:gate [--base <git ref or file>] [--head <file>]`,
    );
    return 2;
  }
  const baseline = values.base ? { ref: values.base, why: 'given with --base' } : gateBaseline(cwd);
  if (!baseline) {
    console.log('contract:gate: pass (no release tag and no main branch to compare with: nothing to gate).');
    return 0;
  }
  if (!values.base && !hasFileAt(cwd, baseline.ref, BUNDLE_PATH)) {
    console.log(`contract:gate: pass (${baseline.why} has no ${BUNDLE_PATH}: the first contract).`);
    return 0;
  }
  try {
    const base = loadContract(baseline.ref, cwd);
    const head = loadContract(values.head ?? BUNDLE_PATH, cwd);
    const report = await diffContracts(base, head, `${cwd}/contract-tests/pacts`);
    const breaking = report.findings.filter((f) => f.severity === 'breaking');
    const against = `against ${baseline.why}, ${report.base.version} -> ${report.head.version}`;
    if (breaking.length === 0) {
      console.log(`contract:gate: pass, no breaking change ${against}.`);
      return 0;
    }
    if (majorOf(report.head.version) > majorOf(report.base.version)) {
      console.log(`contract:gate: pass, ${breaking.length} breaking change(s) with a major version raise ${against}.`);
      return 0;
    }
    process.stdout.write(formatText({ ...report, findings: breaking }));
    console.error(
      `contract:gate: FAIL, ${breaking.length} breaking change(s) ${against}: raise info.version's major part (openapi/openapi.yaml) or make the change compatible.`,
    );
    return 1;
  } catch (e) {
    console.error(`contract:gate: ${(e as Error).message.split('\n')[0]}`);
    return 2;
  }
}
