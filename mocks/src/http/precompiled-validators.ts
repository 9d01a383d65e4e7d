// The validators of one document as the package's build compiled them (Ajv's standalone code,
// scripts/mock-validators.ts), by key: the same functions Ajv would compile on first use.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { ValidatorCompiler } from './request-validator.ts';

export class PrecompiledValidators implements ValidatorCompiler {
  private readonly functions: Readonly<Record<string, ValidateFunction>>;
  private readonly docId: string;

  constructor(functions: Readonly<Record<string, ValidateFunction>>, docId: string) {
    this.functions = functions;
    this.docId = docId;
  }

  compile(key: string): ValidateFunction {
    const fn = this.functions[key];
    // The build compiles every operation's validators, so this is a build that went wrong.
    if (!fn) throw new Error(`The package's build compiled no validator ${key} of ${this.docId}`);
    return fn;
  }
}
