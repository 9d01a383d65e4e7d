// The main entry has no file-system access: a path is refused before anything is sent, naming the Node entry.
import { describe, expect, it } from 'vitest';
import { createIntegrationClient } from '../src/index.ts';
import { BASE_URL } from './doubles/fake-fetch.ts';

describe('main entry: fund files', () => {
  it('refuses a file path and names the Node entry, without calling fetch', async () => {
    let calls = 0;
    const client = createIntegrationClient({
      baseUrl: BASE_URL,
      apiKey: 'k',
      fetch: async () => (calls++, new Response()),
    });
    await expect(client.uploadFundFiles(['./report.pdf'])).rejects.toMatchObject({
      kind: 'refused',
      description: expect.stringContaining('@portfolio-integration/client/node'),
    });
    expect(calls).toBe(0);
  });
});
