import { describe, expect, it } from 'vitest';
import { contractValidator } from '../conformance/src/contract-validator.ts';
import { generateProjects, SEARCH_TERMS } from './generated-projects.ts';

const searchable = (p: ReturnType<typeof generateProjects>[number]) =>
  [p.companyName, p.companyWebsite, p.companyIndustry, p.companyCountry, p.description].join(' ').toLowerCase();

describe('generated projects', () => {
  const projects = generateProjects(10_000, 'user-x');

  it('are deterministic, distinct and owned by the given user', () => {
    expect(generateProjects(3, 'u')).toEqual(generateProjects(3, 'u'));
    expect(new Set(projects.map((p) => p.companyName)).size).toBe(projects.length);
    expect(projects.every((p) => p.ownerUserId === 'user-x')).toBe(true);
  });

  it('make every search term match some projects but not most', () => {
    for (const term of SEARCH_TERMS) {
      const hits = projects.filter((p) => searchable(p).includes(term)).length;
      expect(hits, term).toBeGreaterThan(10);
      expect(hits, term).toBeLessThan(projects.length / 5);
    }
  });

  it('use field values the contract accepts', () => {
    const v = contractValidator();
    for (const p of projects.slice(0, 50)) {
      for (const [field, value] of Object.entries(p)) {
        if (field === 'ownerUserId' || field === 'description') continue;
        const result = v.validate(`#/components/schemas/Project/properties/${field}`, value);
        expect(result.violations, `${field}=${String(value)}`).toEqual([]);
      }
    }
  });
});
