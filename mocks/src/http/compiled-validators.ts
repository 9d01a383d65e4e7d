// Where the Node mock's request validators come from: Ajv, on first use, when the mock runs from its
// sources. The package's build replaces this module with one that hands out the same validators
// compiled ahead of time (scripts/mock-validators.ts): no request of the installed mock compiles one,
// and Ajv itself is not loaded.
import { AjvValidators } from './ajv-validators.ts';
import type { ValidatorCompiler } from './request-validator.ts';

/** The validators of the document with this id (`https://contract.local/openapi.json`, `…/control-api.json`). */
export function validatorCompiler(doc: object, docId: string): ValidatorCompiler {
  return new AjvValidators(doc, docId);
}
