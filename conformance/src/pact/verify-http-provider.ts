// Provider verification of an HTTP pact with the Pact verifier: the provider's own set-up call
// (`providerStatesSetupUrl`, the CLI's --provider-states-setup-url) arranges each state, the
// credentials are swapped for the target's, and interactions that cannot be arranged on a provider
// without a set-up call are set aside and reported, never counted as passing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { isHttp, type PactInteraction, readPact } from './pact-file.ts';
import { CONSUMER_ACCESS_TOKEN, type ProviderState, type ProviderStates } from '../../../common/src/index.ts';
import { credentialSwap, type ProviderTarget, verifierBaseUrl } from './provider-target.ts';
import { runVerifier, type VerifierOutcome } from './run-verifier.ts';
import { stateSetupHandlers } from './state-setup.ts';

/** A provider with a set-up call can be put in every state; one without, only in those that hold anywhere. */
function canArrange(state: ProviderState, target: ProviderTarget): boolean {
  return target.statesSetupUrl !== undefined || state.holdsAnywhere === true;
}

export interface VerificationReport extends VerifierOutcome {
  provider: string;
  /** The service base URL verified. */
  target: string;
  notVerifiable: { interaction: string; reason: string }[];
}

function authorizationOf(interaction: PactInteraction): string | undefined {
  const headers = interaction.request?.headers ?? {};
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  return Array.isArray(entry) ? entry[0] : entry;
}

/** Why an interaction cannot be verified on `target`, or undefined when it can. */
function whyNotVerifiable(
  interaction: PactInteraction,
  states: ProviderStates,
  target: ProviderTarget,
): string | undefined {
  const blocking = (interaction.providerStates ?? [])
    .filter((s) => !canArrange(states[s.name]!, target))
    .map((s) => s.name);
  if (blocking.length)
    return `state needs the provider's set-up call (--provider-states-setup-url): ${blocking.join('; ')}`;
  if (!target.accessToken && authorizationOf(interaction) === `Bearer ${CONSUMER_ACCESS_TOKEN}`) {
    return 'needs a session token: give --access-token (or PROVIDER_ACCESS_TOKEN)';
  }
  return undefined;
}

const stateNames = (interactions: PactInteraction[]) =>
  new Set(interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)));

/** States that hold anywhere need nothing arranged; the verifier still wants a handler for each. */
function nothingToArrange(interactions: PactInteraction[]) {
  return Object.fromEntries([...stateNames(interactions)].map((name) => [name, async () => undefined]));
}

export async function verifyHttpPact(options: {
  pactFile: string;
  target: ProviderTarget;
  states: ProviderStates;
  /** A folder the caller removes, for the verifier's copy of the pact; default a temporary one removed here. */
  workDir?: string;
}): Promise<VerificationReport> {
  const { pactFile, target, states } = options;
  const pact = await readPact(pactFile);
  const http = pact.interactions.filter(isHttp);

  const unknown = [...new Set(http.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)))].filter(
    (n) => !(n in states),
  );
  if (unknown.length) throw new Error(`no declared provider state(s) in ${basename(pactFile)}: ${unknown.join('; ')}`);

  const report: VerificationReport = {
    provider: pact.provider.name,
    target: target.baseUrl,
    verified: [],
    failed: [],
    notVerifiable: [],
  };
  const runnable: PactInteraction[] = [];
  for (const interaction of http) {
    const reason = whyNotVerifiable(interaction, states, target);
    if (reason) report.notVerifiable.push({ interaction: interaction.description, reason });
    else runnable.push(interaction);
  }
  if (!runnable.length) return report;

  // The verifier reads files, so the runnable subset is written to a private copy.
  const dir = options.workDir ?? (await mkdtemp(join(tmpdir(), 'pact-verify-')));
  try {
    const subset = join(dir, `runnable-${basename(pactFile)}`);
    await writeFile(subset, JSON.stringify({ ...pact, interactions: runnable }));
    const outcome = await runVerifier(
      {
        provider: pact.provider.name,
        providerBaseUrl: verifierBaseUrl(target),
        pactUrls: [subset],
        stateHandlers: target.statesSetupUrl
          ? stateSetupHandlers(stateNames(runnable), target.statesSetupUrl, target.session)
          : nothingToArrange(runnable),
        requestFilter: credentialSwap(target),
      },
      runnable.map((i) => i.description),
    );
    return { ...report, ...outcome };
  } finally {
    if (!options.workDir) await rm(dir, { recursive: true, force: true });
  }
}

/** True when the run must fail: any failure, or (strict) any interaction set aside. */
export function verificationFails(report: VerificationReport, strict: boolean): boolean {
  return report.failed.length > 0 || (strict && report.notVerifiable.length > 0);
}

/** What to check for the status most failed interactions got instead of the one the pact expects. */
const STATUS_HINTS: Record<string, string> = {
  '401': 'check --api-key and --access-token',
  '403': 'check the credentials: the deployment refuses this user',
  '404': 'check --base-url (it ends in /api) and that the provider states are arranged (--provider-states-setup-url)',
  '500': 'the deployment failed: see its logs',
  '503': 'the deployment is not ready or overloaded',
};

/**
 * One line naming the cause most failures share (a wrong status, a failed state set-up), when at
 * least half of them share it: the reader sees it before the per-interaction lines.
 */
export function rootCauseSummary(report: VerificationReport): string | undefined {
  const total = report.failed.length;
  if (total < 2) return undefined;
  const causes = new Map<string, number>();
  for (const failure of report.failed) {
    const text = failure.mismatches.map((m) => m.mismatch).join(' ');
    const status = /expected \d{3} but was (\d{3})/.exec(text)?.[1];
    const cause = status
      ? `HTTP ${status}`
      : /state change|provider state|set-?up/i.test(text)
        ? 'provider state set-up'
        : undefined;
    if (cause) causes.set(cause, (causes.get(cause) ?? 0) + 1);
  }
  const [cause, count] = [...causes].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!cause || !count || count * 2 < total) return undefined;
  const hint = cause.startsWith('HTTP ')
    ? STATUS_HINTS[cause.slice(5)]
    : 'check --provider-states-setup-url and that the deployment can arrange the states';
  return `${count} of ${total} failures are ${cause}${hint ? `: ${hint}` : ''}`;
}

/** One line per failed mismatch and per interaction set aside, for assertion messages and CI logs. */
export function formatVerification(report: VerificationReport): string {
  const lines = [
    `${report.provider} at ${report.target}: ${report.verified.length} verified, ${report.failed.length} failed, ${report.notVerifiable.length} not verifiable`,
  ];
  const summary = rootCauseSummary(report);
  if (summary) lines.push(`  ROOT CAUSE: ${summary}`);
  for (const f of report.failed)
    for (const m of f.mismatches) lines.push(`  FAILED "${f.interaction}": ${m.path} ${m.mismatch}`);
  for (const n of report.notVerifiable) lines.push(`  NOT VERIFIABLE "${n.interaction}": ${n.reason}`);
  return lines.join('\n');
}
