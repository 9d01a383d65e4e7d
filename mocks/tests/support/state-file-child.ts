// Child-process entry for the kill test: the mock on a free port with the state file STATE_FILE;
// a new file starts from the seed in SEED (JSON). Prints its origin once it listens.
import { startMock } from '../../server.ts';

const mock = await startMock({ port: 0, stateFile: process.env.STATE_FILE, seed: JSON.parse(process.env.SEED ?? '{}') });
process.stdout.write(`${mock.origin}\n`);
