// The deliveries the receiver check sends: each event of the contract's `webhooks`, built from its
// example with fresh identifiers (as the service would send a new event), and the variants the
// specification leaves open (unknown fields, the fundAnalysisCompleted payload, repeats, order).
import { randomUUID } from 'node:crypto';
import { contractDocument } from '../../../openapi/index.ts';
import { resolvePointer } from '../../../common/src/index.ts';

type Json = Record<string, unknown>;

export interface EventBody {
  event: string;
  data: unknown;
}

/** The events of the contract, with the example each one is sent as and the gap its payload rests on. */
export interface ContractEvent {
  name: string;
  example: EventBody;
  /** The x-gap of the event's `data` schema, when its payload is not shown. */
  payloadGap?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function deref(node: unknown): Json {
  const n = node as Json;
  return (typeof n?.$ref === 'string' ? resolvePointer(contractDocument, n.$ref) : n) as Json;
}

/** Every event of the contract's `webhooks`, in the contract's order. */
export function contractEvents(): ContractEvent[] {
  const webhooks = (contractDocument as Json).webhooks as Record<string, Json>;
  return Object.entries(webhooks).map(([name, item]) => {
    const media = (item.post as any).requestBody.content['application/json'];
    const examples = Object.values(media.examples as Record<string, unknown>);
    if (examples.length === 0) throw new Error(`The contract's webhook ${name} has no example.`);
    const example = structuredClone(deref(examples[0]).value) as EventBody;
    const schema = deref(media.schema);
    const dataGap = (schema.properties as Record<string, Json> | undefined)?.data?.['x-gap'];
    return { name, example, ...(typeof dataGap === 'string' ? { payloadGap: dataGap } : {}) };
  });
}

/** A new occurrence of the event: every uuid of its data replaced, every timestamp set to now. */
export function freshOccurrence(event: EventBody, now = new Date()): EventBody {
  const data = event.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return structuredClone(event);
  const fresh: Json = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' && UUID.test(value)) fresh[key] = randomUUID();
    else if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) fresh[key] = now.toISOString();
    else fresh[key] = value;
  }
  return { event: event.event, data: fresh };
}

/** The event with fields the contract does not define, in `data` and beside it. */
export function withUnknownFields(event: EventBody): EventBody & Json {
  const data = typeof event.data === 'object' && event.data !== null ? event.data : {};
  return {
    event: event.event,
    data: { ...data, conformanceUnknownField: 'added by portfolio-conformance receiver' },
    deliveredBy: 'portfolio-conformance',
  };
}

/** A gap of the contract's document-level list (`x-document-gaps`), by its topic. */
export function documentGap(topic: string): string {
  const gaps = (contractDocument as Json)['x-document-gaps'] as { topic: string; 'x-gap': string }[] | undefined;
  const gap = gaps?.find((g) => g.topic === topic)?.['x-gap'];
  if (!gap) throw new Error(`The contract lists no gap on "${topic}".`);
  return gap;
}

/** The contract's own gap on versioning (`info.x-gap`): why fields may appear that it does not define. */
export function versioningGap(): string {
  const gap = (contractDocument.info as Json)['x-gap'];
  if (typeof gap !== 'string') throw new Error('The contract states no gap on its versioning.');
  return gap;
}
