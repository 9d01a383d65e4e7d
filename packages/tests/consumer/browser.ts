// A browser consumer of the client's main and receiver entries (bundled with esbuild, platform browser; typed with moduleResolution bundler).
import {
  createIntegrationClient,
  parseWebhookEvent,
  type FundFile,
  type WebhookEvent,
} from '@portfolio-integration/client';
import type { webhooks } from '@portfolio-integration/contract';
import { createWebhookReceiver, fetchHandler } from '@portfolio-integration/client/receiver';

export async function uploadPicked(input: HTMLInputElement): Promise<string> {
  const files: FundFile[] = [...(input.files ?? [])];
  const client = createIntegrationClient({ baseUrl: `${location.origin}/api`, apiKey: 'from-the-session' });
  const { data } = await client.uploadFundFiles(files);
  return data.folderPath;
}

export const eventName = (body: string): WebhookEvent['event'] => parseWebhookEvent(body).event;
export type Events = keyof webhooks;

/** A Worker-style receiver: the /receiver entry bundles with no Node module either. */
export const worker = {
  fetch: fetchHandler(createWebhookReceiver({ on: { changedStatus: ({ data }) => console.log(data.newStatus) } })),
};
