import { describe, expect, it } from 'vitest';
import type { components } from '../../generated/types.ts';
import { exampleValue } from './support/every-operation.ts';
import { clientWith, jsonResponse, metadataBody } from './doubles/fake-fetch.ts';

type FundRunSummary = components['schemas']['FundRunSummary'];

const COMPLETED = (exampleValue('FundRunSummaryCompleted') as { data: FundRunSummary }).data;
const FAILED = (exampleValue('FundRunSummaryError') as { data: FundRunSummary }).data;
const ID = COMPLETED.fundExtractionId;

/** A fund read that answers each status in turn, then repeats the last one. */
function fundRead(statuses: FundRunSummary['status'][]) {
  let reads = 0;
  return () => {
    const status = statuses[Math.min(reads, statuses.length - 1)] as FundRunSummary['status'];
    reads += 1;
    const base = status === 'error' ? FAILED : COMPLETED;
    return jsonResponse(200, metadataBody({ ...base, status }));
  };
}

describe('waitForFundRun', () => {
  it('polls through pending and running until completed, reporting each read', async () => {
    const { client, requests } = clientWith(fundRead(['pending', 'running', 'running', 'completed']));
    const progress: string[] = [];
    const summary = await client.waitForFundRun(ID, { intervalMs: 5, onProgress: (s) => progress.push(s.status) });
    expect(summary).toEqual(COMPLETED);
    expect(progress).toEqual(['pending', 'running', 'running', 'completed']);
    expect(requests).toHaveLength(4);
    expect(requests.every((r) => new URL(r.url).searchParams.get('fundExtractionId') === ID)).toBe(true);
  });

  it('resolves with the summary and its errorMessage when the run ends in error', async () => {
    const { client } = clientWith(fundRead(['pending', 'error']));
    const summary = await client.waitForFundRun(ID, { intervalMs: 5 });
    expect(summary.status).toBe('error');
    expect(summary.errorMessage).toBe(FAILED.errorMessage);
    expect(summary.errorMessage).toBeTruthy();
  });

  it('gives up with kind timeout when the run never finishes', async () => {
    const { client, requests } = clientWith(fundRead(['running']));
    const started = Date.now();
    // Half a second at 5 ms a pause: many reads even when a loaded machine delays the first ones.
    await expect(client.waitForFundRun(ID, { intervalMs: 5, timeoutMs: 500 })).rejects.toMatchObject({
      kind: 'timeout',
      status: null,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(requests.length).toBeGreaterThan(1);
  });

  it('times out a read that hangs, not only the pauses', async () => {
    const { client } = clientWith(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    await expect(client.waitForFundRun(ID, { timeoutMs: 50 })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('stops with kind aborted when the caller aborts between reads', async () => {
    const { client, requests } = clientWith(fundRead(['running']));
    const controller = new AbortController();
    const wait = client.waitForFundRun(ID, {
      intervalMs: 1_000,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(wait).rejects.toMatchObject({ kind: 'aborted', status: null });
    expect(requests).toHaveLength(1);
  });

  it('stops with kind aborted when the caller aborts during a read, and before the first one', async () => {
    const hanging = clientWith(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        ),
    );
    const controller = new AbortController();
    const wait = hanging.client.waitForFundRun(ID, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(wait).rejects.toMatchObject({ kind: 'aborted' });

    const idle = clientWith(fundRead(['completed']));
    await expect(idle.client.waitForFundRun(ID, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      kind: 'aborted',
    });
    expect(idle.requests).toHaveLength(0);
  });

  it('passes on an HTTP failure of the read as its typed error', async () => {
    const { client } = clientWith(() =>
      jsonResponse(404, {
        code: 'Error100',
        title: 'Not found',
        description: 'No run with that fundExtractionId',
        data: null,
      }),
    );
    await expect(client.waitForFundRun(ID, { intervalMs: 5 })).rejects.toMatchObject({
      kind: 'not-found',
      status: 404,
      code: 'Error100',
    });
  });

  it('refuses options that cannot be waited on', async () => {
    const { client, requests } = clientWith(fundRead(['completed']));
    await expect(client.waitForFundRun(ID, { intervalMs: -1 })).rejects.toMatchObject({ kind: 'refused' });
    await expect(client.waitForFundRun(ID, { timeoutMs: Number.NaN })).rejects.toMatchObject({ kind: 'refused' });
    expect(requests).toHaveLength(0);
  });
});
