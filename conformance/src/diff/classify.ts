// One finding per change of the structural walk: every exchange the changed node reaches (shared
// components included), a counterexample searched in each in its own direction, and the verdict.
import { escapePointer, isPointer, pointerTokens } from '../../../common/src/index.ts';
import type { Judge } from './counterexample.ts';
import type { Exchanges, Target } from './exchanges.ts';
import type { RedoclyChange } from './structural-walk.ts';
import type { Direction, Finding, Severity } from './types.ts';

/** Schema keywords that step into the same instance (no instance path segment). */
const SAME_INSTANCE = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  'not',
  'additionalProperties',
  'schema',
]);
/** Nodes whose removal from what the service sends narrows it. */
const SERVICE_REMOVALS = new Set(['Response', 'MediaType']);
/** Changes of these only touch documentation. */
const DOC_ONLY = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'deprecated']);

/** Exchanges a pointer reaches: the deepest indexed node above it, then the rest mapped to instance steps. */
export function targetsFor(ex: Exchanges, pointer: string | undefined): Target[] {
  // Redocly names a node under a `$anchor` from the anchor (`#Name/x`): nothing the index holds.
  if (!pointer || !isPointer(pointer)) return [];
  const tokens = pointerTokens(pointer);
  for (let n = tokens.length; n > 0; n--) {
    const hit = ex.index.get(`#/${tokens.slice(0, n).map(escapePointer).join('/')}`);
    if (!hit) continue;
    const extra = instanceSteps(tokens.slice(n));
    return hit.map((t) => ({ site: t.site, path: [...t.path, ...extra] }));
  }
  return [];
}

function instanceSteps(rest: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const k = rest[i] as string;
    if (k === 'properties' && rest[i + 1] !== undefined) out.push(rest[++i] as string);
    else if (k === 'items') out.push('0');
    else if (SAME_INSTANCE.has(k) || /^\d+$/.test(k)) continue;
    else break;
  }
  return out;
}

export function directionOf(pointer: string): Direction {
  if (pointer.startsWith('#/webhooks') || pointer.startsWith('/webhooks')) return 'webhook';
  return /\/responses(\/|$)/.test(pointer) ? 'response' : 'request';
}

const toPointer = (p: string) => p.replace(/^#/, '');

export function classify(change: RedoclyChange, judge: Judge, n: number): Finding {
  const removed = change.kind === 'removed';
  const verdictPointers = change.verdicts.map((v) => v.location?.pointer).filter((p): p is string => !!p);
  const targets = dedupeTargets([
    ...targetsFor(judge.head, change.revision?.pointer),
    ...targetsFor(judge.base, change.base?.pointer),
    ...targetsFor(removed ? judge.base : judge.head, change.path),
    // A verdict's location is in the base contract for a removal, in the head one otherwise.
    ...verdictPointers.flatMap((p) => targetsFor(removed ? judge.base : judge.head, p)),
  ]);
  let counterexample;
  for (const t of targets) if ((counterexample = judge.find(t))) break;
  const location = toPointer(
    removed
      ? (change.base?.pointer ?? verdictPointers[0] ?? change.path)
      : (verdictPointers[0] ?? change.revision?.pointer ?? change.path),
  );
  const sites = targets.map((t) => judge.siteOf(t.site)).filter((x) => !!x);
  // An answer status or media type the service no longer sends breaks no reader (the exchange schemas say
  // exactly what may be sent, and a counterexample would show anything newly allowed).
  const serviceSendsLess =
    !counterexample &&
    change.kind === 'removed' &&
    SERVICE_REMOVALS.has(change.typeName) &&
    sites.length > 0 &&
    sites.every((x) => !x.consumerSends);
  const severity: Severity = serviceSendsLess
    ? 'non-breaking'
    : counterexample || change.impact === 'major'
      ? 'breaking'
      : change.impact === 'minor' ||
          (change.impact === 'patch' &&
            !DOC_ONLY.has(change.property ?? '') &&
            !(change.property ?? '').startsWith('x-'))
        ? 'non-breaking'
        : 'info';
  const site = counterexample ? judge.siteOf(counterexample.exchange) : targets.map((t) => judge.siteOf(t.site))[0];
  const rule =
    change.verdicts[0]?.ruleId ?? `${change.typeName}-${change.kind}`.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  const message = `${change.verdicts.map((v) => v.message).join(' ') || describe(change)}${serviceSendsLess ? ' The service sends less: no reader breaks.' : ''}`;
  const finding: Finding = {
    id: `${rule}-${n}`,
    severity,
    direction: site?.direction ?? directionOf(change.path),
    location,
    message,
    affects: [...new Set(targets.map((t) => t.site))],
  };
  if (counterexample) finding.counterexample = counterexample;
  else if (severity === 'breaking') finding.noCounterexample = whyNone(change, targets, judge);
  return finding;
}

const short = (v: unknown) => {
  const text = JSON.stringify(v) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** A change the walk rated without a rule of its own: what changed, from what to what. */
function describe(change: RedoclyChange): string {
  const what = `${change.typeName}${change.property ? ` \`${change.property}\`` : ''} ${change.kind} at ${toPointer(change.path)}`;
  if (change.kind === 'modified' && change.property)
    return `${what}: ${short(change.base?.value)} -> ${short(change.revision?.value)}.`;
  return `${what}.`;
}

function whyNone(change: RedoclyChange, targets: Target[], judge: Judge): string {
  if (targets.length === 0)
    return 'the change reaches no request, answer or delivery (nothing to build an instance of).';
  const sites = targets.map((t) => judge.siteOf(t.site)).filter((s) => !!s);
  if (sites.every((s) => !s.consumerSends) && change.kind === 'removed')
    return 'what the service sends was removed: it now sends less, which no instance can show; consumers that waited for it lose it.';
  return 'no instance built from both schemas (examples, enum and const values, bounds and one past them, formats, each branch) is accepted by one side and refused by the other in the direction that breaks; the walk rates the change major, so it stays breaking.';
}

function dedupeTargets(targets: Target[]): Target[] {
  const seen = new Set<string>();
  return targets.filter((t) => {
    const key = `${t.site}|${t.path.join('/')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
