// The behaviours parity reads from its one fund run (fund-run.ts): the values a run started with
// name and folder alone shows, the sections it lists, what its summary shows before it ends and the
// statuses it passes, the form of its ids, and which company records its portfolio companies link to.
import type { GapProbeId } from '../../../common/src/index.ts';
import type { FollowedFundRun } from './fund-run.ts';
import { formWith, type Json, lookedUp, type ProbeOutcome, slugOf, unseenStatuses, valueWord } from './probe-values.ts';
import type { ParitySender } from './sender.ts';

export interface FundProbeContext {
  sender: ParitySender;
  /** The fund run followed to its end, once, or why there is none. */
  fundRun(): Promise<FollowedFundRun | string>;
}

type FundProbeId = Extract<
  GapProbeId,
  | 'funds.run-defaults'
  | 'funds.data-sections'
  | 'funds.run-progress'
  | 'funds.id-forms'
  | 'funds.portfolio-name-matching'
>;

const LIST = '/integration/projects';

/** The run, ended (`completed` only when `completed` is asked), or the outcome saying why not. */
async function endedRun(ctx: FundProbeContext, completed: boolean): Promise<FollowedFundRun | ProbeOutcome> {
  const run = await ctx.fundRun();
  if (typeof run === 'string') return { touched: false, reason: run };
  if (run.ended === undefined || (completed && run.ended !== 'completed'))
    return {
      touched: false,
      reason: run.ended ? `the fund run ended ${run.ended}` : 'the fund run did not end in time',
      exchange: run.last.recorded,
    };
  return run;
}

const objectIn = (holder: Json | undefined, name: string): Json | undefined => {
  const value = holder?.[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
};

const listIn = (holder: Json | undefined, name: string): unknown[] =>
  Array.isArray(holder?.[name]) ? (holder[name] as unknown[]) : [];

/** The names of a list of strings as one word: `empty list`, or the names joined in their order. */
const namesWord = (holder: Json | undefined, name: string): string => {
  if (!holder || !Array.isArray(holder[name])) return valueWord(holder, name);
  const list = holder[name] as unknown[];
  return list.length === 0 ? 'empty list' : list.map(String).join(', ').slice(0, 200);
};

/** The available flags that are true, as one word. */
const flagsWord = (available: Json | undefined): string => {
  if (!available) return 'absent';
  const on = ['workbook', 'overview', 'structure', 'incremental'].filter((flag) => available[flag] === true);
  return on.length === 0 ? 'none' : on.join(', ');
};

/** Where a portfolio company's projectId leads, set beside the companies listed before the run. */
async function linkOf(ctx: FundProbeContext, company: Json, listed: Json[]): Promise<string> {
  const projectId = company.projectId;
  if (projectId === null || projectId === undefined) return 'not linked';
  if (typeof projectId !== 'string') return valueWord(company, 'projectId');
  const before = listed.find((c) => c.id === projectId);
  if (before)
    return before.companyName === company.companyName
      ? 'the listed company of its name'
      : String(before.companyName).toLowerCase() === String(company.companyName).toLowerCase()
        ? 'the listed company of its name in another case'
        : 'a listed company of another name';
  const read = await ctx.sender.send({ method: 'GET', path: LIST, query: { id: projectId } });
  return lookedUp(read.answer) ? 'another record' : `a record the lookup answers HTTP ${read.answer.status}`;
}

export const FUND_PROBES: Record<FundProbeId, (ctx: FundProbeContext) => Promise<ProbeOutcome>> = {
  'funds.run-defaults': async (ctx) => {
    const run = await endedRun(ctx, false);
    if (!('fundExtractionId' in run)) return run;
    const { summary } = run.last;
    const values = {
      customerIsInvestor: valueWord(summary, 'customerIsInvestor'),
      showDerivedMetrics: valueWord(summary, 'showDerivedMetrics'),
      'available.incremental': valueWord(objectIn(summary, 'available'), 'incremental'),
    };
    return { touched: true, observation: { kind: 'values', values }, exchange: run.last.recorded };
  },
  'funds.data-sections': async (ctx) => {
    const run = await endedRun(ctx, true);
    if (!('fundExtractionId' in run)) return run;
    const dataSections = namesWord(objectIn(run.last.summary, 'available'), 'dataSections');
    return { touched: true, observation: { kind: 'values', values: { dataSections } }, exchange: run.last.recorded };
  },
  'funds.run-progress': async (ctx) => {
    const run = await endedRun(ctx, true);
    if (!('fundExtractionId' in run)) return run;
    const unseen = unseenStatuses(run, 'the run', 'in a run of');
    if (unseen) return unseen;
    const before = run.beforeEnd;
    const available = objectIn(before, 'available');
    const values = {
      statuses: run.statuses.join(', '),
      'figures before the end': before
        ? listIn(before, 'figures').length === 0
          ? 'empty list'
          : 'a list'
        : 'not seen',
      'available before the end': before ? flagsWord(available) : 'not seen',
      'dataSections before the end': before ? namesWord(available, 'dataSections') : 'not seen',
      'figures when completed': listIn(run.last.summary, 'figures').length === 0 ? 'empty list' : 'a list',
    };
    return { touched: true, observation: { kind: 'values', values }, exchange: run.last.recorded };
  },
  'funds.id-forms': async (ctx) => {
    const run = await endedRun(ctx, true);
    if (!('fundExtractionId' in run)) return run;
    const { summary } = run.last;
    const ownerId = objectIn(summary, 'owner')?.id;
    const placeholders = {
      '{fundExtractionId}': run.fundExtractionId,
      '{owner id}': typeof ownerId === 'string' ? ownerId : '',
      '{name}': run.name,
      '{name as a slug}': slugOf(run.name),
    };
    const companies = listIn(summary, 'companies').filter((c): c is Json => !!c && typeof c === 'object');
    const values = {
      fundId: formWith(summary.fundId, placeholders),
      'company ids':
        companies.length === 0
          ? 'no company found'
          : companies
              .map((c) => formWith(c.id, placeholders))
              .join(', ')
              .slice(0, 200),
    };
    return { touched: true, observation: { kind: 'values', values }, exchange: run.last.recorded };
  },
  'funds.portfolio-name-matching': async (ctx) => {
    const run = await endedRun(ctx, true);
    if (!('fundExtractionId' in run)) return run;
    const companies = listIn(run.last.summary, 'companies').filter((c): c is Json => !!c && typeof c === 'object');
    const names = new Map(run.listedBefore.map((c) => [String(c.companyName), c]));
    const lower = new Set(run.listedBefore.map((c) => String(c.companyName).toLowerCase()));
    const kinds: Record<string, Set<string>> = {};
    for (const company of companies) {
      const name = String(company.companyName);
      const kind = names.has(name)
        ? 'named as a listed company'
        : lower.has(name.toLowerCase())
          ? 'named as a listed company in another case'
          : 'named as no listed company';
      (kinds[kind] ??= new Set()).add(await linkOf(ctx, company, run.listedBefore));
    }
    const wanted = [
      'named as a listed company',
      'named as a listed company in another case',
      'named as no listed company',
    ];
    const missing = wanted.filter((kind) => !kinds[kind]);
    if (missing.length > 0)
      return {
        touched: false,
        reason: `the run's portfolio has no company ${missing.join(', nor one ')} (${companies.length} found, set beside the first 20 companies listed before the run)`,
        exchange: run.last.recorded,
      };
    const values = Object.fromEntries(wanted.map((kind) => [kind, [...kinds[kind]!].sort().join(', ')]));
    return { touched: true, observation: { kind: 'values', values }, exchange: run.last.recorded };
  },
};
