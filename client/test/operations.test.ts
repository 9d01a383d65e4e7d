import { describe, expect, it } from 'vitest';
import { normalizeEnvelope } from '../src/envelope.ts';
import { everyOperation, FIXTURE_OPERATION_IDS } from './support/every-operation.ts';
import { BASE_URL, clientWith, jsonResponse, metadataBody } from './doubles/fake-fetch.ts';

const cases = everyOperation();

describe('one client method per operation of the contract', () => {
  it('names a method after every operationId, and the fixture calls each one', () => {
    const { client } = clientWith(() => jsonResponse(500, {}));
    const ids = cases.map((c) => c.operationId).sort();
    expect(ids).toHaveLength(15);
    for (const id of ids) expect(typeof (client as Record<string, unknown>)[id], id).toBe('function');
    expect([...FIXTURE_OPERATION_IDS].sort()).toEqual(ids);
  });

  it.each(cases)(
    '$operationId: $method $path under the /api base URL, example in, normalized example out',
    async (c) => {
      const { client, requests } = clientWith(() => jsonResponse(200, c.responseExample));
      const result = await c.invoke(client);
      expect(requests).toHaveLength(1);
      const request = requests[0] as Request;
      expect(request.method).toBe(c.method);
      expect(new URL(request.url).pathname).toBe(`${new URL(BASE_URL).pathname}${c.path}`);
      if (c.requestExample !== undefined) {
        expect(request.headers.get('Content-Type')).toBe('application/json');
        expect(await request.json()).toEqual(c.requestExample);
      }
      expect(result).toEqual(normalizeEnvelope(c.responseExample));
      expect(result).toMatchObject({ code: '1000', title: 'Successful', description: '' });
    },
  );

  it('sends the query parameters of a read', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, metadataBody({})));
    await client.getFullReport({ projectId: 'p-1', analysisId: 'a-1', sections: 'votes,investments' });
    // Keys as an array (a part key the specification names, then a chapter key): the same wire form.
    await client.getFullReport({ projectId: 'p-1', sections: ['votes', 'marketOverview'] });
    await client.getAnalysisDetail('a-2');
    await client.getProject('p-3');
    expect(requests.map((r) => new URL(r.url).search)).toEqual([
      '?projectId=p-1&analysisId=a-1&sections=votes%2Cinvestments',
      '?projectId=p-1&sections=votes%2CmarketOverview',
      '?analysisId=a-2',
      '?id=p-3',
    ]);
  });

  it('sends the analysisid header with a manual analysis upload', async () => {
    const { client, requests } = clientWith(() => jsonResponse(200, metadataBody(null)));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'deck.pdf');
    await client.uploadAnalysisFiles('a-9', form);
    expect(requests[0]?.headers.get('analysisid')).toBe('a-9');
    expect(requests[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
  });
});
