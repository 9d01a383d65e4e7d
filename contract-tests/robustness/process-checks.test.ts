// The checks the fuzz suite makes on the mock's process fail when they should: a polluted
// Object.prototype is reported, and a dead mock is reported as not answering.
import { afterEach, describe, expect, it } from 'vitest';
import { startMockProcess, type MockProcess } from './support/mock-process.ts';
import { stillAnswers } from './support/still-answers.ts';

let mock: MockProcess | undefined;
afterEach(async () => {
  await mock?.close();
});

describe('process checks', () => {
  it('report keys added to Object.prototype in the mock', async () => {
    mock = await startMockProcess({ execArgv: ['--import', 'data:text/javascript,Object.prototype.polluted = "yes";'] });
    expect((await mock.memory()).polluted).toEqual(['polluted']);
  });

  it('report a mock that answers, then one that died', async () => {
    mock = await startMockProcess();
    expect((await mock.memory()).polluted).toEqual([]);
    expect(await stillAnswers(mock, 'mock-access-token')).toBeUndefined();
    expect(await stillAnswers(mock, 'wrong-token')).toMatch(/got 401/);
    await mock.kill();
    expect(await stillAnswers(mock, 'mock-access-token')).toMatch(/process ended/);
  });
});
