// Child-process entry for the kill test: the mock on a free port with the state file STATE_FILE;
// a new file starts from the seed in SEED (JSON). Prints its origin once it listens.
import module from 'node:module';
import { startMock } from '../../src/server.ts';

const mock = await startMock({
  port: 0,
  stateFile: process.env.STATE_FILE,
  seed: JSON.parse(process.env.SEED ?? '{}'),
});
// The test ends this process with SIGKILL, which never writes the compile cache (NODE_COMPILE_CACHE)
// as an exit would: written now, the next start compiles nothing it compiled already (Node 22.10+).
(module as { flushCompileCache?: () => void }).flushCompileCache?.();
process.stdout.write(`${mock.origin}\n`);
