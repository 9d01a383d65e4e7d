// The data the mock starts with when no seed overrides it (documented in ../README.md). Every
// drive folder link outcome can be reached with the default user's folders.
import type { MockSeed, ResolvedSeed } from './seed.ts';

type Environment = Readonly<Record<string, string | undefined>>;

/** The process's environment in Node; none in a browser (the MSW handlers), where the defaults hold. */
const processEnv = (): Environment => (globalThis as { process?: { env?: Environment } }).process?.env ?? {};

const SEEDED_PROJECT_ID = '5eed0000-0000-4000-8000-000000000001';

export function defaultCredentials(env: Environment = processEnv()): {
  apiKey: string;
  accessToken: string;
  secondApiKey: string;
} {
  const apiKey = env.MOCK_API_KEY || 'mock-api-key';
  return { apiKey, accessToken: env.MOCK_ACCESS_TOKEN || 'mock-access-token', secondApiKey: `${apiKey}-2` };
}

export function defaultSeed(env: Environment = processEnv()): ResolvedSeed {
  const { apiKey, accessToken, secondApiKey } = defaultCredentials(env);
  return {
    credits: 1000,
    analysisCost: 1,
    processingMs: 3000,
    webhookTimeoutMs: 30_000,
    users: [
      {
        id: 'user-mock',
        name: 'Mock User',
        email: 'mock.user@mock.example',
        apiKey,
        accessToken,
        drive: {
          folders: [
            { id: 'folder-helio-grid', name: 'Helio Grid', files: ['pitch-deck.pdf', 'financials.xlsx'] },
            { id: 'folder-empty', name: 'Empty Folder', files: [] },
            { id: 'folder-duplicate-a', name: 'Duplicate Name', files: [] },
            { id: 'folder-duplicate-b', name: 'Duplicate Name', files: [] },
            { id: 'folder-seeded-company', name: 'Seeded Company', files: [], linkedProjectId: SEEDED_PROJECT_ID },
            { id: 'folder-already-linked', name: 'Already Linked', files: ['deck.pdf'], outcome: 'already_linked' },
            { id: 'folder-search-failed', name: 'Search Failed', files: [], outcome: 'search_failed' },
            { id: 'folder-error', name: 'Broken Folder', files: [], outcome: 'error' },
          ],
        },
      },
      {
        id: 'user-second',
        name: 'Second User',
        email: 'second.user@mock.example',
        apiKey: secondApiKey,
        accessToken: `${accessToken}-2`,
        drive: null,
      },
    ],
    firm: { id: 'firm-mock', name: 'Mock Capital', logoUrl: 'https://mock.example/logos/mock-capital.png' },
    phases: [
      { name: 'Sourcing', code: 'sourcing', order: 0, isVisible: true },
      { name: 'Due diligence', code: 'dueDiligence', order: 1, isVisible: true },
      { name: 'Closing', code: 'closing', order: 2, isVisible: true },
      { name: 'Portfolio', code: 'portfolio', order: 3, isVisible: true },
    ],
    fundStages: [{ id: '5eed0000-0000-4000-8000-00000000f001', name: 'Monitoring', type: 'fund', order: 1 }],
    portfolio: [
      {
        companyName: 'Helio Grid Technologies',
        website: 'https://heliogrid.example',
        status: 'active',
        origin: 'document',
      },
      { companyName: 'Tidal Ledger', website: 'https://tidalledger.example', status: 'exited', origin: 'document' },
      { companyName: 'Lumen Freight', website: 'https://lumenfreight.example', status: 'active', origin: 'document' },
    ],
    figures: [
      { key: 'nav', label: 'Net asset value', value: 182_400_000, unit: 'currency', currency: 'EUR' },
      { key: 'tvpi', label: 'TVPI', value: 1.64, unit: 'x', currency: null },
      { key: 'vintage', label: 'Vintage', value: 2019, unit: 'year', currency: null },
    ],
    fitDimensions: [
      { code: 'team', scoreLabel: 'Strong', explanation: 'Experienced founding team.', score: 8 },
      { code: 'market', scoreLabel: 'Medium', explanation: 'Large market with long sales cycles.', score: 6.5 },
    ],
    chapters: {
      businessModel: 'Software licences sold to business customers.',
      market: 'A large and growing market.',
      team: 'Founders with prior exits.',
    },
    data: {
      projects: [
        {
          id: SEEDED_PROJECT_ID,
          ownerUserId: 'user-mock',
          name: 'Seeded',
          companyName: 'Seeded Company',
          companyWebsite: 'https://seeded.example',
          companyLegalName: 'Seeded Company GmbH',
          companyEmail: 'contact@seeded.example',
          companyIndustry: 'Software',
          companyCountry: 'DE',
          companyBusinessModel: 'b2b',
          companyStage: 'seed',
          companyRevenueRange: 'EUR 0 - 1M',
          description: 'A company present from the start, linked to the drive folder "Seeded Company".',
        },
      ],
    },
  };
}

/** The default seed with the given fields replaced (top-level keys replace, they do not merge). */
export function resolveSeed(seed: MockSeed | undefined, env: Environment = processEnv()): ResolvedSeed {
  const base = defaultSeed(env);
  if (!seed) return base;
  const { data, ...rest } = seed;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  // The default projects belong to the default users: replaced users start with no projects.
  const projects = data?.projects ?? (seed.users ? [] : base.data.projects);
  return { ...base, ...defined, data: { projects } };
}
