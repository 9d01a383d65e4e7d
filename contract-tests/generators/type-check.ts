// Strict type-check of a generator's output and a consumer, with the project's TypeScript: what a
// team adopting that generator would compile.
import { dirname } from 'node:path';
import ts from 'typescript';

const OPTIONS: ts.CompilerOptions = {
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

// The lib files (megabytes: lib.dom alone is 1.5 MB) are parsed once per process and shared by every
// check's program, as TypeScript's language service shares them; only files of TypeScript's own lib
// folder, which never change under a running process.
const LIB_DIR = `${dirname(ts.getDefaultLibFilePath(OPTIONS))}/`;
const libFiles = new Map<string, ts.SourceFile>();

function cachingHost(): ts.CompilerHost {
  const host = ts.createCompilerHost(OPTIONS);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.startsWith(LIB_DIR)) return read(fileName, languageVersion, onError, shouldCreate);
    const version = typeof languageVersion === 'object' ? `${languageVersion.languageVersion}/${languageVersion.impliedNodeFormat}` : languageVersion;
    const key = `${fileName}@${version}`;
    let file = libFiles.get(key);
    if (!file) {
      file = read(fileName, languageVersion, onError, shouldCreate);
      if (file) libFiles.set(key, file);
    }
    return file;
  };
  return host;
}

/** Diagnostics as `file:line: message`, paths relative to `root`; empty when everything compiles. */
export function typeCheck(files: string[], root: string): string[] {
  const program = ts.createProgram(files, OPTIONS, cachingHost());
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.replace(`${root}/`, '')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : '';
    return `${where}TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
