// A browser consumer of the client's main entry (bundled with esbuild, platform browser; typed with moduleResolution bundler).
import {
  createIntegrationClient,
  parseWebhookEvent,
  type FundFile,
  type WebhookEvent,
} from '@portfolio-integration/client';
import type { webhooks } from '@portfolio-integration/contract';

export async function uploadPicked(input: HTMLInputElement): Promise<string> {
  const files: FundFile[] = [...(input.files ?? [])];
  const client = createIntegrationClient({ baseUrl: `${location.origin}/api`, apiKey: 'from-the-session' });
  const { data } = await client.uploadFundFiles(files);
  return data.folderPath;
}

export const eventName = (body: string): WebhookEvent['event'] => parseWebhookEvent(body).event;
export type Events = keyof webhooks;
