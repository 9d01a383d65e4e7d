// Strict type-check of a generator's output and a consumer, with the project's TypeScript: what a
// team adopting that generator would compile.
import type TypeScript from 'typescript';
import { sharingHost, ts } from '../typescript-api.ts';

const OPTIONS: TypeScript.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  // Some generators write `./x.ts` import specifiers (kubb); allowed since nothing is emitted.
  allowImportingTsExtensions: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  // TypeScript's own lib files are not what is checked (tsc's default checks them; they have no
  // errors); the output and the consumer still are, against those declarations.
  skipDefaultLibCheck: true,
};

/** Diagnostics as `file:line: message`, paths relative to `root`; empty when everything compiles. */
export function typeCheck(files: string[], root: string): string[] {
  const program = ts.createProgram(files, OPTIONS, sharingHost(OPTIONS));
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.replace(`${root}/`, '')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: `
      : '';
    return `${where}TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
