// The provider a verification runs against: any deployment named by PROVIDER_BASE_URL (+
// PROVIDER_API_KEY, PROVIDER_ACCESS_TOKEN, PROVIDER_STATES_SETUP_URL), the stateful mock included.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONSUMER_ACCESS_TOKEN, CONSUMER_API_KEY } from '../../../common/src/index.ts';

export interface ProviderTarget {
  /** Service base URL, ending in `/api` like the contract's server URL. */
  baseUrl: string;
  apiKey: string;
  /** Absent when the deployment's session token was not given: bearer interactions cannot run. */
  accessToken?: string;
  /**
   * The deployment's provider-state set-up call (contract-tests/pact/provider-states.openapi.yaml);
   * without it only the states that hold anywhere can be verified.
   */
  statesSetupUrl?: string;
  /** The stateful mock's session every request and set-up call names (X-Mock-Session). */
  session?: string;
}

/** The target described by the environment, or undefined when PROVIDER_BASE_URL is unset. */
export function externalTarget(env: NodeJS.ProcessEnv = process.env): ProviderTarget | undefined {
  const baseUrl = env.PROVIDER_BASE_URL?.trim();
  if (!baseUrl) return undefined;
  if (!URL.canParse(baseUrl)) throw new Error(`PROVIDER_BASE_URL is not a URL: ${baseUrl}`);
  if (!/\/api\/?$/.test(new URL(baseUrl).pathname)) {
    throw new Error(`PROVIDER_BASE_URL must be the service base URL, ending in /api (got ${baseUrl})`);
  }
  const apiKey = env.PROVIDER_API_KEY?.trim();
  if (!apiKey)
    throw new Error(
      'PROVIDER_BASE_URL is set but PROVIDER_API_KEY is not: the verification needs the deployment API key',
    );
  const accessToken = env.PROVIDER_ACCESS_TOKEN?.trim() || undefined;
  const statesSetupUrl = env.PROVIDER_STATES_SETUP_URL?.trim() || undefined;
  if (statesSetupUrl && !URL.canParse(statesSetupUrl))
    throw new Error(`PROVIDER_STATES_SETUP_URL is not a URL: ${statesSetupUrl}`);
  return { baseUrl: baseUrl.replace(/\/$/, ''), apiKey, accessToken, statesSetupUrl };
}

/** The pacts' paths already start with `/api`, so the verifier is given the URL before it. */
export function verifierBaseUrl(target: ProviderTarget): string {
  return target.baseUrl.replace(/\/api\/?$/, '');
}

/**
 * Request filter for the Pact verifier's proxy: the consumer's credentials become the target's, and
 * every request names the target's mock session when there is one.
 * Unknown keys are left alone, so the 401 interactions still send a key nobody issued.
 */
export function credentialSwap(
  target: ProviderTarget,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, _res, next) => {
    const auth = req.headers.authorization;
    if (target.session) req.headers['x-mock-session'] = target.session;
    if (auth === CONSUMER_API_KEY) req.headers.authorization = target.apiKey;
    else if (auth === `Bearer ${CONSUMER_ACCESS_TOKEN}` && target.accessToken)
      req.headers.authorization = `Bearer ${target.accessToken}`;
    next();
  };
}
