// Matchers shared by the consumer suites. Values the contract fixes (codes, enums, formats) are
// matched by rule; values it leaves free are matched by type.
import { MatchersV3 } from '@pact-foundation/pact';
import { contractValidator, resolvePointer } from '../../support/contract-validator.ts';

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

/** One of the values of an enum schema of the contract (e.g. `FundRunStatus`), read from the contract. */
export function contractEnum(schemaName: string, example: string) {
  const schema = resolvePointer(contractValidator().doc, `#/components/schemas/${schemaName}`) as { enum?: unknown[] } | undefined;
  const values = schema?.enum;
  if (!values?.length) throw new Error(`the contract has no enum schema ${schemaName}`);
  if (!values.includes(example)) throw new Error(`${example} is not a value of ${schemaName} (${values.join(', ')})`);
  return regex(`^(${values.map((v) => escapeRegex(String(v))).join('|')})$`, example);
}

/** `metadata` of every success the specification shows. Exact: these values are the contract. */
export const SUCCESS_OUTCOME = { code: '1000', title: 'Successful', description: '' } as const;
