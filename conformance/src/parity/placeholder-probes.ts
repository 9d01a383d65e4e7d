// The email a deployment makes up for a company created with a website that names no host (a `urn:`
// URI: the contract's `uri` format allows it, and no host is there to form an address over). One
// company (projectNoAnalysis, no credits) is created with --allow-writes and read back.
import type { GapProbeId } from '../../../common/src/index.ts';
import { formOf, lookedUp, type ProbeOutcome, projectOf } from './probe-values.ts';
import type { ParitySender } from './sender.ts';

export interface PlaceholderProbeContext {
  sender: ParitySender;
  allowWrites: boolean;
}

type PlaceholderProbeId = Extract<GapProbeId, 'companies.email-placeholder-without-host'>;

export const PLACEHOLDER_PROBES: Record<PlaceholderProbeId, (ctx: PlaceholderProbeContext) => Promise<ProbeOutcome>> = {
  'companies.email-placeholder-without-host': async ({ sender, allowWrites }) => {
    if (!allowWrites)
      return {
        touched: false,
        reason: 'creates a company (projectNoAnalysis, no credits) with a website naming no host: pass --allow-writes',
      };
    const stamp = Date.now().toString(36);
    const companyName = `parity-${stamp} no host`;
    const created = await sender.send({
      method: 'POST',
      path: '/integration/project',
      json: { companyName, projectType: 'projectNoAnalysis', companyWebsite: `urn:parity:${stamp}` },
    });
    const id = projectOf(created.answer)?.id;
    if (typeof id !== 'string')
      return {
        touched: false,
        reason: `the company with a website naming no host was not created: HTTP ${created.answer.status}`,
        exchange: created.recorded,
      };
    const read = await sender.send({ method: 'GET', path: '/integration/projects', query: { id } });
    const record = lookedUp(read.answer);
    if (!record)
      return {
        touched: false,
        reason: `the lookup of the company with a website naming no host answered HTTP ${read.answer.status}`,
        exchange: read.recorded,
      };
    const companyEmail = 'companyEmail' in record ? formOf(record.companyEmail, companyName) : 'absent';
    return { touched: true, observation: { kind: 'values', values: { companyEmail } }, exchange: read.recorded };
  },
};
