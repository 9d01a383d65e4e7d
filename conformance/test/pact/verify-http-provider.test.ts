// The verification runner against "another provider": without its provider-state set-up call only
// interactions whose states hold anywhere run and everything else is listed as not verifiable; with
// it every interaction runs. The consumer's credentials are swapped for the deployment's. The other
// provider here is a stateful mock seeded with its own credentials.
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import {
  API_KEY_NOT_VALID,
  COMPANY_EXISTS,
  CONSUMER_ACCESS_TOKEN,
  CONSUMER_API_KEY,
  type ProviderStates,
  UNKNOWN_API_KEY,
} from '../../../common/src/index.ts';
import { recordAllowingPactRace } from '../../../contract-tests/pact/support/http-consumer.ts';
import { pactFilePath } from '../../src/pact/pact-location.ts';
import { expectedFailure } from '../../../contract-tests/pact/support/expected-failure.ts';
import { credentialSwap, externalTarget } from '../../src/pact/provider-target.ts';
import { verificationFails, verifyHttpPact } from '../../src/pact/verify-http-provider.ts';

// Two states the mock's set-up call knows: one that holds anywhere, one that needs arranging.
const HOLDS_ANYWHERE = API_KEY_NOT_VALID;
const NEEDS_SETUP = COMPANY_EXISTS;
const COMPANY = { projectId: '3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10', companyName: 'Helio Grid' };
const states: ProviderStates = {
  [HOLDS_ANYWHERE]: { given: 'nothing to arrange', holdsAnywhere: true },
  [NEEDS_SETUP]: { given: 'a company of the caller' },
};
const DEPLOYMENT = { apiKey: 'deployment-api-key', accessToken: 'deployment-session-token' };

let dir: string;
let pactFile: string;
let deployment: RunningMock;

/** Three interactions: a 401 and a bearer read whose states hold anywhere, and a list that needs the mock. */
async function writePact(): Promise<string> {
  const pact = new PactV4({ consumer: 'runner-consumer', provider: 'runner-provider', dir, logLevel: 'error' });
  const record = (
    state: string,
    description: string,
    path: string,
    authorization: string,
    status: number,
    body: unknown,
  ) =>
    recordAllowingPactRace(() =>
      pact
        .addInteraction()
        .given(state, state === NEEDS_SETUP ? COMPANY : undefined)
        .uponReceiving(description)
        .withRequest('GET', path, (b) => b.headers({ Authorization: authorization }))
        .willRespondWith(status, (b) => b.jsonBody(body))
        .executeTest((s) => fetch(`${s.url}${path}`, { headers: { Authorization: authorization } })),
    );
  await record(
    HOLDS_ANYWHERE,
    'a list request with an unknown key',
    '/api/integration/projects',
    UNKNOWN_API_KEY,
    401,
    { code: '4010' },
  );
  await record(
    HOLDS_ANYWHERE,
    'a webhook configuration read with the session token',
    '/api/integration/webhook',
    `Bearer ${CONSUMER_ACCESS_TOKEN}`,
    200,
    {
      metadata: { code: '1000' },
    },
  );
  await record(NEEDS_SETUP, 'a list request with the API key', '/api/integration/projects', CONSUMER_API_KEY, 200, {
    code: '1000',
    data: MatchersV3.eachLike({ id: MatchersV3.uuid() }),
  });
  return pactFilePath('runner-consumer', 'runner-provider', dir);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pact-runner-'));
  pactFile = await writePact();
  deployment = await startMock({
    port: 0,
    seed: {
      users: [{ id: 'deployment-user', name: 'Deployment User', email: 'user@deployment.example', ...DEPLOYMENT }],
    },
  });
});
afterAll(async () => {
  await deployment?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('verifyHttpPact against another provider', () => {
  it('verifies what holds anywhere with the deployment credentials and lists the rest as not verifiable', async () => {
    const target = externalTarget({
      PROVIDER_BASE_URL: deployment.baseUrl,
      PROVIDER_API_KEY: DEPLOYMENT.apiKey,
      PROVIDER_ACCESS_TOKEN: DEPLOYMENT.accessToken,
    })!;
    const report = await verifyHttpPact({ pactFile, target, states });
    expect(report.failed).toEqual([]);
    expect(report.verified.sort()).toEqual([
      'a list request with an unknown key',
      'a webhook configuration read with the session token',
    ]);
    expect(report.notVerifiable).toEqual([
      {
        interaction: 'a list request with the API key',
        reason: `state needs the provider's set-up call (--provider-states-setup-url): ${NEEDS_SETUP}`,
      },
    ]);
    expect(verificationFails(report, false)).toBe(false);
    expect(verificationFails(report, true)).toBe(true);
  });

  it("verifies every interaction through the deployment's provider-state set-up call", async () => {
    const target = externalTarget({
      PROVIDER_BASE_URL: deployment.baseUrl,
      PROVIDER_API_KEY: DEPLOYMENT.apiKey,
      PROVIDER_ACCESS_TOKEN: DEPLOYMENT.accessToken,
      PROVIDER_STATES_SETUP_URL: `${deployment.origin}/__mock/provider-states`,
    })!;
    const report = await verifyHttpPact({ pactFile, target, states });
    expect(report.failed).toEqual([]);
    expect(report.notVerifiable).toEqual([]);
    expect(report.verified.sort()).toEqual([
      'a list request with an unknown key',
      'a list request with the API key',
      'a webhook configuration read with the session token',
    ]);
    expect(verificationFails(report, true)).toBe(false);
  });

  it('fails the interaction whose state the set-up call refuses', async () => {
    const target = externalTarget({
      PROVIDER_BASE_URL: deployment.baseUrl,
      PROVIDER_API_KEY: DEPLOYMENT.apiKey,
      PROVIDER_STATES_SETUP_URL: `${deployment.origin}/__mock/no-such-call`,
    })!;
    const report = await expectedFailure('a set-up call that answers 404', () =>
      verifyHttpPact({ pactFile, target, states }),
    );
    expect(report.failed.map((f) => f.interaction)).toContain('a list request with the API key');
  });

  it('lists a bearer interaction as not verifiable when no session token is given', async () => {
    const target = externalTarget({ PROVIDER_BASE_URL: deployment.baseUrl, PROVIDER_API_KEY: DEPLOYMENT.apiKey })!;
    const report = await verifyHttpPact({ pactFile, target, states });
    expect(report.verified).toEqual(['a list request with an unknown key']);
    expect(report.notVerifiable).toContainEqual({
      interaction: 'a webhook configuration read with the session token',
      reason: 'needs a session token: give --access-token (or PROVIDER_ACCESS_TOKEN)',
    });
  });

  it('fails, naming the status, when the deployment refuses the credentials it was given', async () => {
    const target = externalTarget({
      PROVIDER_BASE_URL: deployment.baseUrl,
      PROVIDER_API_KEY: DEPLOYMENT.apiKey,
      PROVIDER_ACCESS_TOKEN: 'revoked-token',
    })!;
    const report = await expectedFailure('a revoked session token', () => verifyHttpPact({ pactFile, target, states }));
    expect(report.failed.map((f) => f.interaction)).toEqual(['a webhook configuration read with the session token']);
    expect(report.failed[0]!.mismatches).toContainEqual({ path: '', mismatch: 'expected 200 but was 401' });
  });

  it('refuses a pact that names a state nobody declared', async () => {
    const target = externalTarget({ PROVIDER_BASE_URL: deployment.baseUrl, PROVIDER_API_KEY: DEPLOYMENT.apiKey })!;
    await expect(
      verifyHttpPact({ pactFile, target, states: { [HOLDS_ANYWHERE]: states[HOLDS_ANYWHERE]! } }),
    ).rejects.toThrow(`no declared provider state(s) in runner-consumer-runner-provider.json: ${NEEDS_SETUP}`);
  });
});

describe('externalTarget', () => {
  it('is undefined without PROVIDER_BASE_URL', () => {
    expect(externalTarget({})).toBeUndefined();
  });

  it('wants the service base URL ending in /api and an API key', () => {
    expect(() => externalTarget({ PROVIDER_BASE_URL: 'https://service.example', PROVIDER_API_KEY: 'k' })).toThrow(
      'must be the service base URL, ending in /api',
    );
    expect(() => externalTarget({ PROVIDER_BASE_URL: 'https://service.example/api' })).toThrow(
      'PROVIDER_API_KEY is not',
    );
    expect(() => externalTarget({ PROVIDER_BASE_URL: 'service/api', PROVIDER_API_KEY: 'k' })).toThrow(
      'PROVIDER_BASE_URL is not a URL',
    );
    expect(() =>
      externalTarget({
        PROVIDER_BASE_URL: 'https://service.example/api',
        PROVIDER_API_KEY: 'k',
        PROVIDER_STATES_SETUP_URL: 'setup',
      }),
    ).toThrow('PROVIDER_STATES_SETUP_URL is not a URL');
    expect(externalTarget({ PROVIDER_BASE_URL: 'https://service.example/api/', PROVIDER_API_KEY: 'k' })).toEqual({
      baseUrl: 'https://service.example/api',
      apiKey: 'k',
      accessToken: undefined,
      statesSetupUrl: undefined,
    });
  });
});

describe('credentialSwap', () => {
  function swapped(authorization: string, accessToken?: string): string | undefined {
    const req = { headers: { authorization } } as IncomingMessage;
    credentialSwap({ baseUrl: 'https://service.example/api', apiKey: 'real-key', accessToken })(
      req,
      {} as ServerResponse,
      () => undefined,
    );
    return req.headers.authorization;
  }

  it("replaces the consumer's credentials and leaves unknown ones alone", () => {
    expect(swapped(CONSUMER_API_KEY)).toBe('real-key');
    expect(swapped(`Bearer ${CONSUMER_ACCESS_TOKEN}`, 'real-token')).toBe('Bearer real-token');
    expect(swapped(UNKNOWN_API_KEY)).toBe(UNKNOWN_API_KEY);
  });
});
