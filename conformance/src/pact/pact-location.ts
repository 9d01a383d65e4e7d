// Where the pact files live and who the participants are; every suite and checker reads these.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Pact files are produced by the test run (git-ignored), never committed. */
export const PACT_DIR = fileURLToPath(new URL('../../../contract-tests/pacts/', import.meta.url));

export const HTTP_CONSUMER = 'portfolio-integration-client';
export const HTTP_PROVIDER = 'portfolio-integration-service';
export const MESSAGE_CONSUMER = 'portfolio-webhook-receiver';
export const MESSAGE_PROVIDER = 'portfolio-integration-service-events';

export function pactFilePath(consumer: string, provider: string, dir = PACT_DIR): string {
  return join(dir, `${consumer}-${provider}.json`);
}

/** Pact merges into an existing file; a pipeline starts from none so no stale interaction survives. */
export async function removePactFile(consumer: string, provider: string, dir = PACT_DIR): Promise<void> {
  await rm(pactFilePath(consumer, provider, dir), { force: true });
}
