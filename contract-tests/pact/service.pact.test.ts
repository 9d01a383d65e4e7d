// The HTTP pipeline, in order, in one file so the steps never race: every consumer suite writes its
// interactions to a fresh pact, the provider is verified against it (the stateful mock started here,
// reached like any deployment through its URL and its provider-state set-up call, or the deployment
// named by PROVIDER_BASE_URL), a deliberately broken provider is shown to fail, and every
// interaction is checked against the OpenAPI contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mocks/src/server.ts';
import { mockState } from '../support/control-api.ts';
import { companiesConsumer } from './companies/companies.consumer.ts';
import { fundsConsumer } from './funds/funds.consumer.ts';
import { httpPactStates as states } from '../../common/src/index.ts';
import { messageIntakeConsumer } from './message-intake/message-intake.consumer.ts';
import { reportsConsumer } from './reports/reports.consumer.ts';
import { comparePactsWithContract, formatFindings } from './support/compare-with-contract.ts';
import { httpPact, recordAllowingPactRace } from './support/http-consumer.ts';
import {
  HTTP_CONSUMER,
  HTTP_PROVIDER,
  pactFilePath,
  removePactFile,
} from '../../conformance/src/pact/pact-location.ts';
import { externalTarget, type ProviderTarget } from '../../conformance/src/pact/provider-target.ts';
import { startTamperingProxy, type Tampering } from './support/tampering-proxy.ts';
import {
  VERIFICATION_REPORT_FILE,
  writeVerificationReport,
} from '../../conformance/src/pact/verification-report-file.ts';
import { expectedFailure } from './support/expected-failure.ts';
import {
  formatVerification,
  type VerificationReport,
  verificationFails,
  verifyHttpPact,
} from '../../conformance/src/pact/verify-http-provider.ts';
import { webhooksConsumer } from './webhooks/webhooks.consumer.ts';
import { publishedPactDrift } from './support/published-pact.ts';

const pactFile = pactFilePath(HTTP_CONSUMER, HTTP_PROVIDER);
const consumerCases = [
  ...companiesConsumer,
  ...messageIntakeConsumer,
  ...reportsConsumer,
  ...fundsConsumer,
  ...webhooksConsumer,
];
const external = externalTarget();
/** PACT_STRICT=true or CI=true: an interaction set aside fails the run as a failure would. */
const strict = process.env.PACT_STRICT === 'true' || process.env.CI === 'true';
const pact = httpPact();
let mock: RunningMock;
/** The mock's own credentials (MOCK_API_KEY / MOCK_ACCESS_TOKEN may change them), for the verifier's swap. */
let mockUser: { apiKey: string; accessToken: string };

/** The mock as any deployment is reached: its base URL, a user's credentials and its provider-state set-up call. */
const mockTarget = (baseUrl: string): ProviderTarget => ({
  baseUrl,
  ...mockUser,
  statesSetupUrl: `${mock.origin}/__mock/provider-states`,
});

/** Verifies the pact against the mock seen through a proxy that breaks some responses; the verifier's output is labelled as expected. */
async function verifyBrokenMock(
  what: string,
  tamperings: Tampering[],
): Promise<{ report: VerificationReport; tampered: number[] }> {
  const proxy = await startTamperingProxy(mock.origin, tamperings);
  try {
    const report = await expectedFailure(what, () =>
      verifyHttpPact({ pactFile, target: mockTarget(`${proxy.origin}/api`), states }),
    );
    return { report, tampered: proxy.tampered() };
  } finally {
    await proxy.close();
  }
}

/** The two breaks touch different paths, so one verifier run (seconds each) shows both; each test reads its own. */
const FUND_STATUS_OUTSIDE_ENUM: Tampering = {
  method: 'GET',
  path: '/api/integrationfund/fund',
  status: 200,
  rewrite: (body) => void ((body.data as Record<string, unknown>).status = 'finished'),
};
const COMPANY_LIST_WITHOUT_CODE: Tampering = {
  method: 'GET',
  path: '/api/integration/projects',
  status: 200,
  rewrite: (body) => void delete body.code,
};
const FUND_FAILURE = 'a request for the summary of a completed fund run';
const COMPANY_FAILURES = ['a request for one company by id', 'a request for the first page of the company list'];
let brokenRun: ReturnType<typeof verifyBrokenMock> | undefined;
const verifyTwiceBrokenMock = () =>
  (brokenRun ??= verifyBrokenMock('a fund status outside the enum; a company list without code', [
    FUND_STATUS_OUTSIDE_ENUM,
    COMPANY_LIST_WITHOUT_CODE,
  ]));

beforeAll(async () => {
  await removePactFile(HTTP_CONSUMER, HTTP_PROVIDER);
  mock = await startMock({ port: 0 });
  const { apiKey, accessToken } = (await mockState(mock.origin)).users[0]!;
  mockUser = { apiKey, accessToken };
});
afterAll(async () => {
  await mock?.close();
});

describe('consumer: the typed client against the Pact mock server', () => {
  for (const c of consumerCases) it(c.name, () => recordAllowingPactRace(() => c.record(pact)));
});

describe(`provider verification against ${external ? `PROVIDER_BASE_URL ${external.baseUrl}` : 'the stateful mock, reached as an external provider'}`, () => {
  it('the provider honours every interaction it can be put in the state for', async () => {
    const report = await verifyHttpPact({ pactFile, target: external ?? mockTarget(mock.baseUrl), states });
    await writeVerificationReport(report);
    // The list goes to the log and to the JSON report, so an interaction set aside is never a silent pass.
    console.log(`${formatVerification(report)}\n(report: ${VERIFICATION_REPORT_FILE})`);
    expect(report.failed, formatVerification(report)).toEqual([]);
    expect(report.verified.length + report.notVerifiable.length).toBe(consumerCases.length);
    expect(verificationFails(report, strict), formatVerification(report)).toBe(false);
    // The mock's set-up call arranges every state (the list's 500 with its fault switch).
    if (!external) expect(report.notVerifiable).toEqual([]);
  });
});

describe('tests of the tests: a deliberately broken provider fails the verification, naming the field', () => {
  it('fails exactly the interactions the breaks touch', async () => {
    const { report } = await verifyTwiceBrokenMock();
    expect(report.failed.map((f) => f.interaction).sort()).toEqual([...COMPANY_FAILURES, FUND_FAILURE].sort());
  });

  it('a fund status outside the enum', async () => {
    const { report, tampered } = await verifyTwiceBrokenMock();
    expect(tampered[0]).toBe(1);
    expect(report.failed.filter((f) => f.interaction === FUND_FAILURE)).toEqual([
      {
        interaction: FUND_FAILURE,
        mismatches: [
          expect.objectContaining({ path: '$.data.status', mismatch: expect.stringContaining("'finished'") }),
        ],
      },
    ]);
  });

  it('a top-level envelope without code', async () => {
    const { report, tampered } = await verifyTwiceBrokenMock();
    expect(tampered[1]).toBe(2);
    const failed = report.failed.filter((f) => COMPANY_FAILURES.includes(f.interaction));
    expect(failed.map((f) => f.interaction).sort()).toEqual(COMPANY_FAILURES);
    for (const f of failed)
      expect(f.mismatches).toContainEqual({ path: '$', mismatch: 'Actual map is missing the following keys: code' });
  });
});

describe('pact against the contract', () => {
  it('every interaction is one the OpenAPI contract allows', async () => {
    const report = await comparePactsWithContract([pactFile]);
    expect(report.interactionsChecked).toBe(consumerCases.length);
    expect(report.errors, formatFindings(report.errors)).toEqual([]);
    expect(report.warnings, formatFindings(report.warnings)).toEqual([]);
  });
});

describe('the published pact (shipped by @portfolio-integration/conformance)', () => {
  it('is the pact recorded now; after a deliberate change run npm run pact:update-published', async () => {
    expect(await publishedPactDrift(pactFile)).toEqual([]);
  });
});
