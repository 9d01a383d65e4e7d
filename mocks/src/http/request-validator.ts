// Requests judged against the contract itself with Ajv 2020-12 ($ref, if/then, formats), by
// validators a ValidatorCompiler makes: Ajv at run time on first use (ajv-validators.ts), or, in the
// package, compiled ahead of time by its build (precompiled-validators.ts).
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { pointerTokens, resolvePointer } from '../../../common/src/index.ts';
import type { ContractOperation, ContractParameter } from './contract-operations.ts';
import { unknownFields } from './unknown-fields.ts';

/**
 * Gives the validator of one key: `<operationId>:<query|header|path>` (the parameters of one
 * location, strings coerced) or `<operationId>:body` (a JSON body, nothing coerced). `schema` says
 * what to compile; a compiler made ahead of time has it already.
 */
export interface ValidatorCompiler {
  compile(key: string, coerce: boolean, schema: () => object): ValidateFunction;
}

/** Ajv coerces any string Number() reads (' ', '\ufeff', '0x10') to a number; parameters are written in decimal. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export interface RequestParts {
  query: unknown;
  headers: unknown;
  params: unknown;
}

const PART_OF: Record<ContractParameter['in'], keyof RequestParts | undefined> = {
  query: 'query',
  header: 'headers',
  path: 'params',
  cookie: undefined,
};

const LOCATIONS = ['query', 'header', 'path'] as const;

/** The parameters of one operation in one location of the request. */
interface LocationCheck {
  part: keyof RequestParts;
  /** How messages name the location: a prefix to the property path (`query parameter `). */
  where: string;
  validate: ValidateFunction;
  /** Parameters with a numeric schema, and the key their value arrives under. */
  numeric: { name: string; key: string }[];
}

export class RequestValidator {
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly locationChecks = new Map<string, LocationCheck[]>();

  private readonly doc: object;
  private readonly docId: string;
  private readonly compiler: ValidatorCompiler;

  constructor(doc: object, docId: string, compiler: ValidatorCompiler) {
    this.doc = doc;
    this.docId = docId;
    this.compiler = compiler;
  }

  /** Messages for every parameter that breaks the contract; coerces values in place. */
  parameterErrors(op: ContractOperation, parts: RequestParts): string[] {
    const messages: string[] = [];
    for (const check of this.parameterChecks(op)) {
      const values = (parts[check.part] ?? {}) as Record<string, unknown>;
      for (const { name, key } of check.numeric) {
        const value = values[key];
        if (typeof value === 'string' && !DECIMAL.test(value))
          messages.push(`${check.where}${name} must be a decimal number`);
      }
      if (!check.validate(parts[check.part] ?? {})) messages.push(...format(check.where, check.validate.errors));
    }
    return messages;
  }

  /** Messages for a JSON body that breaks the contract. */
  bodyErrors(op: ContractOperation, body: unknown): string[] {
    if (!op.jsonBodyPointer) return [];
    if (body === undefined || body === null) return op.bodyRequired ? ['body is required (a JSON object)'] : [];
    const pointer = op.jsonBodyPointer;
    const validate = this.compile(`${op.operationId}:body`, false, () => ({ $ref: this.ref(pointer) }));
    return validate(body) ? [] : format('body.', validate.errors);
  }

  /** Properties of a (valid) JSON body that the contract does not declare: accepted, but named to the caller. */
  unknownBodyFields(op: ContractOperation, body: unknown): string[] {
    return op.jsonBodyPointer && body !== undefined && body !== null
      ? unknownFields(this.doc, { $ref: op.jsonBodyPointer }, body)
      : [];
  }

  /** What checking an operation's parameters needs, worked out on its first request and kept. */
  private parameterChecks(op: ContractOperation): LocationCheck[] {
    let checks = this.locationChecks.get(op.operationId);
    if (!checks) {
      checks = LOCATIONS.flatMap((location) => {
        const params = op.parameters.filter((p) => p.in === location);
        const part = PART_OF[location];
        if (params.length === 0 || !part) return [];
        // Node lower-cases header names.
        const keyOf = (p: ContractParameter) => (location === 'header' ? p.name.toLowerCase() : p.name);
        const validate = this.compile(`${op.operationId}:${location}`, true, () => ({
          type: 'object',
          properties: Object.fromEntries(params.map((p) => [keyOf(p), { $ref: this.ref(p.schemaPointer) }])),
          required: params.filter((p) => p.required).map(keyOf),
        }));
        const numeric = params
          .filter((p) => this.isNumeric(p.schemaPointer))
          .map((p) => ({ name: p.name, key: keyOf(p) }));
        return [{ part, where: location === 'query' ? 'query parameter ' : `${location} `, validate, numeric }];
      });
      this.locationChecks.set(op.operationId, checks);
    }
    return checks;
  }

  /** Every validator of these operations, made now (the package's build compiles them ahead of time). */
  prepare(operations: readonly ContractOperation[]): void {
    for (const op of operations) {
      this.parameterChecks(op);
      if (op.jsonBodyPointer) this.bodyErrors(op, {});
    }
  }

  /** The type of the schema at the pointer; one with no type of its own is the schema its `$ref` names, as Ajv reads it. */
  private isNumeric(pointer: string): boolean {
    let schema = resolvePointer(this.doc, pointer) as { type?: unknown; $ref?: unknown } | undefined;
    for (let hops = 0; schema?.type === undefined && typeof schema?.$ref === 'string' && hops < 32; hops++)
      schema = resolvePointer(this.doc, schema.$ref) as typeof schema;
    return schema?.type === 'integer' || schema?.type === 'number';
  }

  private ref(pointer: string): string {
    return `${this.docId}${pointer}`;
  }

  private compile(key: string, coerce: boolean, schema: () => object): ValidateFunction {
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = this.compiler.compile(key, coerce, schema);
      this.compiled.set(key, fn);
    }
    return fn;
  }
}

/** Ajv's errors as messages that name the offending property and, where the schema has them, the allowed values. */
function format(where: string, errors: ErrorObject[] | null | undefined): string[] {
  return (
    (errors ?? [])
      // `if` only says which `then` failed; the `then` error itself is the useful one.
      .filter((e) => e.keyword !== 'if')
      .map((e) => describe(where, e))
  );
}

/** `where` is the location's prefix (`body.`, `query parameter `), followed by the property's dotted path. */
function describe(where: string, e: ErrorObject): string {
  const segments = pointerTokens(e.instancePath);
  const name = (path: string[]) => (path.length ? `${where}${path.join('.')}` : where.replace(/[. ]$/, ''));
  const at = name(segments);
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${name([...segments, String(params.missingProperty)])} is required`;
    case 'enum':
      return `${at} must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `${at} must be ${String(params.allowedValue)}`;
    case 'additionalProperties': {
      const allowed = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const list = allowed.length ? `; allowed properties: ${allowed.join(', ')}` : '';
      return `${name([...segments, String(params.additionalProperty)])} is not a known property${list}`;
    }
    default:
      return `${at} ${e.message ?? e.keyword}`;
  }
}
