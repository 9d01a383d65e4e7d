// Ajv 2020-12 over the whole document, so request schemas are judged exactly as the contract
// writes them ($ref, if/then, formats). Validators compile on first use: start-up stays fast.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ContractOperation, ContractParameter } from './contract-operations.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

function createAjv(coerce: boolean): Ajv2020 {
  // The document is linted elsewhere; validating it against the meta-schema here only costs time.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, coerceTypes: coerce });
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

export class RequestValidator {
  // Query, header and path values arrive as strings and are coerced; JSON bodies are not.
  private readonly coercing = createAjv(true);
  private readonly exact = createAjv(false);
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    doc: object,
    private readonly docId: string,
  ) {
    this.coercing.addSchema(doc, docId);
    this.exact.addSchema(doc, docId);
  }

  /** Messages for every parameter that breaks the contract; coerces values in place. */
  parameterErrors(op: ContractOperation, parts: RequestParts): string[] {
    const messages: string[] = [];
    for (const location of ['query', 'header', 'path'] as const) {
      const params = op.parameters.filter((p) => p.in === location);
      const part = PART_OF[location];
      if (params.length === 0 || !part) continue;
      const validate = this.compile(`${op.operationId}:${location}`, this.coercing, () => ({
        type: 'object',
        properties: Object.fromEntries(
          params.map((p) => [location === 'header' ? p.name.toLowerCase() : p.name, { $ref: this.ref(p.schemaPointer) }]),
        ),
        required: params.filter((p) => p.required).map((p) => (location === 'header' ? p.name.toLowerCase() : p.name)),
      }));
      const where = location === 'query' ? 'query parameter' : location;
      const values = (parts[part] ?? {}) as Record<string, unknown>;
      for (const p of params) {
        const value = values[location === 'header' ? p.name.toLowerCase() : p.name];
        if (typeof value === 'string' && this.isNumeric(p.schemaPointer) && !DECIMAL.test(value)) messages.push(`${where} ${p.name} must be a decimal number`);
      }
      if (!validate(parts[part] ?? {})) messages.push(...format(where, validate.errors));
    }
    return messages;
  }

  /** Messages for a JSON body that breaks the contract. */
  bodyErrors(op: ContractOperation, body: unknown): string[] {
    if (!op.jsonBodyPointer) return [];
    if (body === undefined || body === null) return op.bodyRequired ? ['body is required (a JSON object)'] : [];
    const pointer = op.jsonBodyPointer;
    const validate = this.compile(`${op.operationId}:body`, this.exact, () => ({ $ref: this.ref(pointer) }));
    return validate(body) ? [] : format('body', validate.errors);
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

function format(where: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? [])
    // `if` only says which `then` failed; the `then` error itself is the useful one.
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const segments = e.instancePath.split('/').slice(1);
      const at = segments.length ? ` ${segments.join('.')}` : '';
      return `${where}${at} ${e.message ?? e.keyword}`;
    });
}
