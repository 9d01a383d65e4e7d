// The checks the fuzz suite makes on the mock's process fail when they should: a polluted
// Object.prototype is reported, and a dead mock is reported as not answering.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMockProcess, type MockProcess } from './support/mock-process.ts';
import { stillAnswers } from './support/still-answers.ts';
import { tempDir } from './support/temp-dir.ts';

let mock: MockProcess | undefined;
// A killed mock cannot remove its upload directory: it lives in a temp dir removed here.
const temp = tempDir('robust-process-');
const env = { TMPDIR: temp.path };
afterEach(async () => {
  await mock?.close();
});
afterAll(() => temp.remove());

describe('process checks', () => {
  it('report keys added to Object.prototype in the mock', async () => {
    mock = await startMockProcess({
      env,
      execArgv: ['--import', 'data:text/javascript,Object.prototype.polluted = "yes";'],
    });
    expect((await mock.memory()).polluted).toEqual(['polluted']);
  });

  it('report a mock that answers, then one that died', async () => {
    mock = await startMockProcess({ env });
    expect((await mock.memory()).polluted).toEqual([]);
    expect(await stillAnswers(mock, 'mock-access-token')).toBeUndefined();
    expect(await stillAnswers(mock, 'wrong-token')).toMatch(/got 401/);
    await mock.kill();
    expect(await stillAnswers(mock, 'mock-access-token')).toMatch(/process ended/);
  });
});
