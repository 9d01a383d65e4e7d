// The provider a command-line verification runs against: flags, falling back to the PROVIDER_*
// environment variables the test pipeline reads (provider-target.ts).
import type { ParseArgsConfig } from 'node:util';
import { externalTarget, type ProviderTarget } from './provider-target.ts';
import { privateSession, sessionOption } from '../mock-session.ts';

export const TARGET_OPTIONS = {
  'provider-base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'access-token': { type: 'string' },
  'provider-states-setup-url': { type: 'string' },
  session: { type: 'string' },
} satisfies ParseArgsConfig['options'];

export type TargetFlags = { [K in keyof typeof TARGET_OPTIONS]?: string };

/** Throws with a one-line message when the provider is not described. */
export function targetFrom(flags: TargetFlags, env: NodeJS.ProcessEnv = process.env): ProviderTarget {
  const target = externalTarget({
    PROVIDER_BASE_URL: flags['provider-base-url'] ?? env.PROVIDER_BASE_URL,
    PROVIDER_API_KEY: flags['api-key'] ?? env.PROVIDER_API_KEY,
    PROVIDER_ACCESS_TOKEN: flags['access-token'] ?? env.PROVIDER_ACCESS_TOKEN,
    PROVIDER_STATES_SETUP_URL: flags['provider-states-setup-url'] ?? env.PROVIDER_STATES_SETUP_URL,
  });
  if (!target)
    throw new Error('no provider: pass --base-url (the service base URL, ending in /api) or set PROVIDER_BASE_URL');
  // Every set-up call resets the session it names (and sets its clock): on the stateful mock a run
  // without --session gets one of its own, so the default session others use is left as it was.
  const session =
    sessionOption(flags.session) ??
    (target.statesSetupUrl && new URL(target.statesSetupUrl).pathname.endsWith('/__mock/provider-states')
      ? privateSession('pact-verify')
      : undefined);
  return session ? { ...target, session } : target;
}

/** --strict, or CI=true: an interaction set aside fails the run. */
export const strictFrom = (strict: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean =>
  strict === true || env.CI === 'true';
