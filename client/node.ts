// Node entry (`@portfolio-integration/client/node`): everything of the main entry, and a client
// whose fund uploads also take file paths, read lazily from disk.
import { createClientWith, type IntegrationClient, type IntegrationClientOptions } from './create-client.ts';
import { readFundFilePath } from './fund-file-path.ts';

export * from './index.ts';

/** The client, with file paths accepted wherever a fund file is. */
export function createIntegrationClient(options: IntegrationClientOptions): IntegrationClient {
  return createClientWith(options, readFundFilePath);
}
