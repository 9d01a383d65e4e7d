// `--sequence-path` of the rules that run command sequences (sequences.invariants-hold,
// oracle.matches-model): fast-check's run path and the commands' replay path, as
// `<path>@<replayPath>`; read here, and written here into a failure's replay arguments.

/** The two paths `--sequence-path` holds (both undefined without it). */
export function sequencePaths(sequencePath: string | undefined): { path?: string; replayPath?: string } {
  const [path, replayPath] = sequencePath?.split('@') ?? [];
  return { path, replayPath };
}

/**
 * A failed check's shrunk commands as fast-check shows them (without their replay-path comment),
 * and the `--seed=N --sequence-path=P@R` that runs the same sequence again.
 *
 * @example
 * const { commands, replay } = shrunkSequence(result, result.counterexample?.[0]?.toString() ?? '');
 */
export function shrunkSequence(
  result: { seed: number; counterexamplePath: string | null },
  shown: string,
): { commands: string; replay: string } {
  const [, commands = shown, commandsPath = ''] = /^(.*?) \/\*replayPath="(.*)"\*\/$/.exec(shown) ?? [];
  return {
    commands,
    replay: `--seed=${result.seed} --sequence-path=${result.counterexamplePath ?? ''}@${commandsPath}`,
  };
}
