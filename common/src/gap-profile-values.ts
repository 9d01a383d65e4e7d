// The open values of records a gap profile can set (fund runs, analyses, scores, emails, drive
// links, a shared folder name, an unreachable website's analysis, a fund's versions and its run's
// delivery): each behaviour's words, as parity writes them, read back as the choice the mock makes, or
// the reason the mock cannot follow them (one line). Only what a client saw is taken: a value the
// mock would have to invent (scores it has no analysis for, an id the deployment made up) is refused.

/** The choice each behaviour's words give. */
export interface ProfiledValues {
  'funds.run-defaults': { customerIsInvestor: boolean; showDerivedMetrics: boolean; incremental: boolean };
  'funds.data-sections': { dataSections: string[] };
  'funds.run-progress': {
    showsRunning: boolean;
    availableUnderWay: ('workbook' | 'overview' | 'structure' | 'incremental')[];
    dataSectionsUnderWay: string[];
    figuresWhenCompleted: boolean;
  };
  'funds.id-forms': { fundId: string; companyId: string };
  'funds.portfolio-name-matching': { match: 'ignoring case' | 'exact' | 'never' };
  'analysis.statuses': { showsProgress: boolean };
  'analysis.project-scores': { shown: boolean };
  'companies.email-placeholder-with-website': { form: string };
  'drive.folder-link-forms': { unread: string[] };
  'drive.shared-folder-name': { first: boolean };
  'analysis.unreachable-website': { fails: boolean };
  'analysis.unreadable-upload': { fails: boolean };
  'funds.second-run-same-name': { sameFund: boolean };
  'funds.unreadable-file-run': { fails: boolean };
  'webhooks.fund-run-subscription': { delivered: true };
  'webhooks.fund-run-payload': { fields: FundPayloadField[] };
}

/** The run's fields a fund run's fundAnalysisCompleted delivery can hold, each a value of the run the mock stores. */
export const FUND_PAYLOAD_FIELDS = ['fundExtractionId', 'fundId', 'name', 'status'] as const;
export type FundPayloadField = (typeof FUND_PAYLOAD_FIELDS)[number];

export type ValuesProbeId = keyof ProfiledValues;
type Values = Record<string, string>;

const FLAGS = ['workbook', 'overview', 'structure', 'incremental'] as const;
const SECTION = /^[A-Za-z][\w-]{0,63}$/;
/** Placeholders parity writes in a fund run's ids. */
const FUND_PLACEHOLDERS = ['{fundExtractionId}', '{owner id}', '{name}', '{name as a slug}'];
const LINK_FORMS = [
  'open?id= url',
  'open?id= url, id not last',
  'bare id with spaces around',
  'folders url with a query',
  'bare id',
];

function bool(values: Values, name: string): boolean | string {
  const word = values[name];
  return word === 'true' ? true : word === 'false' ? false : `${name} is ${JSON.stringify(word)}, not true or false`;
}

/** Section names from parity's words (`empty list`, or names joined by `, `). */
function sections(word: string | undefined, name: string): string[] | string {
  if (word === 'empty list') return [];
  const names = (word ?? '').split(', ');
  // parity cuts the words at 200 characters: a cut list is not the deployment's.
  if ((word ?? '').length >= 200 || !names.every((n) => SECTION.test(n)))
    return `${name} ${JSON.stringify(word)} is not a list of section names`;
  return names;
}

/** The one form of ids parity wrote in order, numbered from 1 (`{n}` for the number); undefined when they have none. */
export function numberedForm(ids: string[]): string | undefined {
  const [first] = ids;
  if (!first) return undefined;
  for (const match of first.matchAll(/(?<!\d)1(?!\d)/g)) {
    const form = `${first.slice(0, match.index)}{n}${first.slice(match.index + 1)}`;
    if (ids.every((id, i) => id === form.replace('{n}', String(i + 1)))) return form;
  }
  return undefined;
}

/** What an analysis over an unreadable source ends as: the mock fails it or completes it. */
function analysisEnd(values: Values): { fails: boolean } | string {
  if (values['ends as'] === 'failed') return { fails: true };
  if (values['ends as'] === 'completed') return { fails: false };
  return `the analysis ended ${JSON.stringify(values['ends as'])}: the mock ends it failed or completed`;
}

const READERS: { [K in ValuesProbeId]: (values: Values) => ProfiledValues[K] | string } = {
  'funds.run-defaults': (values) => {
    const customerIsInvestor = bool(values, 'customerIsInvestor');
    const showDerivedMetrics = bool(values, 'showDerivedMetrics');
    const incremental = bool(values, 'available.incremental');
    for (const one of [customerIsInvestor, showDerivedMetrics, incremental]) if (typeof one === 'string') return one;
    return {
      customerIsInvestor: customerIsInvestor as boolean,
      showDerivedMetrics: showDerivedMetrics as boolean,
      incremental: incremental as boolean,
    };
  },
  'funds.data-sections': (values) => {
    const dataSections = sections(values.dataSections, 'dataSections');
    return typeof dataSections === 'string' ? dataSections : { dataSections };
  },
  'funds.run-progress': (values) => {
    const statuses = values.statuses;
    // The contract fixes `pending` on creation; the mock shows `running` or not before the end.
    if (statuses !== 'pending, running, completed' && statuses !== 'pending, completed')
      return `statuses ${JSON.stringify(statuses)}: the mock passes pending, then running or not, to completed`;
    if (values['figures before the end'] !== 'empty list')
      return 'figures before the end: the mock shows none until the run completed (figures it would make up)';
    const flags = values['available before the end'];
    const availableUnderWay = flags === 'none' ? [] : (flags ?? '').split(', ');
    if (!availableUnderWay.every((f) => (FLAGS as readonly string[]).includes(f)))
      return `available before the end ${JSON.stringify(flags)} is not none or a list of ${FLAGS.join(', ')}`;
    const dataSectionsUnderWay = sections(values['dataSections before the end'], 'dataSections before the end');
    if (typeof dataSectionsUnderWay === 'string') return dataSectionsUnderWay;
    // The mock shows one answer the whole time a run is under way; a profile written before this word loads.
    const running = values['available while running'];
    const showsRunning = statuses === 'pending, running, completed';
    if (running !== undefined && running !== (showsRunning ? flags : 'not shown'))
      return showsRunning
        ? `available while running ${JSON.stringify(running)} is not what the run showed before (${JSON.stringify(flags)}): the mock shows the same the whole time a run is under way`
        : `available while running ${JSON.stringify(running)}, though the run showed no running: expected not shown`;
    const figures = values['figures when completed'];
    if (figures !== 'a list' && figures !== 'empty list')
      return `figures when completed ${JSON.stringify(figures)} is not a list or empty list`;
    return {
      showsRunning,
      availableUnderWay: availableUnderWay as ProfiledValues['funds.run-progress']['availableUnderWay'],
      dataSectionsUnderWay,
      figuresWhenCompleted: figures === 'a list',
    };
  },
  'funds.id-forms': (values) => {
    const fundId = values.fundId ?? '';
    // A fundId naming none of the run's values is the deployment's own id: copied, every run would share it.
    if (!FUND_PLACEHOLDERS.some((p) => fundId.includes(p)) || fundId.length >= 80)
      return `fundId ${JSON.stringify(fundId)} names none of the run's values (an id of the deployment's own)`;
    const ids = (values['company ids'] ?? '').split(', ');
    const companyId = numberedForm(ids);
    if (!companyId || (values['company ids'] ?? '').length >= 200)
      return `company ids ${JSON.stringify(values['company ids'])} are not numbered from 1 in one form`;
    return { fundId, companyId };
  },
  'funds.portfolio-name-matching': (values) => {
    const same = values['named as a listed company'];
    const otherCase = values['named as a listed company in another case'];
    const none = values['named as no listed company'];
    if (none === 'another record' && otherCase === 'the listed company of its name in another case')
      if (same === 'the listed company of its name') return { match: 'ignoring case' };
    if (none === 'another record' && otherCase === 'another record') {
      if (same === 'the listed company of its name') return { match: 'exact' };
      if (same === 'another record') return { match: 'never' };
    }
    return `portfolio companies link as ${JSON.stringify(values)}: the mock matches names ignoring case, exactly, or never`;
  },
  'analysis.statuses': (values) => {
    const { statuses } = values;
    if (statuses === 'pending, progress, completed') return { showsProgress: true };
    if (statuses === 'pending, completed') return { showsProgress: false };
    return `statuses ${JSON.stringify(statuses)}: the mock passes pending, then progress or not, to completed`;
  },
  'analysis.project-scores': (values) => {
    if (values['read back at once'] !== '0')
      return 'a score read while the analysis is under way: the mock has none to show';
    const completed = values['when completed'];
    if (completed === 'one') return { shown: true };
    if (completed === '0') return { shown: false };
    return `when completed ${JSON.stringify(completed)}: more scores than the analysis gives would be scores the mock makes up`;
  },
  'companies.email-placeholder-with-website': (values) => {
    const form = values.companyEmail ?? '';
    if (form === 'empty') return { form: '' };
    if (!form.includes('{website host}') || form.length >= 80)
      return `companyEmail ${JSON.stringify(form)} is not empty or a form of the website's host`;
    return { form };
  },
  'drive.folder-link-forms': (values) => {
    const unread: string[] = [];
    for (const form of LINK_FORMS) {
      if (values[form] === 'not found') unread.push(form);
      else if (values[form] !== 'matched')
        return `the ${form} form gave ${JSON.stringify(values[form])}: the mock follows matched or not found`;
    }
    return { unread };
  },
  'drive.shared-folder-name': (values) => {
    if (values.outcome === 'ambiguous') return { first: false };
    if (values.outcome === 'matched') return { first: true };
    return `a shared folder name gave ${JSON.stringify(values.outcome)}: the mock finds neither folder (ambiguous) or the first`;
  },
  'analysis.unreachable-website': analysisEnd,
  'analysis.unreadable-upload': analysisEnd,
  'funds.second-run-same-name': (values) => {
    // The mock's versions of a fund are the runs of its fundId, newest first: the form of the fundId decides.
    if (values.fundId === "the first run's" && values.fundRuns === 'this run, the first run') return { sameFund: true };
    if ((values.fundId ?? '').includes('{fundExtractionId}') && values.fundRuns === 'this run')
      return { sameFund: false };
    return `a second run showed fundId ${JSON.stringify(values.fundId)} and fundRuns ${JSON.stringify(values.fundRuns)}: the mock lists as a fund's versions the runs of its fundId, newest first`;
  },
  'funds.unreadable-file-run': (values) => {
    const ended = values['ends as'];
    if (ended !== 'error' && ended !== 'completed')
      return `the run over an unreadable file ended ${JSON.stringify(ended)}: the mock ends it error or completed`;
    // Words a profile written before they were observed lacks are not judged. A completed run shows
    // the flags and sections of funds.run-defaults and funds.data-sections; an errored one none but
    // incremental (funds.run-defaults').
    const { available, dataSections } = values;
    if (available !== undefined) {
      const flags = available === 'none' ? [] : available.split(', ');
      if (!flags.every((f) => (FLAGS as readonly string[]).includes(f)))
        return `available ${JSON.stringify(available)} is not none or a list of ${FLAGS.join(', ')}`;
      if (ended === 'error' && flags.some((f) => f !== 'incremental'))
        return `an errored run showed available ${JSON.stringify(available)}: the mock's shows no workbook, overview or structure`;
    }
    if (dataSections !== undefined) {
      const names = sections(dataSections, 'dataSections');
      if (typeof names === 'string') return names;
      if (ended === 'error' && names.length > 0)
        return `an errored run listed dataSections ${JSON.stringify(dataSections)}: the mock's lists none`;
    }
    return { fails: ended === 'error' };
  },
  'webhooks.fund-run-subscription': (values) => {
    // Parity writes no other answer: a delivery that does not come within its wait leaves the behaviour not touched.
    if (values['receiver subscribed to analysisCompleted alone'] === 'delivered') return { delivered: true };
    return 'a fund run not delivered to a receiver of analysisCompleted: the mock delivers it to every configuration';
  },
  'webhooks.fund-run-payload': (values) => {
    const fields = values.fields === 'none' ? [] : (values.fields ?? '').split(', ');
    if (values["the run's values"] !== values.fields)
      return `fields ${JSON.stringify(values.fields)} of which the run's own ${JSON.stringify(values["the run's values"])}: values not the run's would be made up`;
    if (!fields.every((f) => (FUND_PAYLOAD_FIELDS as readonly string[]).includes(f)))
      return `fields ${JSON.stringify(values.fields)}: the mock sends some of ${FUND_PAYLOAD_FIELDS.join(', ')}`;
    return { fields: fields as FundPayloadField[] };
  },
};

export function isValuesProbeId(id: string): id is ValuesProbeId {
  return Object.hasOwn(READERS, id);
}

/**
 * The choice a profile's words give for behaviour `id`, or the reason (one line) the mock cannot follow them.
 *
 * @example
 * readProfiledValues('analysis.statuses', { statuses: 'pending, completed' }); // { showsProgress: false }
 */
export function readProfiledValues<K extends ValuesProbeId>(id: K, values: Values): ProfiledValues[K] | string {
  return READERS[id](values);
}
