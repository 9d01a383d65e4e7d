// The stateful mock serving its default session read back from a stored image, as a team mock
// restarted on its state file serves it (mocks/src/persistence/state-store.ts, lazy-image.ts):
// the projects and analyses are the tables' read-back records (domain/lazy-records.ts), built on
// first touch, not the seed's. A first mock writes the session to a new state file with
// `compactBytes: 1`, so the first write (the default session, written as the file starts)
// compacts the file into an image at once; a second mock opens that file, as a restart does. The
// second keeps the default compaction size: a compaction walks every record and would build the
// read-back records all at once, which the test then no longer reaches.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMock, type MockSeed, type RunningMock, type SeedProject } from '../../../mocks/src/server.ts';
import { CONFORMANCE_SEED } from './conformance-mock.ts';

/**
 * The conformance seed's twelve companies with the second user's four between them, so the image's
 * owner column is cut into sections and sorted apart (not one run of one owner): a list of one
 * user's companies read back is then a search of that column, which a wrong search shows. Two more
 * are named as portfolio companies of the mock's fund runs (one in another letter case): a fund run
 * finds them by name among every company (the table builds all it read back) and links them.
 */
export const READ_BACK_SEED: MockSeed = {
  ...CONFORMANCE_SEED,
  data: {
    projects: [
      ...(CONFORMANCE_SEED.data?.projects ?? []).flatMap((project, i): SeedProject[] =>
        i % 3 === 1
          ? [
              project,
              {
                id: `c0ffee00-0000-4000-8000-0000000002${String(i).padStart(2, '0')}`,
                ownerUserId: 'user-second',
                companyName: `Second ${project.companyName}`,
                companyWebsite: `https://second-${i}.example`,
                completedAnalysis: i % 2 === 1,
              },
            ]
          : [project],
      ),
      ...['Tidal Ledger', 'LUMEN FREIGHT'].map((companyName, i) => ({
        id: `c0ffee00-0000-4000-8000-0000000003f${i + 1}`,
        ownerUserId: 'user-mock',
        companyName,
        companyWebsite: `https://${companyName.toLowerCase().replace(/ /g, '')}.example`,
        completedAnalysis: i === 0,
      })),
    ],
  },
};

/** Starts the mock on a state file that holds `seed`'s default session as an image, read back at its start. */
export async function startReadBackMock(
  seed: MockSeed = READ_BACK_SEED,
  options: { responseCache?: boolean } = {},
): Promise<RunningMock> {
  const dir = await mkdtemp(join(tmpdir(), 'portfolio-read-back-'));
  try {
    const stateFile = join(dir, 'state.jsonl');
    const writer = await startMock({ port: 0, seed, stateFile, compactBytes: 1 });
    await writer.close();
    // Without an image header the mock would replay records as they are: nothing read back, no test of it.
    const written = await readFile(stateFile, 'utf8');
    if (!written.startsWith('{"imageV3"') || !/"x":\{"v":3,/.test(written))
      throw new Error(`the state file ${stateFile} holds no image of the session's projects and analyses`);
    const mock = await startMock({ port: 0, seed, stateFile, responseCache: options.responseCache });
    return {
      ...mock,
      async close() {
        await mock.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
