// The oracle's second-user commands (with --second-api-key): the other user reads the sequence's
// fund runs and looks up and writes about its companies. Where the specification fixes the answer
// (a run the user has no role on: Error212, 403) it is compared; where the model answers with
// X-Mock-Gap (what another user may see of a company is not shown), any answer is accepted.
import fc from 'fast-check';
import { sameOutcome } from './outcome.ts';
import { both, type OracleReal, type OracleState } from './state.ts';

type Command = fc.AsyncCommand<OracleState, OracleReal>;
const JSON_HEADERS = { 'content-type': 'application/json' };
const GAP = 'x-mock-gap';

export class OtherUserReadsRun implements Command {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
  check = (s: Readonly<OracleState>) => s.runs.length > 0 && s.ctx.can('secondUser');
  async run(s: OracleState): Promise<void> {
    const run = s.runs[this.index % s.runs.length];
    if (!run) return;
    const answers = await both(
      s,
      'getFundRunSummary',
      { query: { fundExtractionId: run.deployment }, auth: 'secondApiKey' },
      { query: { fundExtractionId: run.model }, auth: 'secondApiKey' },
    );
    sameOutcome('runNoRole', `the second user reading run ${run.deployment}`, answers);
  }
  toString = () => `otherUserReadsRun(${this.index})`;
}

export class OtherUserUsesCompany implements Command {
  readonly index: number;
  readonly write: boolean;

  constructor(index: number, write: boolean) {
    this.index = index;
    this.write = write;
  }
  check = (s: Readonly<OracleState>) =>
    s.companies.length > 0 && s.ctx.can('secondUser') && (!this.write || s.ctx.canSpend({ credits: 0, records: 1 }));
  async run(s: OracleState): Promise<void> {
    const company = s.companies[this.index % s.companies.length];
    if (!company) return;
    const content = `${s.token} the second user about ${company.companyName}`;
    const answers = this.write
      ? await both(
          s,
          'processMessage',
          {
            json: { projectId: company.deployment, content },
            headers: JSON_HEADERS,
            auth: 'secondApiKey',
            spend: { credits: 0, records: 1, record: `second user's message on "${company.companyName}"` },
          },
          { json: { projectId: company.model, content }, headers: JSON_HEADERS, auth: 'secondApiKey' },
        )
      : await both(
          s,
          'listProjects',
          { query: { id: company.deployment }, headers: JSON_HEADERS, auth: 'secondApiKey' },
          { query: { id: company.model }, headers: JSON_HEADERS, auth: 'secondApiKey' },
        );
    // The model names its answer a gap: what another user may do with a company is not shown.
    if (answers.model.headers.get(GAP) !== null) return;
    sameOutcome(
      'outcome',
      `the second user ${this.write ? 'sending a message about' : 'looking up'} company ${company.deployment}`,
      answers,
    );
  }
  toString = () => `otherUserUsesCompany(${this.index}, write: ${this.write})`;
}

export const otherUserCommands = [
  fc.nat(3).map((i) => new OtherUserReadsRun(i)),
  fc
    .record({ index: fc.nat(5), write: fc.boolean() })
    .map(({ index, write }) => new OtherUserUsesCompany(index, write)),
];
