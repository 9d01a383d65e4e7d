// The oracle's company commands: create a company carrying the sequence's token (optional inputs
// sent or omitted), and send a message about one. Each compares what the specification fixes.
import fc from 'fast-check';
import type { components } from '../../../../openapi/index.ts';
import { dataOf } from '../answers.ts';
import { schemaGap } from './contract-gaps.ts';
import { holds, same } from './difference.ts';
import { sameOutcome } from './outcome.ts';
import { both, type OracleReal, type OracleState } from './state.ts';

type Schemas = components['schemas'];
type Command = fc.AsyncCommand<OracleState, OracleReal>;

/** Labels whose order differs between plain code-unit order and collations that ignore case, spaces and punctuation. */
export const COMPANY_LABELS = ['alpha', 'Beta', 'a-gamma', 'a delta', 'zeta'] as const;

export class CreateCompany implements Command {
  readonly label: string;
  readonly website: boolean;
  readonly nickname: boolean;

  constructor(label: string, website: boolean, nickname: boolean) {
    this.label = label;
    this.website = website;
    this.nickname = nickname;
  }
  check = (s: Readonly<OracleState>) => s.ctx.can('writes') && s.ctx.canSpend({ credits: 0, records: 1 });
  async run(s: OracleState): Promise<void> {
    s.phase.named += 1;
    const companyName = `conformance-${s.ctx.runId} ${s.token} ${this.label} ${s.phase.named}`;
    const companyWebsite = this.website ? `https://${s.token}-${s.phase.named}.example` : undefined;
    const name = this.nickname ? `${s.token} nickname ${s.phase.named}` : undefined;
    const json = { companyName, projectType: 'projectNoAnalysis', companyWebsite, name };
    const answers = await both(s, 'createProject', {
      json,
      spend: { credits: 0, records: 1, record: `company "${companyName}"` },
    });
    sameOutcome('createEchoes', 'creating a company', answers);
    const deployment = dataOf<Schemas['CreateProjectResult']>(answers.deployment)?.project;
    const model = dataOf<Schemas['CreateProjectResult']>(answers.model)?.project;
    holds('createEchoes', typeof deployment?.id === 'string', () => 'the created company has no project.id');
    same('createEchoes', 'project.companyName', deployment?.companyName, model?.companyName);
    same('createEchoes', 'project.projectType', deployment?.projectType, model?.projectType);
    // Their values when not sent are a gap of the contract (CreatedProject's x-gap): compared only when sent.
    const omittedOpen = schemaGap('CreatedProject') !== undefined;
    if (this.website || !omittedOpen)
      same('createEchoes', 'project.companyWebsite', deployment?.companyWebsite, model?.companyWebsite);
    if (this.nickname || !omittedOpen) same('createEchoes', 'project.name', deployment?.name, model?.name);
    s.ids.pair('createEchoes', 'project.id', deployment?.id ?? '', model?.id ?? '');
    s.companies.push({ deployment: deployment?.id ?? '', model: model?.id ?? '', companyName, companyWebsite, name });
  }
  toString = () => `createCompany(${JSON.stringify(this.label)}, website: ${this.website}, nickname: ${this.nickname})`;
}

export class SendMessage implements Command {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
  check = (s: Readonly<OracleState>) => s.companies.length > 0 && s.ctx.canSpend({ credits: 0, records: 1 });
  async run(s: OracleState): Promise<void> {
    const company = s.companies[this.index % s.companies.length];
    if (!company) return;
    const content = `${s.token} message about ${company.companyName}`;
    const answers = await both(
      s,
      'processMessage',
      {
        json: { projectId: company.deployment, content },
        headers: { 'content-type': 'application/json' },
        spend: { credits: 0, records: 1, record: `message on "${company.companyName}"` },
      },
      { json: { projectId: company.model, content }, headers: { 'content-type': 'application/json' } },
    );
    sameOutcome('messageNull', 'a message about a created company', answers);
    same(
      'messageNull',
      'the message answer data',
      (answers.deployment.body as { data?: unknown })?.data,
      (answers.model.body as { data?: unknown })?.data,
    );
  }
  toString = () => `sendMessage(${this.index})`;
}

const createCompany = fc
  .record({ label: fc.constantFrom(...COMPANY_LABELS), website: fc.boolean(), nickname: fc.boolean() })
  .map(({ label, website, nickname }) => new CreateCompany(label, website, nickname));

// Creation weighs three times: sequences then hold several records, so lists span several pages.
export const companyCommands = [createCompany, createCompany, createCompany, fc.nat(5).map((i) => new SendMessage(i))];
