// The seed every benchmarked mock starts from: the default users and credentials, plus a number
// of generated projects owned by the default user (or spread over both default users). A seed also makes the mock's ids deterministic.
import { defaultSeed } from '../mocks/src/domain/default-seed.ts';
import type { MockSeed } from '../mocks/src/server.ts';
import { generateProjects } from './generated-projects.ts';

const BENCH_START_TIME = '2026-01-01T00:00:00.000Z';

/**
 * With `spread` (BENCH_SPREAD_OWNERS=1), every other project is the second default user's: an
 * owner's projects spread over the whole index instead of one run.
 */
export function benchSeed(projects: number, spread = process.env.BENCH_SPREAD_OWNERS === '1'): MockSeed {
  const [owner, second] = defaultSeed().users;
  if (!owner || !second) throw new Error('the mock has no default users to own the generated projects');
  const generated = generateProjects(projects, owner.id);
  if (spread) for (let i = 1; i < generated.length; i += 2) generated[i]!.ownerUserId = second.id;
  return { startTime: BENCH_START_TIME, data: { projects: generated } };
}
