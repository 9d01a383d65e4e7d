// The stateful mock as the suite's tests use it: twelve companies (so paging and ordering have
// something to check; each with a website, an industry and a country to search by), processing in
// 30 ms (a fund run or analysis ends while the suite polls every 10 ms), and the options of a full
// run: writes, both users, the token, a local receiver.
import type { MockSeed, SeedProject } from '../../../mocks/src/server.ts';
import { ACCESS_TOKEN, API_KEY, SECOND_API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import type { ConformanceOptions } from '../../src/live/run-conformance.ts';

const NAMES = [
  'Aurora Grid',
  'Basalt Robotics',
  'Cinder Health',
  'Delta Looms',
  'Ember Freight',
  'Fjord Analytics',
  'Garnet Bio',
  'Harbor Ledger',
  'Iris Mobility',
  'Juniper Foods',
  'Kestrel Space',
  'Lumen Textiles',
];

const INDUSTRIES = ['Energy', 'Robotics', 'Healthcare', 'Textiles'];
const COUNTRIES = ['NO', 'DE', 'FR'];

const projects: SeedProject[] = NAMES.map((companyName, i) => ({
  id: `c0ffee00-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  ownerUserId: 'user-mock',
  companyName,
  companyWebsite: `https://${companyName.toLowerCase().replace(/ /g, '')}.example`,
  // Fields the list's search filters over besides the name (companies.search-over-listed-fields).
  companyIndustry: INDUSTRIES[i % INDUSTRIES.length],
  companyCountry: COUNTRIES[i % COUNTRIES.length],
  // Every other one without a completed analysis: the suite must find one that has it.
  completedAnalysis: i % 2 === 1,
}));

export const CONFORMANCE_SEED: MockSeed = { processingMs: 30, data: { projects } };

/**
 * The conformance seed with two companies named as portfolio companies of the mock's fund runs
 * (one in another letter case) and a third of that kind owned by the second user, for parity's fund
 * run (`funds.portfolio-name-matching`), and analyses of `processingMs`.
 */
export const paritySeed = (processingMs: number): MockSeed => ({
  ...CONFORMANCE_SEED,
  processingMs,
  data: {
    projects: [
      ...projects,
      ...['Tidal Ledger', 'LUMEN FREIGHT'].map((companyName, i) => ({
        id: `c0ffee00-0000-4000-8000-0000000000f${i + 1}`,
        ownerUserId: 'user-mock',
        companyName,
        companyWebsite: `https://${companyName.toLowerCase().replace(/ /g, '')}.example`,
        completedAnalysis: false,
      })),
      { ownerUserId: 'user-second', companyName: 'Helio Grid Technologies', completedAnalysis: false },
    ],
  },
});

/** Read only: the API key alone. */
export const readOnly = (baseUrl: string): ConformanceOptions => ({
  baseUrl,
  apiKey: API_KEY,
  allowWrites: false,
  maxCredits: 0,
  pollIntervalMs: 10,
  pollTimeoutMs: 2_000,
  deliveryTimeoutMs: 2_000,
});

/** Everything the catalogue can use; one company analysis costs the mock's default 1 credit. */
export const fullRun = (baseUrl: string): ConformanceOptions => ({
  ...readOnly(baseUrl),
  accessToken: ACCESS_TOKEN,
  secondApiKey: SECOND_API_KEY,
  allowWrites: true,
  maxCredits: 100,
  analysisCost: 1,
  receiverHost: '127.0.0.1',
  // A folder of the default seed's drive: the folder-link rules.
  driveFolder: 'folder-empty',
});

/** The same as command-line arguments. */
export const fullRunArgs = (baseUrl: string): string[] => [
  '--base-url',
  baseUrl,
  '--api-key',
  API_KEY,
  '--access-token',
  ACCESS_TOKEN,
  '--second-api-key',
  SECOND_API_KEY,
  '--allow-writes',
  '--max-credits',
  '100',
  '--analysis-cost',
  '1',
  '--receiver-host',
  '127.0.0.1',
  '--drive-folder',
  'folder-empty',
  '--poll-interval',
  '10',
  '--poll-timeout',
  '2000',
  '--delivery-timeout',
  '2000',
];
