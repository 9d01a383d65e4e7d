// Provider states of the fund suites. Folders and fund runs cannot be seeded, so they are made through
// the service's own operations as the mock's users; their generated ids go back to the verifier.
import { callService, setEngineAvailable, settleMock } from '../../support/control-api.ts';
import { resetMock, resetToDefaultSeed, uploadDataRoom } from '../support/mock-control.ts';
import type { ProviderStates } from '../support/provider-states.ts';

export const ENGINE_AVAILABLE = 'the analysis engine is available';
export const ENGINE_UNREACHABLE = 'the analysis engine cannot be reached';
export const NO_SUCH_FOLDER = 'no folder {folderPath} was uploaded by the caller';
export const FOLDER_UPLOADED = 'the caller uploaded a data-room folder';
export const FOLDER_UPLOADED_NO_CREDITS = 'the caller uploaded a data-room folder and the plan has no credits left';
export const FOLDER_TOO_LARGE = 'the caller uploaded a data-room folder of more than 50 files';
export const FUND_RUN_COMPLETED = 'a fund run of the caller completed';
export const NO_SUCH_FUND_RUN = 'no fund run with id {fundExtractionId} exists';
export const FUND_RUN_WITHOUT_ROLE = 'a fund run exists on which the caller has no role';

const RUN = { name: 'Helio Fund I', refDate: '2025-12-31' };

export const fundStates: ProviderStates = {
  [ENGINE_AVAILABLE]: { onMock: resetToDefaultSeed },
  [ENGINE_UNREACHABLE]: {
    async onMock(_params, origin) {
      await resetMock(origin);
      await setEngineAvailable(origin, false);
    },
  },
  [NO_SUCH_FOLDER]: { onMock: resetToDefaultSeed },
  [FOLDER_UPLOADED]: {
    async onMock(_params, origin) {
      const { users } = await resetMock(origin);
      return { folderPath: await uploadDataRoom(origin, users[0]!.apiKey) };
    },
  },
  [FOLDER_UPLOADED_NO_CREDITS]: {
    async onMock(_params, origin) {
      const { users } = await resetMock(origin, { credits: 0 });
      return { folderPath: await uploadDataRoom(origin, users[0]!.apiKey) };
    },
  },
  [FOLDER_TOO_LARGE]: {
    async onMock(_params, origin) {
      const { users } = await resetMock(origin);
      return { folderPath: await uploadDataRoom(origin, users[0]!.apiKey, 51) };
    },
  },
  [FUND_RUN_COMPLETED]: {
    async onMock(_params, origin) {
      const { users } = await resetMock(origin);
      const apiKey = users[0]!.apiKey;
      const run = await callService(origin, apiKey, 'POST', '/integrationfund/fund/run', { ...RUN, folderPath: await uploadDataRoom(origin, apiKey) });
      await settleMock(origin);
      return { fundExtractionId: String(run.fundExtractionId) };
    },
  },
  [NO_SUCH_FUND_RUN]: { onMock: resetToDefaultSeed },
  [FUND_RUN_WITHOUT_ROLE]: {
    async onMock(_params, origin) {
      // The default seed's second user grants the first no role on the funds it creates.
      const { users } = await resetMock(origin);
      const other = users[1]!.apiKey;
      const run = await callService(origin, other, 'POST', '/integrationfund/fund/run', { ...RUN, folderPath: await uploadDataRoom(origin, other) });
      return { fundExtractionId: String(run.fundExtractionId) };
    },
  },
};
