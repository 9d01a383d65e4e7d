// The broker flow against a recording fake of the broker's HTTP API: the requests the real Pact
// clients send for each command (asserted exactly), how the commands read the answers
// (can-i-deploy's verdict, refused publications), and the exit codes.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { freePort } from '../../../contract-tests/support/free-port.ts';
import { expectedFailure } from '../../../contract-tests/pact/support/expected-failure.ts';
import { HTTP_PROVIDER } from '../../src/pact/pact-location.ts';
import { writeSamplePact } from '../../../contract-tests/pact/support/sample-pact.ts';
import { main } from '../../src/broker/cli.ts';
import { gitBranch, gitVersion } from '../../src/broker/git-version.ts';
import { type FakeBroker, type FakeBrokerOptions, startFakeBroker } from '../doubles/fake-broker.ts';

const CONSUMER = 'broker-test-consumer';
const TOKEN = 'broker-token-1';
const VERSION = '5556b8149bf8bac76bc30f50a8a2dd4c22c85f30';
const CONTRACT = new URL('../../../generated/openapi.json', import.meta.url).pathname;
const ENVIRONMENT_UUID = 'c540ce64-5493-48c5-ab7c-28dae27b166b';

let dir: string;
let pactFile: string;
let mock: RunningMock;
let broker: FakeBroker | undefined;
let printed: string[];

const decode = (base64: string) => Buffer.from(base64, 'base64').toString('utf8');

/** Only what the commands need: nothing of this process's CI leaks in (GITHUB_*, PACT_*). */
function envFor(fake: FakeBroker, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PACT_BROKER_BASE_URL: fake.url,
    PACT_BROKER_TOKEN: TOKEN,
    PACT_VERSION: VERSION,
    PACT_BRANCH: 'main',
    ...extra,
  };
}

async function fakeBroker(options: Partial<FakeBrokerOptions> = {}): Promise<FakeBroker> {
  broker = await startFakeBroker({ authorization: `Bearer ${TOKEN}`, ...options });
  return broker;
}

/** Method and URL of every recorded request, in order. */
const calls = (fake: FakeBroker) => fake.requests.map((r) => `${r.method} ${r.url}`);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pact-broker-'));
  pactFile = await writeSamplePact(CONSUMER, dir);
  mock = await startMock({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await broker?.close();
  broker = undefined;
});

function capture(): void {
  printed = [];
  const keep = (...args: unknown[]) => void printed.push(args.join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
}

describe('broker publish (pact-broker publish)', () => {
  it('publishes the pact files under the git version and branch, with the build URL, as one contracts request', async () => {
    const fake = await fakeBroker();
    capture();
    const code = await main(
      ['publish', '--pacts', dir],
      envFor(fake, { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/client', GITHUB_RUN_ID: '42' }),
    );
    expect(code, printed.join('\n')).toBe(0);
    expect(calls(fake)).toEqual(['GET /', 'POST /contracts/publish']);
    expect(fake.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const [, published] = fake.requests;
    expect(published!.contentType).toBe('application/json');
    const body = published!.body as { contracts: { content: string }[] };
    expect(body).toEqual({
      pacticipantName: CONSUMER,
      pacticipantVersionNumber: VERSION,
      branch: 'main',
      buildUrl: 'https://github.com/acme/client/actions/runs/42',
      contracts: [
        {
          consumerName: CONSUMER,
          providerName: HTTP_PROVIDER,
          specification: 'pact',
          contentType: 'application/json',
          onConflict: 'overwrite',
          content: expect.any(String),
        },
      ],
    });
    const sent = JSON.parse(decode(body.contracts[0]!.content)) as { interactions: { description: string }[] };
    const written = JSON.parse(await readFile(pactFile, 'utf8')) as { interactions: { description: string }[] };
    expect(sent.interactions.map((i) => i.description)).toEqual(written.interactions.map((i) => i.description));
  });

  it('takes the version from git when PACT_VERSION is not set, and sends basic auth when given a user', async () => {
    const fake = await fakeBroker({ authorization: `Basic ${Buffer.from('ci:secret').toString('base64')}` });
    capture();
    const env = {
      ...envFor(fake, { PACT_BROKER_USERNAME: 'ci', PACT_BROKER_PASSWORD: 'secret' }),
      PACT_VERSION: undefined,
      PACT_BROKER_TOKEN: undefined,
    };
    expect(await main(['publish', '--pacts', dir], env), printed.join('\n')).toBe(0);
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    expect((fake.requests[1]!.body as { pacticipantVersionNumber: string }).pacticipantVersionNumber).toBe(head);
  });

  it('exits 1 when the broker refuses the credentials', async () => {
    const fake = await fakeBroker();
    capture();
    expect(await main(['publish', '--pacts', dir], envFor(fake, { PACT_BROKER_TOKEN: 'revoked' }))).toBe(1);
    expect(calls(fake)).toEqual(['GET /']);
    expect(fake.requests[0]!.authorization).toBe('Bearer revoked');
  });
});

describe('broker can-i-deploy (pact-broker can-i-deploy --to-environment)', () => {
  const MATRIX = `GET /matrix?q[][pacticipant]=${CONSUMER}&q[][version]=${VERSION}&latestby=cvpv&environment=production`;

  it("refuses, exit 1, when the broker's matrix says the version is not deployable", async () => {
    const fake = await fakeBroker({
      deployable: false,
      reason: 'There is no verified pact between the consumer and the provider',
    });
    capture();
    expect(
      await main(['can-i-deploy', '--pacticipant', CONSUMER, '--to-environment', 'production'], envFor(fake)),
    ).toBe(1);
    expect(calls(fake)).toEqual([MATRIX]);
    expect(printed).toContain(
      `can-i-deploy: ${CONSUMER} ${VERSION} to production: NO (There is no verified pact between the consumer and the provider)`,
    );
  });

  it('allows, exit 0, when the matrix says deployable', async () => {
    const fake = await fakeBroker({ deployable: true });
    capture();
    expect(
      await main(['can-i-deploy', '--pacticipant', CONSUMER, '--to-environment', 'production'], envFor(fake)),
    ).toBe(0);
    expect(calls(fake)).toEqual([MATRIX]);
    expect(printed).toContain(
      `can-i-deploy: ${CONSUMER} ${VERSION} to production: yes (All required verification results are published and successful)`,
    );
  });

  it('exits 1 when the broker gives no verdict', async () => {
    const fake = await fakeBroker();
    capture();
    expect(
      await main(
        ['can-i-deploy', '--pacticipant', CONSUMER, '--to-environment', 'production'],
        envFor(fake, { PACT_BROKER_TOKEN: 'revoked' }),
      ),
    ).toBe(1);
    expect(printed.some((line) => line.startsWith('can-i-deploy: the broker gave no verdict'))).toBe(true);
  });
});

describe('broker record-deployment (pact-broker record-deployment)', () => {
  it("follows the version's record-deployment link named for the environment", async () => {
    const fake = await fakeBroker({ environments: ['staging', 'production'] });
    capture();
    expect(
      await main(
        [
          'record-deployment',
          '--pacticipant',
          HTTP_PROVIDER,
          '--environment',
          'production',
          '--application-instance',
          'blue',
        ],
        envFor(fake),
      ),
    ).toBe(0);
    expect(calls(fake)).toEqual([
      `GET /pacticipants/${HTTP_PROVIDER}/versions/${VERSION}`,
      `POST /pacticipants/${HTTP_PROVIDER}/versions/${VERSION}/deployed-versions/environment/${ENVIRONMENT_UUID}`,
    ]);
    expect(fake.requests[1]!.body).toEqual({ applicationInstance: 'blue', target: 'blue' });
  });

  it('exits 1 when the broker knows no such environment', async () => {
    const fake = await fakeBroker({ environments: ['staging'] });
    capture();
    expect(
      await main(['record-deployment', '--pacticipant', HTTP_PROVIDER, '--environment', 'production'], envFor(fake)),
    ).toBe(1);
    expect(calls(fake)).toEqual([`GET /pacticipants/${HTTP_PROVIDER}/versions/${VERSION}`]);
  });
});

describe('broker publish-provider-contract (pactflow publish-provider-contract)', () => {
  async function conformanceReport(failed: number): Promise<string> {
    const file = join(dir, `conformance-${failed}.json`);
    await writeFile(
      file,
      JSON.stringify({
        baseUrl: mock.baseUrl,
        summary: { checks: 12, checked: 12, passed: 12 - failed, failed, notChecked: 0, violations: failed },
      }),
    );
    return file;
  }

  it('publishes the bundled contract with the conformance report as its self-verification', async () => {
    const fake = await fakeBroker();
    const report = await conformanceReport(0);
    capture();
    expect(await main(['publish-provider-contract', '--report', report], envFor(fake)), printed.join('\n')).toBe(0);
    expect(calls(fake)).toEqual(['GET /', `POST /provider-contracts/provider/${HTTP_PROVIDER}/publish`]);
    const body = fake.requests[1]!.body as {
      contract: { content: string; selfVerificationResults: { content: string } };
    };
    expect(body).toEqual({
      pacticipantVersionNumber: VERSION,
      branch: 'main',
      contract: {
        content: expect.any(String),
        contentType: 'application/json',
        specification: 'oas',
        selfVerificationResults: {
          success: true,
          content: expect.any(String),
          contentType: 'application/json',
          format: 'json',
          verifier: 'portfolio-conformance',
        },
      },
    });
    expect(decode(body.contract.content)).toBe(await readFile(CONTRACT, 'utf8'));
    expect(decode(body.contract.selfVerificationResults.content)).toBe(await readFile(report, 'utf8'));
  });

  it('publishes a failed self-verification when the conformance suite failed', async () => {
    const fake = await fakeBroker();
    capture();
    expect(await main(['publish-provider-contract', '--report', await conformanceReport(2)], envFor(fake))).toBe(0);
    expect(
      (fake.requests[1]!.body as { contract: { selfVerificationResults: { success: boolean } } }).contract
        .selfVerificationResults.success,
    ).toBe(false);
  });

  it('refuses, exit 2 and one line, a file that is not a conformance report', async () => {
    const fake = await fakeBroker();
    capture();
    expect(await main(['publish-provider-contract', '--report', pactFile], envFor(fake))).toBe(2);
    expect(printed).toEqual([
      `broker publish-provider-contract: ${pactFile} is not a conformance report (no summary.checked / summary.failed)`,
    ]);
    expect(fake.requests).toEqual([]);
  });
});

describe('broker verify (the Pact verifier fetching pacts from the broker)', () => {
  const target = () => ({
    PROVIDER_BASE_URL: mock.baseUrl,
    PROVIDER_API_KEY: 'mock-api-key',
    PROVIDER_ACCESS_TOKEN: 'mock-access-token',
    PROVIDER_STATES_SETUP_URL: `${mock.origin}/__mock/provider-states`,
  });

  async function brokerWithPact(pending = false): Promise<FakeBroker> {
    return fakeBroker({
      pacts: [
        { consumer: CONSUMER, provider: HTTP_PROVIDER, content: JSON.parse(await readFile(pactFile, 'utf8')), pending },
      ],
    });
  }

  it('asks for the pacts with the selectors, pending and WIP, verifies them with the set-up call and publishes the results on the branch', async () => {
    const fake = await brokerWithPact();
    capture();
    const code = await main(['verify', '--publish', '--include-wip-pacts-since', '2026-01-01'], envFor(fake, target()));
    expect(code, printed.join('\n')).toBe(0);
    const pact = `/pacts/provider/${HTTP_PROVIDER}/consumer/${CONSUMER}/pact-version/a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2`;
    expect(calls(fake)).toEqual([
      'GET /',
      `GET /pacts/provider/${HTTP_PROVIDER}/for-verification`,
      `POST /pacts/provider/${HTTP_PROVIDER}/for-verification`,
      `GET ${pact}`,
      `GET /pacticipants/${HTTP_PROVIDER}`,
      `PUT /pacticipants/${HTTP_PROVIDER}/branches/main/versions/${VERSION}`,
      `POST ${pact}/verification-results`,
    ]);
    expect(fake.requests[2]!.body).toEqual({
      consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }, { matchingBranch: true }],
      includePendingStatus: true,
      includeWipPactsSince: '2026-01-01',
      providerVersionBranch: 'main',
    });
    expect(fake.requests[6]!.body).toMatchObject({ success: true, providerApplicationVersion: VERSION });
    expect(printed).toContain(
      'broker verify: 2 verified, 0 failed, 0 failed on pending pacts (not failing the build), results published',
    );
  });

  it('takes the selectors given and publishes nothing without --publish', async () => {
    const fake = await brokerWithPact();
    capture();
    expect(
      await main(
        ['verify', '--selector', '{"branch":"feature-x"}', '--selector', '{"deployed":true}'],
        envFor(fake, target()),
      ),
    ).toBe(0);
    expect(fake.requests[2]!.body).toEqual({
      consumerVersionSelectors: [{ branch: 'feature-x' }, { deployed: true }],
      includePendingStatus: true,
      providerVersionBranch: 'main',
    });
    expect(calls(fake).filter((c) => c.includes('verification-results') || c.startsWith('PUT'))).toEqual([]);
  });

  // The deployment refuses the key the verification swaps in: the list answers 401, not 200.
  const brokenTarget = () => ({ ...target(), PROVIDER_API_KEY: 'revoked-key' });

  it('fails, exit 1, and publishes a failed result when the provider breaks the pact', async () => {
    const fake = await brokerWithPact();
    capture();
    const code = await expectedFailure('a provider refusing the API key', () =>
      main(['verify', '--publish'], envFor(fake, brokenTarget())),
    );
    expect(code).toBe(1);
    expect(fake.requests.at(-1)!.body).toMatchObject({ success: false, providerApplicationVersion: VERSION });
    expect(printed).toContain(
      'broker verify: 1 verified, 1 failed, 0 failed on pending pacts (not failing the build), results published',
    );
  });

  it('publishes a failed result but passes, exit 0, when only a pending pact fails', async () => {
    const fake = await brokerWithPact(true);
    capture();
    const code = await expectedFailure('a provider breaking a pending pact', () =>
      main(['verify', '--publish'], envFor(fake, brokenTarget())),
    );
    expect(code).toBe(0);
    expect(fake.requests.at(-1)!.body).toMatchObject({ success: false, providerApplicationVersion: VERSION });
    expect(printed).toContain(
      'broker verify: 1 verified, 0 failed, 1 failed on pending pacts (not failing the build), results published',
    );
    expect(printed).toContain('  PENDING, FAILED "a list request with the API key":  expected 200 but was 401');
  });

  it("refuses, exit 2, to verify a broker's pacts without the provider's set-up call", async () => {
    const fake = await brokerWithPact();
    capture();
    expect(await main(['verify'], envFor(fake, { ...target(), PROVIDER_STATES_SETUP_URL: undefined }))).toBe(2);
    expect(printed).toEqual([
      "broker verify: verifying a broker's pacts needs the provider's set-up call: pass --provider-states-setup-url or set PROVIDER_STATES_SETUP_URL",
    ]);
    expect(fake.requests).toEqual([]);
  });
});

describe('broker usage', () => {
  it('answers bad usage with one line and exit 2, before any request', async () => {
    const fake = await fakeBroker();
    capture();
    expect(await main(['deploy'], envFor(fake))).toBe(2);
    expect(await main(['can-i-deploy', '--pacticipant', CONSUMER], envFor(fake))).toBe(2);
    expect(await main(['publish', '--pact-dir', dir], envFor(fake))).toBe(2);
    expect(
      await main(['record-deployment', '--pacticipant', CONSUMER, '--environment', 'production'], {
        ...envFor(fake),
        PACT_BROKER_BASE_URL: undefined,
      }),
    ).toBe(2);
    expect(printed.slice(0, 4)).toEqual([
      'broker: unknown command "deploy" (publish, verify, can-i-deploy, record-deployment, publish-provider-contract)',
      'broker can-i-deploy: --to-environment is required',
      "broker publish: Unknown option '--pact-dir'",
      'broker record-deployment: PACT_BROKER_BASE_URL is not set: the broker to talk to',
    ]);
    expect(fake.requests).toEqual([]);
  });
});

describe('an unreachable broker', () => {
  it('ends every broker call within seconds with exit 3 ("cannot reach"), not 1 ("the broker said no")', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const env = { PATH: process.env.PATH, PACT_BROKER_BASE_URL: closed, PACT_VERSION: VERSION, PACT_BRANCH: 'main' };
    capture();
    const started = Date.now();
    expect(await main(['can-i-deploy', '--pacticipant', CONSUMER, '--to-environment', 'production'], env)).toBe(3);
    expect(await main(['publish', '--pacts', dir], env)).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(printed).toEqual([
      `broker can-i-deploy: cannot reach ${closed}: connect ECONNREFUSED ${closed.slice(7)}`,
      `broker publish: cannot reach ${closed}: connect ECONNREFUSED ${closed.slice(7)}`,
    ]);
  });
});

describe('version and branch from git', () => {
  it('prefer PACT_VERSION / PACT_BRANCH, then the pull request branch, then the pushed branch', () => {
    expect(gitVersion({ PACT_VERSION: 'v1' })).toBe('v1');
    expect(gitBranch({ GITHUB_HEAD_REF: 'feature-x', GITHUB_REF_NAME: '12/merge' })).toBe('feature-x');
    expect(gitBranch({ GITHUB_REF_NAME: 'main' })).toBe('main');
    expect(gitBranch({ PACT_BRANCH: 'release', GITHUB_REF_NAME: 'main' })).toBe('release');
  });

  it('say what to set outside a git checkout', () => {
    expect(() => gitVersion({}, dir)).toThrow('no version: not a git checkout (set PACT_VERSION or pass --version)');
    expect(() => gitBranch({}, dir)).toThrow(
      'no branch: not a git checkout or a detached one (set PACT_BRANCH or pass --branch)',
    );
  });
});
