// Runs the Pact verifier (HTTP or message) and turns its JSON result into per-interaction outcomes.
// Pact is loaded when a verification starts (0.6 s of CPU), not with the command: a target that
// cannot be reached, or bad usage, is answered without it.
import type { VerifierOptions } from '@pact-foundation/pact';

// The verifier reports usage statistics over the network unless told not to; these runs stay on loopback.
process.env.PACT_DO_NOT_TRACK = 'true';

/** The verifier's state handlers (pact-js does not export the type by name). */
export type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

export interface Mismatch {
  path: string;
  mismatch: string;
}

export interface FailedInteraction {
  interaction: string;
  mismatches: Mismatch[];
}

export interface VerifierOutcome {
  verified: string[];
  failed: FailedInteraction[];
  /** Failures of pending pacts (from a broker): reported and published, but they do not fail the build. */
  pendingFailed?: FailedInteraction[];
}

type VerifierError = { interaction: string; mismatch: { mismatches?: Partial<Mismatch>[]; message?: string } };

interface VerifierJson {
  result: boolean;
  errors: VerifierError[];
  pendingErrors?: VerifierError[];
  interactionResults?: { description: string; result: string }[];
}

function parseVerifierJson(text: string): VerifierJson | undefined {
  try {
    const json = JSON.parse(text) as VerifierJson;
    return Array.isArray(json.errors) ? json : undefined;
  } catch {
    return undefined;
  }
}

/** The interaction description inside the verifier's "Verifying a pact between ... - <description>". */
function descriptionOf(label: string, descriptions: string[]): string {
  return descriptions.find((d) => label.endsWith(` - ${d}`) || label === d) ?? label;
}

/**
 * `descriptions` are the interactions the pact holds; each ends up verified or failed, never
 * unaccounted. Without them (pacts fetched from a broker) the verifier's own list is taken.
 */
export async function runVerifier(options: VerifierOptions, descriptions?: string[]): Promise<VerifierOutcome> {
  let raw: string;
  try {
    const { Verifier } = await import('@pact-foundation/pact');
    raw = String(await new Verifier({ logLevel: 'warn', ...options }).verifyProvider());
  } catch (error) {
    raw = error instanceof Error ? error.message : String(error);
  }
  const json = parseVerifierJson(raw);
  if (!json) throw new Error(`the Pact verifier did not run: ${raw}`);
  const expected = descriptions ?? [...new Set((json.interactionResults ?? []).map((r) => r.description))];
  const failure = (e: VerifierError): FailedInteraction => {
    const mismatches = (e.mismatch.mismatches ?? []).map((m) => ({
      path: m.path ?? '',
      mismatch: m.mismatch ?? JSON.stringify(m),
    }));
    if (!mismatches.length) mismatches.push({ path: '', mismatch: e.mismatch.message ?? JSON.stringify(e.mismatch) });
    return { interaction: descriptionOf(e.interaction, expected), mismatches };
  };
  const outcome: VerifierOutcome = { verified: [], failed: json.errors.map(failure) };
  if (json.pendingErrors?.length) outcome.pendingFailed = json.pendingErrors.map(failure);
  // Only what the verifier reports as OK counts as verified; anything it did not run is a failure.
  const ok = new Set((json.interactionResults ?? []).filter((r) => r.result === 'OK').map((r) => r.description));
  const failed = new Set([...outcome.failed, ...(outcome.pendingFailed ?? [])].map((f) => f.interaction));
  outcome.verified = expected.filter((d) => ok.has(d) && !failed.has(d));
  for (const d of expected) {
    if (!ok.has(d) && !failed.has(d))
      outcome.failed.push({ interaction: d, mismatches: [{ path: '', mismatch: 'not run by the verifier' }] });
  }
  return outcome;
}
