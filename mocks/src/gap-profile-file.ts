// Reads `--gap-profile <parity.json>` (readGapProfile, part of the package's face): apart from
// gap-profile.ts, which installs the profile on the routes, so the face's declarations need no Fastify type.
import { readFile } from 'node:fs/promises';
import { type GapProfile, parseGapProfile } from '../../common/src/index.ts';

export type { GapProfile } from '../../common/src/index.ts';

/**
 * The profile in a parity report file, or an Error whose message is one line.
 *
 * @example
 * const gapProfile = await readGapProfile('parity/parity.json');
 * await startMock({ port: 0, gapProfile });
 */
export async function readGapProfile(file: string): Promise<GapProfile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the gap profile ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`the gap profile ${file} is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  try {
    return parseGapProfile(json);
  } catch (error) {
    throw new Error(`the gap profile ${file} cannot be used: ${(error as Error).message}`);
  }
}
