// `npm run check:generators [-- <openapi.json>]`: every generator, one line each. Exit codes: 0 all
// compile, 1 a generator's output or consumer does not compile, 2 a generator is missing or fails.
import { resolve } from 'node:path';
import { checkGenerator, DEFAULT_SPEC, GENERATORS } from './check-generators.ts';

export async function main(argv: string[]): Promise<number> {
  if (argv.length > 1) {
    console.error('Usage: npm run check:generators [-- <path/to/openapi.json>]');
    return 2;
  }
  const spec = argv[0] ? resolve(argv[0]) : DEFAULT_SPEC;
  let exitCode = 0;
  for (const generator of GENERATORS) {
    try {
      const { files, problems } = await checkGenerator(generator, { spec });
      if (problems.length === 0) {
        console.log(`${generator.name}: ${files.length} files, compile under tsc --strict`);
      } else {
        console.error(`${generator.name}: ${problems.length} type errors\n  ${problems.join('\n  ')}`);
        exitCode = Math.max(exitCode, 1);
      }
    } catch (error) {
      console.error((error as Error).message.split('\n')[0]);
      exitCode = 2;
    }
  }
  return exitCode;
}
