// The message half of the pact-versus-contract check: the comparator reads HTTP interactions only, so
// each message of a pact is judged here against the contract's webhook request body for its event.
import { basename } from 'node:path';
import { escapePointer } from '../../../common/src/index.ts';
import { contractValidator, deref, resolvePointer } from '../../../conformance/src/contract-validator.ts';
import type { ComparisonReport, Finding } from './compare-with-contract.ts';
import { isMessage, readPact } from '../../../conformance/src/pact/pact-file.ts';

type Json = Record<string, unknown>;

/** Schema pointer of each webhook's body, by the event name its `event` property is fixed to. */
function webhookSchemasByEvent(): Map<string, string> {
  const doc = contractValidator().doc;
  const byEvent = new Map<string, string>();
  for (const name of Object.keys((doc.webhooks as Json | undefined) ?? {})) {
    const pointer = `#/webhooks/${escapePointer(name)}/post/requestBody/content/application~1json/schema`;
    const schema = deref(resolvePointer(doc, pointer) as Json | undefined, doc);
    const event = ((schema?.properties as Json | undefined)?.event as Json | undefined)?.const;
    if (typeof event === 'string') byEvent.set(event, pointer);
  }
  return byEvent;
}

export async function compareMessagesWithContract(pactFiles: string[]): Promise<ComparisonReport> {
  const schemas = webhookSchemasByEvent();
  const report: ComparisonReport = { interactionsChecked: 0, errors: [], warnings: [], expectedWarnings: [] };
  for (const file of pactFiles) {
    const pact = await readPact(file);
    pact.interactions.forEach((interaction, index) => {
      if (!isMessage(interaction)) return;
      report.interactionsChecked += 1;
      const content = interaction.contents?.content;
      const where = { pactFile: basename(file), type: 'error' as const, interaction: interaction.description };
      const event = (content as Json | undefined)?.event;
      const pointer = typeof event === 'string' ? schemas.get(event) : undefined;
      if (!pointer) {
        report.errors.push({
          ...where,
          code: 'message.event.unknown',
          location: `[root].interactions[${index}].contents.content.event`,
          message: `no webhook of the contract sends event ${JSON.stringify(event)}`,
        });
        return;
      }
      for (const v of contractValidator().validate(pointer, content).violations) {
        const finding: Finding = {
          ...where,
          code: 'message.body.incompatible',
          location: `[root].interactions[${index}].contents.content${v.path.slice(1)}`,
          message: v.message,
        };
        report.errors.push(finding);
      }
    });
  }
  return report;
}
