// Validations per second of the shared contract validator on the contract's largest response
// examples: the compiled Ajv function alone, and the validateResponse call suites actually make.
import { performance } from 'node:perf_hooks';
import type { JsonObject } from '../client/src/contract-document.ts';
import { firstExample } from '../client/test/support/every-operation.ts';
import { contractValidator, resolvePointer, type ContractValidator } from '../conformance/src/contract-validator.ts';

export interface ValidatorCase {
  label: string;
  path: string;
}

/** The largest bodies in the contract (issue 7): fund summary, analysis detail, full report. */
export const VALIDATOR_CASES: readonly ValidatorCase[] = [
  { label: 'fund summary', path: '/integrationfund/fund' },
  { label: 'analysis detail', path: '/integration/analysis/detail' },
  { label: 'full report', path: '/integration/project/fullreport' },
];

export interface ValidatorThroughput {
  label: string;
  path: string;
  example: string;
  bodyBytes: number;
  /** The compiled Ajv function called directly. */
  compiledPerSecond: number;
  /** `validateResponse('get', path, 200, body)`, schema lookup included. */
  validateResponsePerSecond: number;
}

/** The first 200 example of a GET operation, as the contract gives it. */
export function responseExample(validator: ContractValidator, path: string): { name: string; body: unknown } {
  const pointer = validator.responseSchemaPointer('get', path, 200);
  if (!pointer) throw new Error(`GET ${path} has no 200 JSON response in the contract`);
  const first = firstExample(resolvePointer(validator.doc, pointer.replace(/\/schema$/, '')) as JsonObject);
  if (!first?.name) throw new Error(`GET ${path} 200 has no example in the contract`);
  return { name: first.name, body: first.value };
}

function timedCalls(check: () => boolean, seconds: number): number {
  const batch = 1_000;
  let calls = 0;
  const started = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < batch; i++) {
      if (!check()) throw new Error('the validator rejected the benchmark body');
    }
    calls += batch;
    elapsed = performance.now() - started;
  } while (elapsed < seconds * 1_000);
  return calls / (elapsed / 1_000);
}

/** Calls `check` in batches for about `seconds` after a short warm-up (so V8 has optimised it); every call must accept the body. */
export function callsPerSecond(check: () => boolean, seconds: number): number {
  timedCalls(check, Math.min(0.25, seconds / 4));
  return timedCalls(check, seconds);
}

export function measureValidator(
  testCase: ValidatorCase,
  seconds: number,
  validator = contractValidator(),
): ValidatorThroughput {
  const { name, body } = responseExample(validator, testCase.path);
  const first = validator.validateResponse('get', testCase.path, 200, body);
  if (!first.valid) throw new Error(`example ${name} does not validate: ${JSON.stringify(first.violations)}`);
  const compiled = validator.validatorFor(first.schemaPointer);
  return {
    label: testCase.label,
    path: testCase.path,
    example: name,
    bodyBytes: Buffer.byteLength(JSON.stringify(body)),
    compiledPerSecond: callsPerSecond(() => compiled(body) as boolean, seconds),
    validateResponsePerSecond: callsPerSecond(
      () => validator.validateResponse('get', testCase.path, 200, body).valid,
      seconds,
    ),
  };
}
