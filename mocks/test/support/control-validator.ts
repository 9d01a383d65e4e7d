// Ajv 2020-12 over mocks/control-api.openapi.yaml: judges control API responses by operation.
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import type { ValidateFunction } from 'ajv';
import { escapePointer } from '../../../common/src/index.ts';
import { createAjv, toViolations } from '../../../conformance/src/contract-validator.ts';

type Json = Record<string, unknown>;
const ID = 'https://contract.local/control-api.json';

export class ControlValidator {
  readonly doc = load(readFileSync(new URL('../../control-api.openapi.yaml', import.meta.url), 'utf8')) as Json;
  private readonly ajv = createAjv();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    this.ajv.addSchema(this.doc, ID);
  }

  private templateOf(path: string): string | undefined {
    return Object.keys(this.doc.paths as Json).find((t) =>
      new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
    );
  }

  validateResponse(method: string, path: string, status: number, body: unknown): string[] {
    const template = this.templateOf(path);
    if (!template) return [`no control operation at ${path}`];
    const responses = ((this.doc.paths as Json)[template] as Json | undefined)?.[method.toLowerCase()] as
      | Json
      | undefined;
    if (!responses) return [`no control operation ${method} ${template}`];
    const key = String(status);
    const response = (responses.responses as Json)[key] as Json | undefined;
    if (!response) return [`status ${status} is not a response of ${method} ${template}`];
    const pointer =
      typeof response.$ref === 'string'
        ? `${response.$ref}/content/application~1json/schema`
        : `#/paths/${escapePointer(template)}/${method.toLowerCase()}/responses/${key}/content/application~1json/schema`;
    return this.validate(pointer, body);
  }

  /** Judges a value against a schema of the control document, e.g. `MockSeed`. */
  validateSchema(name: string, value: unknown): string[] {
    return this.validate(`#/components/schemas/${name}`, value);
  }

  private validate(pointer: string, value: unknown): string[] {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${ID}${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate(value) ? [] : toViolations(validate.errors).map((v) => `${v.path} ${v.message}`);
  }
}

let shared: ControlValidator | undefined;
export function controlValidator(): ControlValidator {
  shared ??= new ControlValidator();
  return shared;
}
