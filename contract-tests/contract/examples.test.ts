import { describe, expect, it } from 'vitest';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import { exampleSites, operations, schemaNames } from './walk-contract.ts';

const validator = contractValidator();

describe('every schema of the contract compiles with Ajv 2020-12', () => {
  it.each(schemaNames())('%s', (name) => {
    expect(() => validator.validatorFor(`#/components/schemas/${name}`)).not.toThrow();
  });
});

describe('every example validates against its schema', () => {
  const sites = exampleSites();

  it('finds examples for every operation', () => {
    const withExamples = new Set(sites.map((s) => s.where.split(' ').slice(0, 2).join(' ')));
    for (const { name, method } of operations()) expect(withExamples).toContain(`${method.toUpperCase()} ${name}`);
    expect(sites.length).toBeGreaterThan(40);
  });

  it.each(sites.map((s) => [s.where, s] as const))('%s', (_where, site) => {
    const result = validator.validate(site.schemaPointer, site.value);
    expect(result.violations).toEqual([]);
  });

  it('would catch an example that breaks its schema', () => {
    const site = sites.find(
      (s) => s.where.includes('getFundRunSummary') || s.where.startsWith('GET /integrationfund/fund 200'),
    );
    expect(site).toBeDefined();
    const broken = structuredClone(site!.value) as { data: { status: string } };
    broken.data.status = 'finished';
    const result = validator.validate(site!.schemaPointer, broken);
    expect(result.valid).toBe(false);
    expect(result.violations.map((v) => v.path)).toContain('$.data.status');
  });
});
