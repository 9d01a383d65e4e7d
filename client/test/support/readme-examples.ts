// Type-checks TypeScript examples (the ```ts blocks of a README, the contract's code samples) against
// the project, each as its own module at the repository root; the package names they import resolve to the repository's entries.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type TypeScript from 'typescript';
import { projectOptions, sharingHost, ts } from '../../../scripts/typescript-api.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What each package name means inside the repository. */
const PACKAGE_ENTRIES: Record<string, string[]> = {
  '@portfolio-integration/client': [`${ROOT}client/src/index.ts`],
  '@portfolio-integration/client/node': [`${ROOT}client/src/node.ts`],
  '@portfolio-integration/client/receiver': [`${ROOT}client/src/receiver.ts`],
  '@portfolio-integration/contract': [`${ROOT}generated/types.ts`],
  '@portfolio-integration/mock': [`${ROOT}mocks/src/index.ts`],
};

export interface ExampleProblem {
  /** The example's place in the list checked, from 1. */
  example: number;
  line: number;
  message: string;
}

export function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

/**
 * The project's options plus every strict flag the packages' READMEs claim a consumer may use
 * (packages/tests/support/consumer-configs.ts), with the package names mapped to the repository's entries.
 */
const examplesOptions = (): TypeScript.CompilerOptions => ({
  ...projectOptions(),
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  noEmit: true,
  paths: PACKAGE_ENTRIES,
});

/**
 * Parsed files of the project, kept for the next check in the same process (the options never
 * change, so neither does a file's parse): parsing them and TypeScript's lib is most of a check.
 */
const parsedFiles = new Map<string, TypeScript.SourceFile | undefined>();

/** Every type error of every example; empty when they all compile. */
export function checkExamples(examples: readonly string[]): ExampleProblem[] {
  const files = new Map(examples.map((code, i) => [`${ROOT}readme-example-${i + 1}.ts`, code]));
  const exampleNumber = new Map([...files.keys()].map((name, i) => [name, i + 1]));
  const options = examplesOptions();
  const host = sharingHost(options, parsedFiles);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.getSourceFile = (name, language, ...rest) => {
    const code = files.get(name);
    return code === undefined
      ? getSourceFile(name, language, ...rest)
      : ts.createSourceFile(name, code, language, true);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  // Only the examples' own diagnostics are reported, so only the examples are checked: the checker
  // then resolves just the types they use instead of checking the whole client and contract types.
  return program
    .getSourceFiles()
    .filter((f) => files.has(f.fileName))
    .flatMap((f) =>
      [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)].map((d) => ({
        example: exampleNumber.get(f.fileName)!,
        line: f.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      })),
    );
}

/** Every README and docs page with TypeScript examples: the client folder's, the root's, the four packages', the site's pages. */
export const README_FILES = [
  'docs/client.md',
  'docs/mock-control-api.md',
  'client/README.md',
  'README.md',
  'packages/client/README.md',
  'packages/mock/README.md',
  'packages/contract/README.md',
  'packages/conformance/README.md',
];

export function readmeText(file = 'client/README.md'): string {
  return readFileSync(`${ROOT}${file}`, 'utf8');
}
