// pact-verify names the cause most failures share in one line before the per-interaction lines.
import { describe, expect, it } from 'vitest';
import { formatVerification, rootCauseSummary, type VerificationReport } from '../../src/pact/verify-http-provider.ts';

const report = (mismatches: string[]): VerificationReport => ({
  provider: 'svc',
  target: 'http://h/api',
  verified: [],
  failed: mismatches.map((mismatch, i) => ({ interaction: `i${i}`, mismatches: [{ path: '', mismatch }] })),
  notVerifiable: [],
});

describe('root cause summary', () => {
  it('names the status most failures got, with what to check', () => {
    const all401 = report(Array.from({ length: 21 }, () => 'expected 200 but was 401'));
    expect(rootCauseSummary(all401)).toBe('21 of 21 failures are HTTP 401: check --api-key and --access-token');
    expect(formatVerification(all401).split('\n')[1]).toBe(
      '  ROOT CAUSE: 21 of 21 failures are HTTP 401: check --api-key and --access-token',
    );
    expect(rootCauseSummary(report(['expected 200 but was 404', 'expected 201 but was 404', 'x']))).toMatch(
      /^2 of 3 failures are HTTP 404: check --base-url/,
    );
  });

  it('says nothing when the failures have no common cause', () => {
    expect(rootCauseSummary(report(['a', 'b', 'expected 200 but was 500']))).toBeUndefined();
    expect(rootCauseSummary(report(['expected 200 but was 401']))).toBeUndefined();
  });
});
