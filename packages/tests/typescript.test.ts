// The installed packages' declarations under every TypeScript setting a consumer may use
// (support/consumer-configs.ts: node16, nodenext, bundler; the strict flags, skipLibCheck false), in
// one `tsc -b` of the three tsconfig files: build mode checks each project in full, one after the
// other, and the second and third reuse what the first parsed and the compiler code already warmed
// up: 21 s of CPU against 27 s for three `tsc -p` processes (docs/decisions/2026-11-test-time.md,
// fifth session). The nodenext project also compiles `misuse.ts`, which must be refused. tsc is the
// same JavaScript program on every Node version and the declarations do not change with it, so the
// run is on one version (24).
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { MISUSE_MODE, TS_CONSUMERS, type TsConsumer } from './support/consumer-configs.ts';
import { NODE_VERSIONS } from './support/node-binaries.ts';
import { runCommand, type CommandResult } from './support/run-command.ts';

/**
 * The repository's own tsc (the version a consumer pins: 5.9.3). Run from here it resolves the
 * consumer's imports and types from the consumer project alone, as when installed in it.
 */
const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
const VERSION = NODE_VERSIONS[1];
const MODES = Object.keys(TS_CONSUMERS) as TsConsumer[];
/** The three checks one after the other on a loaded machine. */
const TIMEOUT_MS = 300_000;

/**
 * Each project's part of the build's output, from its "Building project" line to the next project's
 * first line: its diagnostics, then (--diagnostics) its figures, ending with "Total time:" once its
 * check ended.
 */
function projectOutputs(stdout: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const start of stdout.matchAll(/^.* - Building project '.*\/tsconfig\.(\w+)\.json'\.\.\.$/gm)) {
    const rest = stdout.slice(start.index + start[0].length);
    const end = rest.search(/^.* - Project '/m);
    parts.set(start[1]!, end === -1 ? rest : rest.slice(0, end));
  }
  return parts;
}

/** tsc's diagnostic lines (continuation lines are indented). */
const diagnostics = (output: string) => output.split('\n').filter((line) => /^\S.*error TS\d+/.test(line));

describe(`Node ${VERSION}: the installed declarations under ${MODES.join(', ')}, strict flags and skipLibCheck false`, () => {
  const binary = inject('nodes')[VERSION];
  const project = inject('project');
  let build: Promise<CommandResult> | undefined;
  // --force: every project is checked even where a build info file says it is up to date.
  const built = () =>
    (build ??= runCommand(
      binary,
      binary,
      [TSC, '-b', '--force', '--verbose', '--diagnostics', ...MODES.map((mode) => `tsconfig.${mode}.json`)],
      { cwd: project, timeoutMs: TIMEOUT_MS },
    ));
  const outputOf = async (mode: TsConsumer) => {
    const result = await built();
    const failure = `exit ${result.code ?? result.signal}\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`;
    // The misuse file's diagnostics: tsc -b exits 1 or 2 (diagnostics present), with nothing on stderr.
    expect([1, 2], failure).toContain(result.code);
    expect(result.stderr, failure).toBe('');
    const parts = projectOutputs(result.stdout);
    // None printed outside a project's part (a configuration's error, say).
    const outside = [...parts.values()].reduce((rest, part) => rest.replace(part, ''), result.stdout);
    expect(diagnostics(outside), failure).toEqual([]);
    const output = parts.get(mode);
    expect(output, `no "Building project" part for tsconfig.${mode}.json\n${failure}`).toBeDefined();
    // The figures come after the check: the project's check ran to its end.
    expect(output, `tsconfig.${mode}.json's check did not end\n${failure}`).toMatch(/^Total time: /m);
    return { output: output!, failure: `${output}\n${failure}` };
  };

  it.each(MODES)(
    'TypeScript, %s, strict flags and skipLibCheck false: compiles',
    async (mode) => {
      const { output, failure } = await outputOf(mode);
      if (mode !== MISUSE_MODE) {
        expect(diagnostics(output), failure).toEqual([]);
      } else {
        // Reported diagnostics mean the check ran; none may be outside misuse.ts.
        expect(diagnostics(output).length, failure).toBeGreaterThan(0);
        expect(diagnostics(output).filter((line) => !line.startsWith('misuse.ts('))).toEqual([]);
      }
    },
    TIMEOUT_MS,
  );

  it(
    `TypeScript: the same check (${MISUSE_MODE}) rejects a misuse of the client`,
    async () => {
      const { output } = await outputOf(MISUSE_MODE);
      expect(output).toMatch(/^misuse\.ts\(4,\d+\): error TS2322/m);
    },
    TIMEOUT_MS,
  );
});
