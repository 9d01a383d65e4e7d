// What the contract says about the query and header parameters of a request: true when they
// satisfy it, false when one breaks it, undefined when the contract does not decide (a repeated or
// unknown parameter, or a number written in an unusual way such as `1e3` or `+7`).
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import type { ContractOperation, ContractParameter } from './contract-operations.ts';
import { resolveSchema } from './schema-arbitrary.ts';

type Verdict = boolean | undefined;

function valueVerdict(param: ContractParameter, text: string): Verdict {
  const type = resolveSchema(param.schema).type;
  if (type !== 'integer' && type !== 'number') return contractValidator().validate(param.schemaPointer, text).valid;
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value) || (type === 'integer' && !Number.isInteger(value))) return false;
  if (!contractValidator().validate(param.schemaPointer, value).valid) return false;
  return /^\d+$/.test(text) ? true : undefined;
}

function combine(verdicts: Verdict[]): Verdict {
  if (verdicts.includes(false)) return false;
  return verdicts.includes(undefined) ? undefined : true;
}

export function parametersVerdict(
  op: ContractOperation,
  query: [string, string][],
  headers: Record<string, string>,
): Verdict {
  const verdicts: Verdict[] = [];
  const known = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  if (query.some(([name]) => !known.has(name))) verdicts.push(undefined);
  for (const param of op.parameters) {
    const values =
      param.in === 'query'
        ? query.filter(([n]) => n === param.name).map(([, v]) => v)
        : [headers[param.name.toLowerCase()]].filter((v) => v !== undefined);
    if (values.length === 0) verdicts.push(!param.required);
    else if (values.length > 1) verdicts.push(undefined);
    else verdicts.push(valueVerdict(param, values[0] as string));
  }
  return combine(verdicts);
}
