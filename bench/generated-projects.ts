// Many plausible, deterministic company records for the scale runs: names, websites, industries,
// countries and descriptions vary, so a keyword search matches some projects and not others.
import type { SeedProject } from '../mocks/src/domain/seed.ts';

const PREFIXES = [
  'Helio',
  'Tidal',
  'Lumen',
  'Quantum',
  'Nordic',
  'Vertex',
  'Cobalt',
  'Aurora',
  'Granite',
  'Solace',
  'Kinetic',
  'Meridian',
  'Orbit',
  'Pioneer',
  'Summit',
  'Verdant',
];
const SUFFIXES = [
  'Grid',
  'Ledger',
  'Freight',
  'Labs',
  'Health',
  'Robotics',
  'Foods',
  'Analytics',
  'Mobility',
  'Power',
  'Security',
  'Learning',
  'Works',
];
const INDUSTRIES = [
  'Energy',
  'Fintech',
  'Healthcare',
  'Logistics',
  'Software',
  'Robotics',
  'Food',
  'Education',
  'Mobility',
  'Security',
  'Retail',
];
const COUNTRIES = [
  'DE',
  'FR',
  'GB',
  'US',
  'NL',
  'SE',
  'ES',
  'IT',
  'CH',
  'AT',
  'DK',
  'FI',
  'PL',
  'IE',
  'PT',
  'NO',
  'BE',
];
const MODELS = ['b2b', 'b2c', 'b2b2c'];
const STAGES = ['preSeed', 'seed', 'seriesA', 'seriesB'];
const REVENUE = ['EUR 0 - 1M', 'EUR 1M - 5M', 'EUR 5M - 20M'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/**
 * Keywords the scale run searches for, from common to rare: an industry (about 1 in 11 projects),
 * a name prefix (1 in 16) and a full two-word name (1 in 208).
 */
export const SEARCH_TERMS = ['robotics', 'quantum', 'nordic ledger'] as const;

export function generateProjects(count: number, ownerUserId: string): SeedProject[] {
  return Array.from({ length: count }, (_, i) => {
    // Different moduli per field, so the combinations spread instead of repeating in lockstep.
    const prefix = pick(PREFIXES, i);
    const suffix = pick(SUFFIXES, Math.floor(i / PREFIXES.length));
    const industry = pick(INDUSTRIES, i * 7 + 3);
    const country = pick(COUNTRIES, i * 5 + 1);
    const slug = `${prefix}-${suffix}-${i}`.toLowerCase();
    return {
      ownerUserId,
      name: `${prefix} ${suffix}`,
      companyName: `${prefix} ${suffix} ${i}`,
      companyLegalName: `${prefix} ${suffix} ${i} GmbH`,
      companyEmail: `contact@${slug}.example`,
      companyWebsite: `https://${slug}.example`,
      companyIndustry: industry,
      companyCountry: country,
      companyBusinessModel: pick(MODELS, i),
      companyStage: pick(STAGES, i * 3),
      companyRevenueRange: pick(REVENUE, i),
      description: `${industry} company from ${country} building ${suffix.toLowerCase()} products.`,
    };
  });
}
