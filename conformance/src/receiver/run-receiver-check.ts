// Runs the receiver check: each event of the contract delivered as the service would, judged on the
// specification's receiver rules (accepts POST, 200 within 30 seconds), then what the specification
// leaves open and real senders do (a repeat, reordered deliveries, unknown fields, the gap payload of
// fundAnalysisCompleted), judged as warnings naming the gap. Deliveries go one at a time.
import {
  contractEvents,
  documentGap,
  type EventBody,
  freshOccurrence,
  versioningGap,
  withUnknownFields,
} from './deliveries.ts';
import type { ReceiverReport, ReceiverRuleResult } from './report.ts';
import { type DeliveryMade, deliver, observe } from './send.ts';

/** The specification's time limit for the receiver's answer. */
export const SPEC_THRESHOLD_MS = 30_000;

export interface ReceiverCheckOptions {
  /** The receiver's URL, as saved in the webhook configuration. */
  url: string;
  /** Longest wait for an answer; the specification's 30 s unless set lower. */
  thresholdMs?: number;
  /** A URL of the receiver whose GET answer changes when it processes an event (to see a repeat treated as new). */
  observeUrl?: string;
  /** Warnings fail the check. */
  strict?: boolean;
  onResult?(result: ReceiverRuleResult): void;
}

const SPEC_POST = 'Receiver requirements: 1. It accepts POST. 3. It returns HTTP 200 within 30 seconds.';
const SPEC_TIME = 'Receiver requirements: 3. It returns HTTP 200 within 30 seconds.';
const SPEC_DELIVERY =
  'Retry policy, delivery headers and a signature or authenticity scheme for deliveries: not shown.';

class Unreachable extends Error {}

export async function runReceiverCheck(options: ReceiverCheckOptions): Promise<ReceiverReport> {
  const thresholdMs = options.thresholdMs ?? SPEC_THRESHOLD_MS;
  const startedAt = new Date().toISOString();
  const results: ReceiverRuleResult[] = [];
  let sent = 0;

  const send = async (label: string, body: unknown): Promise<DeliveryMade> => {
    const made = await deliver(options.url, label, body, thresholdMs);
    if (made.unreachable && sent === 0) throw new Unreachable(`the receiver could not be reached: ${made.error}`);
    sent += 1;
    return made;
  };
  const add = (result: Omit<ReceiverRuleResult, 'durationMs'>, started: number) => {
    const full = { ...result, durationMs: Math.round(performance.now() - started) };
    results.push(full);
    options.onResult?.(full);
  };
  /** Why a delivery would be recorded as failed by the service, or undefined when it lands. */
  const miss = (d: DeliveryMade): string | undefined =>
    d.status === 200
      ? undefined
      : d.status !== undefined
        ? `${d.label}: answered HTTP ${d.status} instead of 200`
        : `${d.label}: ${d.error}`;
  const judgeGap = (
    base: Omit<ReceiverRuleResult, 'status' | 'violations' | 'durationMs' | 'deliveries'>,
    deliveries: DeliveryMade[],
    extra: string[],
    started: number,
  ) => {
    const violations = [...deliveries.map(miss).filter((v): v is string => !!v), ...extra];
    add({ ...base, status: violations.length > 0 ? 'warned' : 'passed', violations, deliveries }, started);
  };

  let unreachable: string | undefined;
  try {
    const events = contractEvents();
    // The specification's rules, one pair per event whose payload the specification shows.
    for (const event of events) {
      const started = performance.now();
      if (event.payloadGap) {
        const bodies: [string, EventBody][] = [
          [`${event.name} (the contract's example payload)`, freshOccurrence(event.example)],
          [`${event.name} (a payload with fields)`, withUnknownFields(freshOccurrence(event.example))],
        ];
        const deliveries: DeliveryMade[] = [];
        for (const [label, body] of bodies) deliveries.push(await send(label, body));
        const late = deliveries.filter((d) => d.timedOut);
        add(
          {
            id: `receiver.${event.name}.answers-in-time`,
            title: `answers a ${event.name} delivery within ${thresholdMs} ms`,
            spec: SPEC_TIME,
            status: late.length > 0 ? 'failed' : 'passed',
            violations: late.map((d) => `${d.label}: ${d.error}`),
            deliveries,
          },
          started,
        );
        judgeGap(
          {
            id: `receiver.${event.name}.payload-gap`,
            title: `accepts ${event.name} whatever its data (its payload is not shown)`,
            spec: SPEC_POST,
            gap: event.payloadGap,
          },
          deliveries.filter((d) => !d.timedOut),
          [],
          started,
        );
        continue;
      }
      const delivery = await send(event.name, freshOccurrence(event.example));
      add(
        {
          id: `receiver.${event.name}.answers-in-time`,
          title: `answers a ${event.name} delivery within ${thresholdMs} ms`,
          spec: SPEC_TIME,
          status: delivery.timedOut ? 'failed' : 'passed',
          violations: delivery.timedOut ? [`${delivery.label}: ${delivery.error}`] : [],
          deliveries: [delivery],
        },
        started,
      );
      const accepted = miss(delivery);
      add(
        {
          id: `receiver.${event.name}.accepts-post`,
          title: `accepts a ${event.name} POST with HTTP 200`,
          spec: SPEC_POST,
          ...(delivery.timedOut
            ? { status: 'not checked' as const, reason: `no answer within ${thresholdMs} ms`, violations: [] }
            : { status: accepted ? ('failed' as const) : ('passed' as const), violations: accepted ? [accepted] : [] }),
          deliveries: [delivery],
        },
        started,
      );
    }

    const retryGap = documentGap('Webhook delivery');
    const shown = events.filter((e) => !e.payloadGap);
    const first = shown[0];
    if (!first) throw new Error('The contract defines no event with a shown payload.');

    // The same delivery twice: a sender that retries may send it again.
    {
      const started = performance.now();
      const body = freshOccurrence(first.example);
      const extra: string[] = [];
      let note: string | undefined;
      let observeError: string | undefined;
      const look = async () => {
        if (!options.observeUrl || observeError) return undefined;
        try {
          return await observe(options.observeUrl, thresholdMs);
        } catch (error) {
          observeError = (error as Error).message;
          return undefined;
        }
      };
      const before = await look();
      const once = await send(`${first.name}`, body);
      const afterOnce = await look();
      const twice = await send(`${first.name} (the same delivery again)`, body);
      const afterTwice = await look();
      if (!options.observeUrl) note = 'without --observe-url only the answer to the repeat is judged, not its effect';
      else if (observeError)
        note = `--observe-url could not be read (${observeError}); only the answer to the repeat is judged`;
      else if (before === afterOnce)
        note = `--observe-url showed no change after the first delivery; the repeat's effect cannot be told`;
      else if (afterTwice !== afterOnce)
        extra.push('the repeat changed what --observe-url shows: it was handled as a new event');
      judgeGap(
        {
          id: 'receiver.repeat-handled-once',
          title: 'answers a repeated delivery with 200 and handles it once',
          spec: SPEC_DELIVERY,
          gap: retryGap,
          ...(note ? { note } : {}),
        },
        [once, twice],
        extra,
        started,
      );
    }

    // Deliveries out of order: the later change of a project arrives before the earlier one.
    const changed = shown.find((e) => e.name === 'changedStatus');
    if (changed) {
      const started = performance.now();
      const earlier = freshOccurrence(changed.example, new Date(Date.now() - 60_000)) as EventBody & {
        data: Record<string, unknown>;
      };
      const later = {
        event: earlier.event,
        data: {
          ...earlier.data,
          previousStatus: earlier.data.newStatus,
          newStatus: earlier.data.previousStatus,
          changedAt: new Date().toISOString(),
        },
      };
      const deliveries = [
        await send(`${changed.name} (the later change first)`, later),
        await send(`${changed.name} (the earlier change second)`, earlier),
      ];
      judgeGap(
        {
          id: 'receiver.reordered-deliveries',
          title: 'answers deliveries that arrive out of order with 200',
          spec: SPEC_DELIVERY,
          gap: retryGap,
        },
        deliveries,
        [],
        started,
      );
    }

    // Fields the contract does not define: a later version of the service may add them.
    {
      const started = performance.now();
      const deliveries: DeliveryMade[] = [];
      for (const event of shown)
        deliveries.push(
          await send(`${event.name} (unknown fields)`, withUnknownFields(freshOccurrence(event.example))),
        );
      judgeGap(
        {
          id: 'receiver.unknown-fields-accepted',
          title: 'accepts events carrying fields the contract does not define',
          spec: 'Events are delivered by HTTP POST with a JSON body of the form { event, data }.',
          gap: versioningGap(),
        },
        deliveries,
        [],
        started,
      );
    }
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    unreachable = error.message;
  }

  const count = (status: ReceiverRuleResult['status']) => results.filter((r) => r.status === status).length;
  return {
    url: options.url,
    thresholdMs,
    ...(options.observeUrl ? { observeUrl: options.observeUrl } : {}),
    strict: options.strict ?? false,
    startedAt,
    finishedAt: new Date().toISOString(),
    ...(unreachable ? { unreachable } : {}),
    summary: {
      rules: results.length,
      passed: count('passed'),
      failed: count('failed'),
      warned: count('warned'),
      notChecked: count('not checked'),
    },
    results,
  };
}
