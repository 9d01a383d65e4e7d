import { describe, expect, it } from 'vitest';
import { exampleValue } from './support/every-operation.ts';
import { clientWith, jsonResponse, metadataBody, SUCCESS, topLevelBody } from './doubles/fake-fetch.ts';
import { normalizeEnvelope } from '../src/envelope.ts';

const FUND_SUMMARY = (exampleValue('FundRunSummaryCompleted') as { data: unknown }).data;
const PAGINATION = { page: 1, totalCount: 1, pageSize: 10, nextPage: false };

describe('envelope normalization', () => {
  it.each([
    ['metadata', metadataBody(FUND_SUMMARY)],
    ['top-level', topLevelBody(FUND_SUMMARY)],
  ])('reads a %s success the same way', async (_placement, body) => {
    const { client } = clientWith(() => jsonResponse(200, body));
    const result = await client.getFundRunSummary('9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d');
    expect(result).toEqual({ ...SUCCESS, data: FUND_SUMMARY });
    expect(result).not.toHaveProperty('metadata');
    expect(result.data.status).toBe('completed');
  });

  it.each([
    ['metadata', metadataBody([], PAGINATION)],
    ['top-level', topLevelBody([], PAGINATION)],
  ])('keeps pagination from a %s list', async (_placement, body) => {
    const { client } = clientWith(() => jsonResponse(200, body));
    const { value } = await client.listProjects().next();
    expect(value).toEqual({ ...SUCCESS, data: [], pagination: PAGINATION });
  });

  it.each([
    ['metadata', exampleValue('UnauthorizedMetadata')],
    ['top-level', exampleValue('Unauthorized')],
  ])('reads a %s error the same way', async (_placement, body) => {
    const { client } = clientWith(() => jsonResponse(401, body));
    await expect(client.searchProjects('helio')).rejects.toMatchObject({
      kind: 'unauthorized',
      status: 401,
      code: '4010',
      title: 'Unauthorized',
      description: 'Invalid or missing credentials',
    });
  });

  it('gives data null when the envelope has none, and prefers metadata when both placements appear', () => {
    expect(normalizeEnvelope({ code: '1000', title: 'Successful', description: '' })).toEqual({
      ...SUCCESS,
      data: null,
    });
    expect(
      normalizeEnvelope({ metadata: SUCCESS, code: '4010', title: 'Unauthorized', description: 'x', data: 1 }),
    ).toEqual({ ...SUCCESS, data: 1 });
  });

  it('recognises no envelope in bodies that lack a string code, title or description', () => {
    for (const body of [
      null,
      [],
      'text',
      {},
      { data: 1 },
      { metadata: { code: 1000, title: 'x', description: '' } },
      { code: '1000', title: 'x' },
    ]) {
      expect(normalizeEnvelope(body), JSON.stringify(body)).toBeUndefined();
    }
  });

  it('refuses a 2xx body that is not an envelope instead of handing back undefined data', async () => {
    const { client } = clientWith(() => jsonResponse(200, { fundExtractionId: 'x' }));
    await expect(client.getFundRunSummary('x')).rejects.toMatchObject({
      kind: 'invalid-response',
      status: 200,
      code: null,
    });
  });
});
