import { describe, expect, it } from 'vitest';
import { clientWith, jsonResponse, metadataBody, topLevelBody } from './doubles/fake-fetch.ts';

const page = topLevelBody([], { page: 0, pageSize: 10, totalCount: 0, nextPage: false });

describe('Content-Type on every request', () => {
  it('says application/json on the bodiless company list (GET /integration/projects)', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, page));
    await client.listProjects().next();
    expect(requests[0]?.method).toBe('GET');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/integration/projects');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('says application/json on the bodiless webhook configuration read (GET /integration/webhook)', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, metadataBody(null)));
    await client.getWebhookConfiguration();
    expect(new URL(requests[0]!.url).pathname).toBe('/api/integration/webhook');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('keeps application/json and the JSON body of a call that has one', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, metadataBody(null)));
    await client.processMessage({ projectId: 'p-1', content: 'hello' });
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(await requests[0]?.json()).toEqual({ projectId: 'p-1', content: 'hello' });
  });

  it('keeps the multipart type and its boundary on an upload', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, metadataBody(null)));
    const form = new FormData();
    form.append('files', new Blob(['%PDF-1.7 deck'], { type: 'application/pdf' }), 'deck.pdf');
    await client.uploadAnalysisFiles('a-1', form);
    const contentType = requests[0]?.headers.get('Content-Type');
    expect(contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    const received = await requests[0]!.formData();
    expect((received.get('files') as File).name).toBe('deck.pdf');
  });
});
