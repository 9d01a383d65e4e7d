import { describe, expect, it } from 'vitest';
import type { components } from '../../generated/types.ts';
import { exampleValue } from './support/every-operation.ts';
import { clientWith, jsonResponse, metadataBody } from './doubles/fake-fetch.ts';

type FullReport = components['schemas']['FullReport'];
type AnalysisStatus = components['schemas']['AnalysisStatus'];

const REPORT = (exampleValue('FullReportSelected') as { data: FullReport }).data;
const PROJECT_ID = '0b5e7c2a-6d1f-4a8e-9c3b-2f4d6e8a1c50';
const ANALYSIS = REPORT.projectDetail.analyses[0]!;

/** A full report whose analysis moves through the given statuses, then keeps the last one. */
function fullReportRead(statuses: AnalysisStatus[]) {
  let reads = 0;
  return () => {
    const status = statuses[Math.min(reads++, statuses.length - 1)]!;
    const analyses = [{ ...ANALYSIS, status }];
    return jsonResponse(200, metadataBody({ ...REPORT, projectDetail: { ...REPORT.projectDetail, analyses } }));
  };
}

describe('waitForAnalysis', () => {
  it('polls the full report of the project until the analysis is completed', async () => {
    const { client, requests } = clientWith(fullReportRead(['pending', 'progress', 'completed']));
    const seen: string[] = [];
    const analysis = await client.waitForAnalysis(PROJECT_ID, ANALYSIS.id, {
      intervalMs: 5,
      onProgress: (a) => seen.push(a.status),
    });
    expect(analysis).toEqual({ ...ANALYSIS, status: 'completed' });
    expect(seen).toEqual(['pending', 'progress', 'completed']);
    for (const r of requests) {
      const url = new URL(r.url);
      expect(url.pathname).toBe('/api/integration/project/fullreport');
      expect(url.searchParams.get('projectId')).toBe(PROJECT_ID);
    }
  });

  it('resolves with a failed analysis: a result, not an error', async () => {
    const { client } = clientWith(fullReportRead(['pending', 'failed']));
    await expect(client.waitForAnalysis(PROJECT_ID, ANALYSIS.id, { intervalMs: 5 })).resolves.toMatchObject({
      status: 'failed',
    });
  });

  it('fails with kind timeout when the analysis stays pending', async () => {
    const { client } = clientWith(fullReportRead(['pending']));
    await expect(
      client.waitForAnalysis(PROJECT_ID, ANALYSIS.id, { intervalMs: 5, timeoutMs: 40 }),
    ).rejects.toMatchObject({
      kind: 'timeout',
      description: expect.stringContaining('did not reach completed or failed within 40 ms'),
    });
  });

  it('fails with kind not-found when the project does not list the analysis', async () => {
    const { client } = clientWith(fullReportRead(['completed']));
    await expect(client.waitForAnalysis(PROJECT_ID, 'another-analysis', { intervalMs: 5 })).rejects.toMatchObject({
      kind: 'not-found',
    });
  });
});
