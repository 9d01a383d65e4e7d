// Validators compiled by Ajv at run time, each on first use: what the mock does when run from its
// sources (npm start, the tests) and in the MSW handlers. The package's Node entries use the same
// validators compiled ahead of time instead (precompiled-validators.ts).
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidatorCompiler } from './request-validator.ts';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/**
 * The Ajv that judges a document's requests: strings coerced (`coerce`, parameters) or not (bodies).
 * `code` is for the build that writes the validators as code (Ajv's standalone mode).
 */
export function createAjv(coerce: boolean, code?: Options['code']): Ajv2020 {
  // The document is linted elsewhere; validating it against the meta-schema here only costs time.
  // verbose: an error carries its schema, so a message can list the properties an object allows.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    validateSchema: false,
    coerceTypes: coerce,
    verbose: true,
    ...(code ? { code } : {}),
  });
  addFormats(ajv);
  for (const format of ['binary', 'password']) ajv.addFormat(format, true);
  return ajv;
}

export class AjvValidators implements ValidatorCompiler {
  private coercingAjv: Ajv2020 | undefined;
  private exactAjv: Ajv2020 | undefined;
  private readonly doc: object;
  private readonly docId: string;

  constructor(doc: object, docId: string) {
    this.doc = doc;
    this.docId = docId;
  }

  // Each Ajv is made on first use: a mock that never sees a parameter or a body (of the control
  // API, say) never pays for it.
  compile(_key: string, coerce: boolean, schema: () => object): ValidateFunction {
    const ajv = coerce
      ? (this.coercingAjv ??= createAjv(true).addSchema(this.doc, this.docId))
      : (this.exactAjv ??= createAjv(false).addSchema(this.doc, this.docId));
    return ajv.compile(schema());
  }
}
