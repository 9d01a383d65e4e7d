// Provider verification of an HTTP pact with the Pact verifier: state handlers arrange each state,
// the credentials are swapped for the target's, and interactions that cannot be arranged on an external
// provider are set aside and reported, never counted as passing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { CONSUMER_ACCESS_TOKEN } from './credentials.ts';
import { isHttp, type PactInteraction, readPact } from './pact-file.ts';
import { canArrange, type ProviderStates } from './provider-states.ts';
import { credentialSwap, type ProviderTarget, verifierBaseUrl } from './provider-target.ts';
import { runVerifier, type VerifierOutcome } from './run-verifier.ts';

export interface VerificationReport extends VerifierOutcome {
  provider: string;
  target: ProviderTarget['kind'];
  notVerifiable: { interaction: string; reason: string }[];
}

function authorizationOf(interaction: PactInteraction): string | undefined {
  const headers = interaction.request?.headers ?? {};
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  return Array.isArray(entry) ? entry[0] : entry;
}

/** Why an interaction cannot be verified on `target`, or undefined when it can. */
function whyNotVerifiable(interaction: PactInteraction, states: ProviderStates, target: ProviderTarget): string | undefined {
  const blocking = (interaction.providerStates ?? []).filter((s) => !canArrange(states[s.name]!, target)).map((s) => s.name);
  if (blocking.length) return `state cannot be arranged on this provider: ${blocking.join('; ')}`;
  if (!target.accessToken && authorizationOf(interaction) === `Bearer ${CONSUMER_ACCESS_TOKEN}`) {
    return 'needs a session token and PROVIDER_ACCESS_TOKEN is not set';
  }
  return undefined;
}

export async function verifyHttpPact(options: {
  pactFile: string;
  target: ProviderTarget;
  states: ProviderStates;
  /** Origin of the stateful mock's control API; required when target.kind is 'mock'. */
  mockOrigin?: string;
}): Promise<VerificationReport> {
  const { pactFile, target, states, mockOrigin } = options;
  const pact = await readPact(pactFile);
  const http = pact.interactions.filter(isHttp);

  const unknown = [...new Set(http.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)))].filter((n) => !(n in states));
  if (unknown.length) throw new Error(`no handler for provider state(s) of ${basename(pactFile)}: ${unknown.join('; ')}`);
  if (target.kind === 'mock' && !mockOrigin) throw new Error('verifying against the mock needs its origin for the control API');

  const report: VerificationReport = { provider: pact.provider.name, target: target.kind, verified: [], failed: [], notVerifiable: [] };
  const runnable: PactInteraction[] = [];
  for (const interaction of http) {
    const reason = whyNotVerifiable(interaction, states, target);
    if (reason) report.notVerifiable.push({ interaction: interaction.description, reason });
    else runnable.push(interaction);
  }
  if (!runnable.length) return report;

  // The verifier reads files, so the runnable subset is written to a private copy.
  const dir = await mkdtemp(join(tmpdir(), 'pact-verify-'));
  try {
    const subset = join(dir, basename(pactFile));
    await writeFile(subset, JSON.stringify({ ...pact, interactions: runnable }));
    const stateHandlers = Object.fromEntries(
      Object.entries(states).map(([name, state]) => [
        name,
        async (params?: unknown) => {
          if (target.kind !== 'mock' || !state.onMock) return undefined;
          return (await state.onMock((params ?? {}) as Record<string, unknown>, mockOrigin!)) ?? undefined;
        },
      ]),
    );
    const outcome = await runVerifier(
      {
        provider: pact.provider.name,
        providerBaseUrl: verifierBaseUrl(target),
        pactUrls: [subset],
        stateHandlers,
        requestFilter: credentialSwap(target),
      },
      runnable.map((i) => i.description),
    );
    return { ...report, ...outcome };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One line per failed mismatch and per interaction set aside, for assertion messages and CI logs. */
export function formatVerification(report: VerificationReport): string {
  const lines = [
    `${report.provider} (${report.target}): ${report.verified.length} verified, ${report.failed.length} failed, ${report.notVerifiable.length} not verifiable`,
  ];
  for (const f of report.failed) for (const m of f.mismatches) lines.push(`  FAILED "${f.interaction}": ${m.path} ${m.mismatch}`);
  for (const n of report.notVerifiable) lines.push(`  NOT VERIFIABLE "${n.interaction}": ${n.reason}`);
  return lines.join('\n');
}
