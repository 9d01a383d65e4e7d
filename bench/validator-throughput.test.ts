import { describe, expect, it } from 'vitest';
import { contractValidator } from '../conformance/src/contract-validator.ts';
import { callsPerSecond, measureValidator, responseExample, VALIDATOR_CASES } from './validator-throughput.ts';

describe('validator throughput', () => {
  it('measures each case on a contract example that validates', () => {
    for (const testCase of VALIDATOR_CASES) {
      const result = measureValidator(testCase, 0.05);
      expect(result.bodyBytes).toBeGreaterThan(500);
      expect(result.compiledPerSecond).toBeGreaterThan(1_000);
      expect(result.validateResponsePerSecond).toBeGreaterThan(1_000);
    }
  });

  it('takes the first 200 example the contract gives the operation', () => {
    const { name, body } = responseExample(contractValidator(), '/integrationfund/fund');
    expect(name).toBe('FundRunSummaryCompleted');
    expect((body as { data: { status: string } }).data.status).toBe('completed');
  });

  it('refuses to count a body the validator rejects', () => {
    const validator = contractValidator();
    const { body } = responseExample(validator, '/integrationfund/fund');
    const broken = structuredClone(body) as { data: { status: string } };
    broken.data.status = 'finished';
    const compiled = validator.validatorFor(validator.responseSchemaPointer('get', '/integrationfund/fund', 200)!);
    expect(() => callsPerSecond(() => compiled(broken) as boolean, 0.01)).toThrow(/rejected the benchmark body/);
  });

  it('fails clearly on an operation without a 200 example', () => {
    expect(() => responseExample(contractValidator(), '/integration/no-such-path')).toThrow(/No operation GET/);
  });
});
