// A gap profile's open values of records (common/src/gap-profile-values.ts) as the domain's choices
// (domain/gap-choices.ts): the sessions of a mock started with the profile make their fund runs,
// analyses, scores, emails, drive links and fund deliveries as the team's deployment does. Kept out of domain/: only
// a profiled mock reads it.
import { type GapProfile, type ProfiledValues, readProfiledValues } from '../../common/src/index.ts';
import { driveLinkOf } from './domain/drive.ts';
import { type GapChoices, MOCK_GAP_CHOICES } from './domain/gap-choices.ts';

/**
 * The domain's choices under `profile`: the mock's own where the profile has no answer (or
 * undefined when it changes none, so sessions keep the plain default).
 *
 * @example
 * const gapChoices = gapChoicesOf(await readGapProfile('parity/parity.json'));
 */
export function gapChoicesOf(profile: GapProfile): GapChoices | undefined {
  const read = <K extends keyof ProfiledValues>(id: K): ProfiledValues[K] | undefined => {
    const answer = profile.answers[id];
    if (answer?.kind !== 'values') return undefined;
    const choice = readProfiledValues(id, answer.values);
    return typeof choice === 'string' ? undefined : choice;
  };
  const defaults = read('funds.run-defaults');
  const sections = read('funds.data-sections');
  const progress = read('funds.run-progress');
  const ids = read('funds.id-forms');
  const matching = read('funds.portfolio-name-matching');
  const statuses = read('analysis.statuses');
  const scores = read('analysis.project-scores');
  const email = read('companies.email-placeholder-with-website');
  const links = read('drive.folder-link-forms');
  const shared = read('drive.shared-folder-name');
  const unreachable = read('analysis.unreachable-website');
  const unreadableUpload = read('analysis.unreadable-upload');
  const versions = read('funds.second-run-same-name');
  const unreadableRun = read('funds.unreadable-file-run');
  const payload = read('webhooks.fund-run-payload');
  // webhooks.fund-run-subscription reads only as the mock's own choice (delivered): nothing to change.
  const chosen = [defaults, sections, progress, ids, matching, statuses, scores, email, links];
  if (![...chosen, shared, unreachable, unreadableUpload, versions, payload, unreadableRun].some(Boolean))
    return undefined;
  const mine = MOCK_GAP_CHOICES;
  const unread = new Set(links?.unread ?? []);
  const idForms = ids ?? mine.idForms;
  // A fund's versions are the runs of one fundId: runs of one name are versions of one fund unless the fundId names the run.
  const ownFund = versions?.sameFund === false && !idForms.fundId.includes('{fundExtractionId}');
  return {
    fundDefaults: defaults ?? mine.fundDefaults,
    dataSections: {
      completed: sections?.dataSections ?? mine.dataSections.completed,
      underWay: progress?.dataSectionsUnderWay ?? mine.dataSections.underWay,
    },
    fundShowsRunning: progress?.showsRunning ?? mine.fundShowsRunning,
    availableUnderWay: progress?.availableUnderWay ?? mine.availableUnderWay,
    figuresWhenCompleted: progress?.figuresWhenCompleted ?? mine.figuresWhenCompleted,
    idForms: ownFund ? { ...idForms, fundId: `${idForms.fundId}-{fundExtractionId}` } : idForms,
    portfolioMatch: matching?.match ?? mine.portfolioMatch,
    analysisShowsProgress: statuses?.showsProgress ?? mine.analysisShowsProgress,
    scoresShown: scores?.shown ?? mine.scoresShown,
    emailWithWebsite: email?.form ?? mine.emailWithWebsite,
    linkRead: unread.size === 0 ? mine.linkRead : (folderLink) => !unread.has(driveLinkOf(folderLink).form ?? ''),
    sharedFolderName: shared === undefined ? mine.sharedFolderName : shared.first ? 'first' : 'ambiguous',
    // One choice of the engine: an unreadable source (a website, an uploaded file) fails the analysis or not.
    unreadableFails: unreachable?.fails ?? unreadableUpload?.fails ?? mine.unreadableFails,
    unreadableFundFails: unreadableRun?.fails ?? mine.unreadableFundFails,
    fundPayloadFields: payload?.fields ?? mine.fundPayloadFields,
  };
}
