// What a run will do before it sends anything: which rules run (and why the others cannot), the
// operations they call, and the worst-case cost in credits and records (shared records counted once).
import { FIXTURES } from './records.ts';
import type { Cost, FixtureName, Needs } from './rule-types.ts';
import type { Rule } from './rule.ts';

/** Which needs the run's options meet. */
export type Capabilities = Record<keyof Needs, boolean>;

export interface PlannedRule {
  rule: Rule;
  /** Why the rule cannot run with these options; undefined when it runs. */
  skip?: string;
  fixtures: FixtureName[];
}

export interface RunPlan {
  rules: PlannedRule[];
  /** Company analyses (counted at --analysis-cost) included. */
  credits: number;
  /** Company analyses among them: their cost is the caller's --analysis-cost, not the specification's. */
  analyses: number;
  records: number;
}

/** A rule's fixtures and theirs, each once. */
function fixturesOf(rule: Rule): FixtureName[] {
  const found = new Set<FixtureName>();
  const visit = (name: FixtureName) => {
    if (found.has(name)) return;
    for (const inner of FIXTURES[name].uses ?? []) visit(inner);
    found.add(name);
  };
  for (const name of rule.uses ?? []) visit(name);
  return [...found];
}

/** The option a need is missing, or undefined. */
function missingNeed(needs: Needs, can: Capabilities): string | undefined {
  if (needs.writes && !can.writes)
    return 'creates data, changes a setting or spends credits: pass --allow-writes with --max-credits N';
  if (needs.accessToken && !can.accessToken) return 'needs the session token of the webhook calls: pass --access-token';
  if (needs.secondUser && !can.secondUser) return "needs a second user's API key: pass --second-api-key";
  if (needs.receiver && !can.receiver) return 'needs a webhook receiver the service can reach: pass --receiver-host';
  if (needs.driveFolder && !can.driveFolder)
    return 'needs a folder of the drive connected under the API-key user: pass --drive-folder';
  return undefined;
}

const UNKNOWN_COST = 'starts a company analysis, whose cost is a gap of the specification: pass --analysis-cost N';

/** `analysisCost`: what a company analysis costs, when the caller said (--analysis-cost). */
export function planRun(rules: Rule[], can: Capabilities, analysisCost?: number): RunPlan {
  const planned = rules.map((rule) => {
    const fixtures = fixturesOf(rule);
    const unknown =
      [rule.cost, ...fixtures.map((f) => FIXTURES[f].cost)].some((c) => c.credits === 'unknown') &&
      analysisCost === undefined;
    const skip =
      missingNeed(rule.needs, can) ??
      fixtures.map((f) => missingNeed(FIXTURES[f].needs, can)).find((m) => m !== undefined) ??
      (unknown ? UNKNOWN_COST : undefined);
    return { rule, skip, fixtures };
  });
  const costs: Cost[] = [];
  const usedFixtures = new Set<FixtureName>();
  for (const p of planned.filter((p) => !p.skip)) {
    // Every call that costs needs writes: a read-only run spends nothing whatever a rule declares.
    costs.push(can.writes ? p.rule.cost : { credits: 0, records: 0 });
    for (const f of p.fixtures) usedFixtures.add(f);
  }
  for (const f of usedFixtures) costs.push(FIXTURES[f].cost);
  return {
    rules: planned,
    credits: costs.reduce(
      (n, c) =>
        n +
        (c.credits === 'unknown'
          ? (analysisCost ?? 0) * (c.analyses ?? 1)
          : c.credits + (analysisCost ?? 0) * (c.optionalAnalyses ?? 0)),
      0,
    ),
    analyses: costs.reduce(
      (n, c) =>
        n + (c.credits === 'unknown' ? (c.analyses ?? 1) : analysisCost === undefined ? 0 : (c.optionalAnalyses ?? 0)),
      0,
    ),
    records: costs.reduce((n, c) => n + c.records, 0),
  };
}

export function formatCost(cost: Cost): string {
  const credits =
    cost.credits === 'unknown'
      ? `unknown credits (gap${(cost.analyses ?? 1) > 1 ? `: ${cost.analyses} company analyses` : ''})`
      : `${cost.credits} credits${cost.optionalAnalyses ? ` (and ${cost.optionalAnalyses} company analyses with --analysis-cost)` : ''}`;
  return `${credits}, ${cost.records} record${cost.records === 1 ? '' : 's'}`;
}
