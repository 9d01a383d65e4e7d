// The provider verification report as JSON for CI (contract-tests/reports/, git-ignored): what was
// verified, what failed with its mismatches, and what could not be verified and why.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VerificationReport } from './verify-http-provider.ts';

export const VERIFICATION_REPORT_FILE = fileURLToPath(
  new URL('../../../contract-tests/reports/pact-provider-verification.json', import.meta.url),
);

export async function writeVerificationReport(
  report: VerificationReport,
  file = VERIFICATION_REPORT_FILE,
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}
