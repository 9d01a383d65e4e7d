// Parity with every option, as the parity test and the parity mutation harness run it against a
// mock seeded by paritySeed (the drive folders below are the seed's) and the gap doubles; and
// through the MSW handlers at an https origin.
import { ACCESS_TOKEN, API_KEY, SECOND_API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import { fetchInSession } from '../../src/mock-session.ts';
import { SHARED_FOLDER } from '../doubles/gap-double.ts';

/** Folders of the seeded user's drive linked to no company, by name and by id. */
export const DRIVE_FOLDER = 'Empty Folder';
export const DRIVE_FOLDER_ID = 'folder-helio-grid';

/** runParity's options with every option on (writes, fund run, drive folders, receiver), in `session` when named. */
export const allOptionsParity = (baseUrl: string, session?: string) => ({
  baseUrl,
  apiKey: API_KEY,
  accessToken: ACCESS_TOKEN,
  secondApiKey: SECOND_API_KEY,
  analysisCost: 1,
  receiverHost: '127.0.0.1',
  driveFolderName: DRIVE_FOLDER,
  driveFolderId: DRIVE_FOLDER_ID,
  driveSharedFolderName: SHARED_FOLDER.name,
  ...(session === undefined ? {} : { session }),
  fundRun: true,
  allowWrites: true,
  fetch: fetchInSession(session),
  timeoutMs: 5_000,
});

/** runParity's options for the fund run alone (writes and --fund-run): what the fund double answers otherwise. */
export const fundRunParity = (baseUrl: string) => ({
  baseUrl,
  apiKey: API_KEY,
  fundRun: true,
  allowWrites: true,
  fetch: fetchInSession(undefined),
  timeoutMs: 5_000,
});

/** Where the https cases reach the MSW handlers: a name at https' default port (443), as a front-end team's code calls them. */
export const MSW_ORIGIN = 'https://portfolio-mock.example';

/** runParity's options through MSW handlers (createHandlers) at MSW_ORIGIN, with writes and the token alone. */
export const mswParity = (handlers: { fetch(request: Request): Promise<Response> }) => ({
  baseUrl: `${MSW_ORIGIN}/api`,
  apiKey: API_KEY,
  accessToken: ACCESS_TOKEN,
  allowWrites: true,
  fetch: (input: string, init?: RequestInit) => handlers.fetch(new Request(input, init)),
  timeoutMs: 5_000,
});
