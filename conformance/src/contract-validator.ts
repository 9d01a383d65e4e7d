// Ajv (JSON Schema 2020-12, formats on) over the bundled contract, compiled once per schema.
// Every suite that judges a request or response against the contract goes through here.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { contractDocument as contract } from '../../openapi/index.ts';
import { escapePointer, pointerTokens, resolvePointer } from '../../common/src/index.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
type Json = Record<string, unknown>;

export interface Violation {
  /** JSON path of the offending value inside the body, `$` for the body itself. */
  path: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  violations: Violation[];
  /** The contract pointer the body was judged against. */
  schemaPointer: string;
}

const CONTRACT_ID = 'https://contract.local/openapi.json';

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // OpenAPI-only formats that carry no constraint on JSON values.
  for (const format of ['binary', 'password']) ajv.addFormat(format, true);
  return ajv;
}

/** The node itself, or the node its local `$ref` points at (one step, not a chain). */
function deref<T extends Json | undefined>(node: T, doc: Json): T {
  return (typeof node?.$ref === 'string' ? resolvePointer(doc, node.$ref) : node) as T;
}

function toJsonPath(instancePath: string): string {
  return `$${pointerTokens(instancePath)
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`))
    .join('')}`;
}

export function toViolations(errors: ErrorObject[] | null | undefined): Violation[] {
  return (errors ?? []).map((e) => {
    const extra =
      e.keyword === 'required'
        ? ` (${String((e.params as { missingProperty?: string }).missingProperty)})`
        : e.keyword === 'enum'
          ? ` (${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)})`
          : '';
    return { path: toJsonPath(e.instancePath), message: `${e.message ?? e.keyword}${extra}` };
  });
}

export class ContractValidator {
  readonly ajv = createAjv();
  readonly doc: Json = contract as Json;
  private readonly cache = new Map<string, ValidateFunction>();
  /** Response schema pointers by method, path, status and media type: resolving one walks the document. */
  private readonly responsePointers = new Map<string, string | undefined>();

  constructor() {
    this.ajv.addSchema(this.doc, CONTRACT_ID);
  }

  /** Compiled validator for a pointer into the contract, e.g. `#/components/schemas/Project`. */
  validatorFor(pointer: string): ValidateFunction {
    let fn = this.cache.get(pointer);
    if (!fn) {
      if (resolvePointer(this.doc, pointer) === undefined) throw new Error(`No schema at ${pointer} in the contract`);
      fn = this.ajv.compile({ $ref: `${CONTRACT_ID}${pointer}` });
      this.cache.set(pointer, fn);
    }
    return fn;
  }

  validate(pointer: string, value: unknown): ValidationResult {
    const fn = this.validatorFor(pointer);
    const valid = fn(value) as boolean;
    return { valid, violations: valid ? [] : toViolations(fn.errors), schemaPointer: pointer };
  }

  /** `#/components/schemas/<name>`. */
  validateSchema(name: string, value: unknown): ValidationResult {
    return this.validate(`#/components/schemas/${escapePointer(name)}`, value);
  }

  /**
   * Pointer of the response schema that the contract gives an operation for a status: the exact
   * status, then its range (`4XX`), then `default`. Undefined when the status is not in the contract.
   */
  responseSchemaPointer(
    method: string,
    path: string,
    status: number,
    mediaType = 'application/json',
  ): string | undefined {
    const key = `${method.toLowerCase()} ${path} ${status} ${mediaType}`;
    if (!this.responsePointers.has(key))
      this.responsePointers.set(key, this.findResponseSchemaPointer(method, path, status, mediaType));
    return this.responsePointers.get(key);
  }

  private findResponseSchemaPointer(
    method: string,
    path: string,
    status: number,
    mediaType: string,
  ): string | undefined {
    const opPointer = `#/paths/${escapePointer(path)}/${method.toLowerCase()}`;
    const responses = resolvePointer(this.doc, `${opPointer}/responses`) as Json | undefined;
    if (!responses) throw new Error(`No operation ${method.toUpperCase()} ${path} in the contract`);
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) return undefined;
    let pointer = `${opPointer}/responses/${key}`;
    const ref = (responses[key] as Json).$ref;
    if (typeof ref === 'string') pointer = ref;
    const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`;
    return resolvePointer(this.doc, schemaPointer) === undefined ? undefined : schemaPointer;
  }

  /** Judges a response body (and status) of an operation against the contract. */
  validateResponse(method: string, path: string, status: number, body: unknown): ValidationResult {
    const pointer = this.responseSchemaPointer(method, path, status);
    if (!pointer) {
      return {
        valid: false,
        schemaPointer: `#/paths/${escapePointer(path)}/${method.toLowerCase()}/responses`,
        violations: [
          {
            path: '$',
            message: `status ${status} is not a response of ${method.toUpperCase()} ${path} in the contract`,
          },
        ],
      };
    }
    return this.validate(pointer, body);
  }

  /** Judges a JSON request body of an operation against the contract. */
  validateRequestBody(method: string, path: string, body: unknown, mediaType = 'application/json'): ValidationResult {
    const pointer = `#/paths/${escapePointer(path)}/${method.toLowerCase()}/requestBody/content/${escapePointer(mediaType)}/schema`;
    return this.validate(pointer, body);
  }
}

let shared: ContractValidator | undefined;
/** One validator per process: compiling is the expensive part. */
export function contractValidator(): ContractValidator {
  shared ??= new ContractValidator();
  return shared;
}

export { deref, resolvePointer };
