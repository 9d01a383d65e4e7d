// For the tests of the commands against the stateful mock: one mock started for the file and a
// two-interaction pact written to a temporary folder, both removed after the file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { writeSamplePact } from '../../../contract-tests/pact/support/sample-pact.ts';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';

export interface MockWithSamplePact {
  readonly mock: RunningMock;
  /** The temporary folder (removed after the file). */
  readonly dir: string;
  /** The sample pact's path: a 401 whose state holds anywhere, a list whose state needs the set-up call. */
  readonly pact: string;
}

/** Registers the file's beforeAll and afterAll; the fields are set once beforeAll ran. */
export function mockWithSamplePact(consumer: string): MockWithSamplePact {
  const fixture = {} as { mock: RunningMock; dir: string; pact: string };
  beforeAll(async () => {
    fixture.mock = await startMock({ port: 0 });
    fixture.dir = await mkdtemp(join(tmpdir(), `${consumer}-`));
    fixture.pact = await writeSamplePact(consumer, fixture.dir);
  });
  afterAll(async () => {
    await fixture.mock?.close();
    if (fixture.dir) await rm(fixture.dir, { recursive: true, force: true });
  });
  return fixture;
}
