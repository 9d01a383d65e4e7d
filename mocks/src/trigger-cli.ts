// `portfolio-mock trigger <event> [--project <id>]`: asks a running mock to send one webhook event
// now (POST /__mock/webhooks/trigger) and prints what was sent and how each delivery ended.
import { parseArgs } from 'node:util';
import { GAP_HEADER } from './http/gap-header.ts';
import { SESSION_HEADER } from './sessions/session-header.ts';
import { TRIGGERABLE_EVENTS } from './control/triggered-events.ts';

export const TRIGGER_USAGE = `Usage: portfolio-mock trigger <event> [options]

Sends one webhook event now from a running mock to the receiver saved in its webhook configuration,
with data from the session's records, recorded in the webhook history as a real delivery.

  <event>                 ${TRIGGERABLE_EVENTS.join(', ')}
  --project <id>          the project it is about (default: the newest that fits)
  --fund-run <id>         the completed fund run (fundAnalysisCompleted; default: the newest)
  --session <id>          the mock session (X-Mock-Session; default: the default session)
  --mock <origin>         the running mock (default http://127.0.0.1:4010)

Delivery switches (delay, repeat, reorder, fail the first attempt): POST /__mock/webhooks/delivery.
Exit codes: 0 delivered (the last attempt answered 200) or held by the reorder switch; 1 a delivery
failed, or the mock had nothing to send (no such record, no webhook configuration); 2 usage error;
3 the mock could not be reached.`;

interface Delivery {
  status: string;
  statusDescription: string | null;
}

export async function main(argv: string[]): Promise<number> {
  let options;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        'fund-run': { type: 'string' },
        session: { type: 'string' },
        mock: { type: 'string', default: 'http://127.0.0.1:4010' },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(TRIGGER_USAGE);
      return 0;
    }
    const [event, ...rest] = positionals;
    if (!event) throw new Error(`name the event (${TRIGGERABLE_EVENTS.join(', ')})`);
    if (!(TRIGGERABLE_EVENTS as readonly string[]).includes(event))
      throw new Error(`unknown event "${event}" (events: ${TRIGGERABLE_EVENTS.join(', ')})`);
    if (rest.length > 0) throw new Error(`unexpected argument "${rest[0]}"`);
    const origin = new URL(values.mock).origin;
    options = { event, project: values.project, fundRun: values['fund-run'], session: values.session, origin };
  } catch (error) {
    console.error(`portfolio-mock trigger: ${(error as Error).message.split(/\.\s/)[0]} (see --help)`);
    return 2;
  }
  let response: Response;
  try {
    response = await fetch(`${options.origin}/__mock/webhooks/trigger`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.session ? { [SESSION_HEADER]: options.session } : {}),
      },
      body: JSON.stringify({
        event: options.event,
        ...(options.project ? { projectId: options.project } : {}),
        ...(options.fundRun ? { fundExtractionId: options.fundRun } : {}),
      }),
      // A receiver may take up to its 30 s; the mock answers once the delivery has an outcome.
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause;
    console.error(
      `portfolio-mock trigger: the mock at ${options.origin} could not be reached: ${cause?.message ?? (error as Error).message}`,
    );
    return 3;
  }
  const answer = (await response.json().catch(() => undefined)) as
    | { description?: string; data?: { url: string; held: boolean; event: unknown; deliveries: Delivery[] } }
    | undefined;
  if (!response.ok || !answer?.data) {
    const why = answer?.description ?? `HTTP ${response.status}`;
    console.error(`portfolio-mock trigger: ${why}`);
    return response.status === 400 ? 2 : response.status === 404 || response.status === 409 ? 1 : 3;
  }
  const { data } = answer;
  console.log(`Sent to ${data.url}:\n${JSON.stringify(data.event, null, 2)}`);
  const gap = response.headers.get(GAP_HEADER);
  if (gap) console.log(`${GAP_HEADER}: ${gap}`);
  if (data.held) {
    console.log('Held by the reorder switch: it goes after the next delivery (or POST /__mock/settle).');
    return 0;
  }
  for (const d of data.deliveries)
    console.log(`delivery: ${d.status}${d.statusDescription ? ` (${d.statusDescription})` : ''}`);
  return data.deliveries.at(-1)?.status === 'Success' ? 0 : 1;
}
