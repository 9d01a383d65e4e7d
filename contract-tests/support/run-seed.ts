// The seed of a property or fuzz run in `npm test`: another one each run, so that the runs over time
// sample more inputs than one fixed seed does; given in an environment variable, it replays a run.
// The full counts are soak scripts of their own (`npm run soak:*`).

/** The seed in `variable`, or a new random one (fast-check takes a 32-bit integer). */
export function runSeed(variable: string): number {
  const given = process.env[variable];
  if (given === undefined || given === '') return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`${variable}=${given} is not an integer seed`);
  return seed;
}

/** The one-line command that runs a test file again with the variables of a failed run. */
export function replayCommand(variables: Record<string, number | string>, file: string, test?: string): string {
  const assignments = Object.entries(variables).map(([name, value]) => `${name}=${value}`);
  return `${assignments.join(' ')} npx vitest run ${file}${test ? ` -t ${JSON.stringify(test)}` : ''}`;
}
