// Matchers shared by the consumer suites. Values the contract fixes (codes, enums, formats) are
// matched by rule; values it leaves free are matched by type.
import { MatchersV3 } from '@pact-foundation/pact';
import { contractValidator, resolvePointer } from '../../../conformance/src/contract-validator.ts';

const { regex } = MatchersV3;

/**
 * RFC 3339 `date-time`, the contract's format. A regex rather than MatchersV3.datetime: a datetime
 * pattern fixes one spelling (fraction digits, offset form) that the contract does not.
 */
export function isoDateTime(example: string) {
  return regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, example);
}

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One of the values of an enum of the contract, read from the contract: a schema name (`FundRunStatus`)
 * or a pointer to an inline enum (`#/components/schemas/WebhookDelivery/properties/status`).
 */
export function contractEnum(schema: string, example: string) {
  const pointer = schema.startsWith('#') ? schema : `#/components/schemas/${schema}`;
  const values = (resolvePointer(contractValidator().doc, pointer) as { enum?: unknown[] } | undefined)?.enum;
  if (!values?.length) throw new Error(`the contract has no enum at ${pointer}`);
  if (!values.includes(example)) throw new Error(`${example} is not a value of ${pointer} (${values.join(', ')})`);
  return regex(`^(${values.map((v) => escapeRegex(String(v))).join('|')})$`, example);
}

/** `metadata` of every success the specification shows. Exact: these values are the contract. */
export const SUCCESS_OUTCOME = { code: '1000', title: 'Successful', description: '' } as const;
