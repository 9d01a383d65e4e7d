// The mock's choices where the specification is silent and the answer is a value of its records: a
// fund run's defaults, sections, statuses and ids, how its portfolio companies find company records,
// the statuses an analysis passes, which scores a company shows, the email made up beside a website,
// which forms of a drive link resolve and what a name two folders share finds, whether an analysis
// over an unreadable source fails, and the fields of a fund run's delivery. A team's gap profile replaces them (../gap-profile-choices.ts);
// parity's table of the mock's own choices (common/src/gap-profile.ts) says what these defaults must be.
import type { ProfiledValues } from '../../../common/src/index.ts';

/** The type of a profile's choice (parity's words read), where a domain choice holds it as it is. */
type Profiled<K extends keyof ProfiledValues> = ProfiledValues[K];

export interface GapChoices {
  /** customerIsInvestor when a run request leaves it out, showDerivedMetrics and available.incremental of every run. */
  fundDefaults: Profiled<'funds.run-defaults'>;
  /** available.dataSections of a completed run, and of a run under way. */
  dataSections: { completed: readonly string[]; underWay: readonly string[] };
  /** Whether a run shows `running` half-way (it is `pending` on creation, as the contract says, either way). */
  fundShowsRunning: boolean;
  /** The available flags true while a run is under way (once it ended, incremental follows fundDefaults). */
  availableUnderWay: Readonly<Profiled<'funds.run-progress'>['availableUnderWay']>;
  /** Whether a completed run shows its figures. */
  figuresWhenCompleted: boolean;
  /** fundId and a portfolio company's id, with {owner id}, {name}, {name as a slug}, {fundExtractionId} and {n} (from 1). */
  idForms: Profiled<'funds.id-forms'>;
  /** Which of the owner's company records a portfolio company takes: same name ignoring case, same name exactly, or none (a new one). */
  portfolioMatch: Profiled<'funds.portfolio-name-matching'>['match'];
  /** Whether an analysis shows `progress` half-way (it is `pending` before, either way). */
  analysisShowsProgress: boolean;
  /** Whether a company's views show the scores of its completed analyses (a full report asked for one always does). */
  scoresShown: boolean;
  /** companyEmail of a company created with a website and no email, {website host} written for the host. */
  emailWithWebsite: string;
  /** Whether the deployment reads a drive link given as folderLink (one it does not read finds no folder). */
  linkRead: (folderLink: string) => boolean;
  /** What a folderName two folders of the drive share finds: neither (ambiguous_folder) or the first. */
  sharedFolderName: 'ambiguous' | 'first';
  /** Whether an analysis over a source the engine cannot read ends `failed` (else `completed`, scored). */
  unreadableFails: boolean;
  /** Whether a fund run over a file the engine cannot read ends `error` (else `completed`, as any other run). */
  unreadableFundFails: boolean;
  /** The run's fields a fundAnalysisCompleted delivery's data holds, each with the run's own value. */
  fundPayloadFields: Readonly<Profiled<'webhooks.fund-run-payload'>['fields']>;
}

/** The mock's own choices. */
export const MOCK_GAP_CHOICES: GapChoices = {
  fundDefaults: { customerIsInvestor: false, showDerivedMetrics: false, incremental: false },
  dataSections: {
    completed: ['reconciled', 'entities', 'coverage', 'validation', 'metricDefinitions', 'runStats'],
    underWay: [],
  },
  fundShowsRunning: true,
  availableUnderWay: [],
  figuresWhenCompleted: true,
  idForms: { fundId: 'fund-{owner id}-{name as a slug}', companyId: '{fundExtractionId}-company-{n}' },
  portfolioMatch: 'ignoring case',
  analysisShowsProgress: true,
  scoresShown: true,
  emailWithWebsite: 'contact@{website host}',
  linkRead: () => true,
  sharedFolderName: 'ambiguous',
  unreadableFails: true,
  unreadableFundFails: true,
  fundPayloadFields: ['fundExtractionId', 'fundId', 'name'],
};

/** A form with its placeholders filled in (each placeholder's value as given). */
export function fillForm(form: string, values: Record<string, string>): string {
  return form.replace(/\{[^{}]+\}/g, (placeholder) => values[placeholder] ?? placeholder);
}
