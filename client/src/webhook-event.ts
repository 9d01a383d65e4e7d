// Validates a received webhook body against the contract and types it by its `event`.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { webhooks } from '../../openapi/index.ts';
import { contractDocument, contractNode } from './contract-document.ts';
import { escapePointer } from '../../common/src/index.ts';
import { IntegrationError } from './integration-error.ts';

// ajv-formats is CommonJS; under NodeNext its default export is the module object's `default`.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type WebhookBody<K extends keyof webhooks> = NonNullable<
  webhooks[K]['post']
>['requestBody']['content']['application/json'];

/** Every event of the contract, discriminated on `event`. */
export type WebhookEvent = { [K in keyof webhooks]: WebhookBody<K> }[keyof webhooks];

const CONTRACT_ID = 'https://contract.local/openapi.json';

/** Validator per event name, compiled once from the contract's webhook request bodies. */
function compileValidators(): Map<string, ValidateFunction> {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(contractDocument, CONTRACT_ID);
  const validators = new Map<string, ValidateFunction>();
  for (const name of Object.keys(contractNode('#/webhooks'))) {
    const pointer = `#/webhooks/${escapePointer(name)}/post/requestBody/content/application~1json/schema`;
    const event = (contractNode(`${pointer}/properties/event`) as { const?: unknown }).const;
    if (typeof event !== 'string') throw new Error(`The contract's webhook ${name} has no constant event name.`);
    validators.set(event, ajv.compile({ $ref: `${CONTRACT_ID}${pointer}` }));
  }
  return validators;
}

let validators: Map<string, ValidateFunction> | undefined;

function invalid(description: string): IntegrationError {
  return new IntegrationError({
    kind: 'invalid-webhook',
    status: null,
    code: null,
    title: 'Invalid webhook body',
    description,
  });
}

function describe(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`).join('; ');
}

/** The body as JSON: a string or bytes as received, or an already parsed value. */
function asJson(body: unknown): unknown {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) return body;
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalid(`not JSON (${(error as Error).message}).`);
  }
}

/**
 * A webhook delivery's body as one of the contract's events. Throws an IntegrationError of kind
 * `invalid-webhook` for a body that is not JSON, names an unknown event or breaks the event's schema.
 */
export function parseWebhookEvent(body: unknown): WebhookEvent {
  validators ??= compileValidators();
  const value = asJson(body);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('the body is not a JSON object.');
  const event = (value as { event?: unknown }).event;
  if (typeof event !== 'string') throw invalid('the body has no string `event`.');
  const validate = validators.get(event);
  if (!validate) throw invalid(`unknown event "${event}"; the contract knows ${[...validators.keys()].join(', ')}.`);
  if (!validate(value)) throw invalid(`${event}: ${describe(validate.errors)}.`);
  return value as WebhookEvent;
}
