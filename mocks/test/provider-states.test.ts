// The mock's provider-state set-up call (POST /__mock/provider-states): it answers the values the
// pacts' `fromProviderState` expressions read, starts each state from the seed the mock was started
// with, and refuses what it cannot arrange in the control envelope.
import { describe, expect, it } from 'vitest';
import { COMPANY_EXISTS, COMPANY_LIST_FAILS, FOLDER_TOO_LARGE, FUND_RUN_WITHOUT_ROLE } from '../../common/src/index.ts';
import { API_KEY, TEST_SEED, useMock } from '../../contract-tests/support/mock-under-test.ts';

const mock = useMock();
const setup = (body: unknown) =>
  mock.raw('/__mock/provider-states', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /__mock/provider-states', () => {
  it('answers the values a state provides, for records it made through the service', async () => {
    const answer = await setup({ state: FOLDER_TOO_LARGE, params: {}, action: 'setup' });
    expect(answer.status).toBe(200);
    const folder = (await mock.control.state()).folders.find(
      (f: { folderPath: string }) => f.folderPath === answer.body.folderPath,
    );
    expect(folder.fileNames).toHaveLength(51);

    const other = await setup({ state: FUND_RUN_WITHOUT_ROLE });
    const summary = await mock.raw(`/api/integrationfund/fund?fundExtractionId=${other.body.fundExtractionId}`, {
      headers: { Authorization: API_KEY },
    });
    expect(summary.body.code).toBe('Error212');
  });

  it('starts each state again from the seed the mock was started with', async () => {
    await setup({ state: COMPANY_LIST_FAILS });
    await setup({
      state: COMPANY_EXISTS,
      params: { projectId: '3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10', companyName: 'Helio Grid' },
    });
    const state = await mock.control.state();
    expect(state.faults.companyList).toBe(false);
    expect(state.seed.processingMs).toBe(TEST_SEED.processingMs);
    expect(state.projects.map((p: { id: string }) => p.id)).toEqual(['3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10']);
  });

  it('does nothing on teardown', async () => {
    const before = await mock.control.state();
    const answer = await setup({ state: COMPANY_LIST_FAILS, action: 'teardown' });
    expect(answer).toMatchObject({ status: 200, body: {} });
    expect((await mock.control.state()).faults).toEqual(before.faults);
  });

  it('refuses an unknown state, a state without its params and a body without a state', async () => {
    const inherited = await setup({ state: 'constructor' });
    expect(inherited).toMatchObject({ status: 400, body: { code: 'MOCK_UNKNOWN_PROVIDER_STATE' } });
    const unknown = await setup({ state: 'the moon is full' });
    expect(unknown).toMatchObject({
      status: 400,
      body: {
        code: 'MOCK_UNKNOWN_PROVIDER_STATE',
        description: 'The mock cannot arrange the provider state "the moon is full"',
      },
    });
    const missing = await setup({ state: COMPANY_EXISTS });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        code: 'MOCK_PROVIDER_STATE_FAILED',
        description: `"${COMPANY_EXISTS}": this provider state needs the param projectId`,
      },
    });
    const empty = await setup({ params: {} });
    expect(empty.status).toBe(400);
  });
});
