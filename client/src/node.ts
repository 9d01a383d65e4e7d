// Node entry (`@portfolio-integration/client/node`): everything of the main entry, and a client
// whose fund uploads also take file paths, read lazily from disk. It imports the main entry (never
// its files), so the built entry shares the main one's classes: `instanceof IntegrationError`
// holds whichever entry threw.
import { readFundFilePath } from './fund-file-path.ts';
import {
  createIntegrationClient as createMainClient,
  type IntegrationClient,
  type IntegrationClientOptions,
} from './index.ts';

export * from './index.ts';
export { readFundFilePath };

/**
 * The client, with file paths accepted wherever a fund file is (read lazily from disk).
 * @example
 * const client = createIntegrationClient({ baseUrl: 'http://127.0.0.1:4010/api', apiKey: 'mock-api-key' });
 * const { folderPath } = await client.uploadDataRoom(['./q4-report.pdf']);
 */
export function createIntegrationClient(options: IntegrationClientOptions): IntegrationClient {
  return createMainClient({ readPath: readFundFilePath, ...options });
}
