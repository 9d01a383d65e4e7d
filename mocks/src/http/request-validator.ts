// Ajv 2020-12 over the whole document, so request schemas are judged exactly as the contract
// writes them ($ref, if/then, formats). Ajv itself and each validator are made on first use: start-up stays fast.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { pointerTokens } from '../../../common/src/index.ts';
import type { ContractOperation, ContractParameter } from './contract-operations.ts';
import { unknownFields } from './unknown-fields.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

function createAjv(coerce: boolean): Ajv2020 {
  // The document is linted elsewhere; validating it against the meta-schema here only costs time.
  // verbose: an error carries its schema, so a message can list the properties an object allows.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    coerceTypes: coerce,
    verbose: true,
  });
  addFormats(ajv);
  for (const format of ['binary', 'password']) ajv.addFormat(format, true);
  return ajv;
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
  private coercingAjv: Ajv2020 | undefined;
  private exactAjv: Ajv2020 | undefined;

  private readonly doc: object;
  private readonly docId: string;

  constructor(doc: object, docId: string) {
    this.doc = doc;
    this.docId = docId;
  }

  // Query, header and path values arrive as strings and are coerced; JSON bodies are not. Each Ajv
  // is made on first use: a mock that never sees a parameter or a body (of the control API, say) never pays for it.
  private get coercing(): Ajv2020 {
    return (this.coercingAjv ??= createAjv(true).addSchema(this.doc, this.docId));
  }

  private get exact(): Ajv2020 {
    return (this.exactAjv ??= createAjv(false).addSchema(this.doc, this.docId));
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
    const validate = this.compile(`${op.operationId}:body`, this.exact, () => ({ $ref: this.ref(pointer) }));
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
        const validate = this.coercing.compile({
          type: 'object',
          properties: Object.fromEntries(params.map((p) => [keyOf(p), { $ref: this.ref(p.schemaPointer) }])),
          required: params.filter((p) => p.required).map(keyOf),
        });
        const numeric = params
          .filter((p) => this.isNumeric(p.schemaPointer))
          .map((p) => ({ name: p.name, key: keyOf(p) }));
        return [{ part, where: location === 'query' ? 'query parameter ' : `${location} `, validate, numeric }];
      });
      this.locationChecks.set(op.operationId, checks);
    }
    return checks;
  }

  private isNumeric(pointer: string): boolean {
    const type = (this.coercing.getSchema(this.ref(pointer))?.schema as { type?: unknown } | undefined)?.type;
    return type === 'integer' || type === 'number';
  }

  private ref(pointer: string): string {
    return `${this.docId}${pointer}`;
  }

  private compile(key: string, ajv: Ajv2020, schema: () => object): ValidateFunction {
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = ajv.compile(schema());
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
