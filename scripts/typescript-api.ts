// The TypeScript compiler API as this project's in-process checks and builds use it (the package
// build's declarations, the README examples, the third-party generators' output): loaded once,
// tsconfig.json read once, and parsed files shared between programs instead of parsed again.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type TypeScript from 'typescript';

// Loaded by require: an ES import of this 9 MB CommonJS file first has Node scan it for its export
// names (about 1 CPU-s).
export const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

const TSCONFIG = new URL('../tsconfig.json', import.meta.url).pathname;

let parsedOptions: TypeScript.CompilerOptions | undefined;

/** The compiler options of the project's tsconfig.json, read once per process. */
export function projectOptions(): TypeScript.CompilerOptions {
  if (!parsedOptions) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      TSCONFIG,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    if (!parsed) throw new Error('tsconfig.json could not be read.');
    parsedOptions = parsed.options;
  }
  return parsedOptions;
}

// TypeScript's own lib files (lib.dom alone is 1.5 MB) never change under a running process, so
// every program of the process shares their parse, as TypeScript's language service does.
const LIB_DIR = `${dirname(ts.getDefaultLibFilePath({}))}/`;
const libFiles = new Map<string, TypeScript.SourceFile | undefined>();

/**
 * A compiler host that takes TypeScript's lib files from the process-wide cache, and other files
 * from `files` when given (a caller keeps that map only while those files cannot change). A parse
 * depends on the text, the language version and the module format, which make the key.
 */
export function sharingHost(
  options: TypeScript.CompilerOptions,
  files?: Map<string, TypeScript.SourceFile | undefined>,
): TypeScript.CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const cache = fileName.startsWith(LIB_DIR) ? libFiles : files;
    if (!cache) return parse(fileName, languageVersion, onError, shouldCreate);
    const settings = typeof languageVersion === 'object' ? languageVersion : { languageVersion };
    const key = `${fileName}|${settings.languageVersion}|${settings.impliedNodeFormat ?? ''}`;
    if (!cache.has(key)) cache.set(key, parse(fileName, languageVersion, onError, shouldCreate));
    return cache.get(key);
  };
  return host;
}
