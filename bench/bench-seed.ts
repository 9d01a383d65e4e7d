// The seed every benchmarked mock starts from: the default users and credentials, plus a number
// of generated projects owned by the default user. A seed also makes the mock's ids deterministic.
import { defaultSeed } from '../mocks/src/domain/default-seed.ts';
import type { MockSeed } from '../mocks/src/server.ts';
import { generateProjects } from './generated-projects.ts';

const BENCH_START_TIME = '2026-01-01T00:00:00.000Z';

export function benchSeed(projects: number): MockSeed {
  const owner = defaultSeed().users[0];
  if (!owner) throw new Error('the mock has no default user to own the generated projects');
  return { startTime: BENCH_START_TIME, data: { projects: generateProjects(projects, owner.id) } };
}
