import { describe, expect, it, vi } from 'vitest';
import { contractNode } from '../src/contract-document.ts';
import { exampleValue } from './support/every-operation.ts';
import { clientWith, jsonResponse } from './doubles/fake-fetch.ts';
import { ERROR_KIND_BY_CODE, IntegrationError, isIntegrationError } from '../src/integration-error.ts';

/** Per call: the reads still retry as by default, without the backoff pauses; these tests are about the error, not the waiting. */
const NO_PAUSE = { retry: { baseDelayMs: 0 } };

// One row per code of the specification's error table, with the contract example that carries it.
const CODES = [
  { code: '4010', status: 401, kind: 'unauthorized', example: 'Unauthorized' },
  { code: '5000', status: 500, kind: 'internal-error', example: 'CompanyListServerError' },
  { code: 'Error0', status: 500, kind: 'engine-unavailable', example: 'EngineUnavailable' },
  { code: 'Error100', status: 404, kind: 'not-found', example: 'FundRunNotFound' },
  { code: 'Error131', status: 402, kind: 'no-credits', example: 'NoCredits' },
  { code: 'Error209', status: 400, kind: 'too-many-files', example: 'TooManyFiles' },
  { code: 'Error212', status: 403, kind: 'no-role', example: 'NoRoleOnFund' },
] as const;

describe('typed errors', () => {
  it.each(CODES)(
    '$code (HTTP $status) becomes kind $kind with title and description',
    async ({ code, status, kind, example }) => {
      const body = exampleValue(example) as { code: string; title: string; description: string };
      expect(body.code).toBe(code);
      const { client } = clientWith(() => jsonResponse(status, body));
      const error = await client.startFundRun({ name: 'Fund', folderPath: 'uploads/x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IntegrationError);
      expect(error).toMatchObject({ kind, status, code, title: body.title, description: body.description });
      expect((error as Error).message).toContain(code);
    },
  );

  it('knows exactly the error codes the contract lists', () => {
    const known = contractNode('#/components/schemas/ErrorCode')['x-known-values'] as string[];
    expect(Object.keys(ERROR_KIND_BY_CODE).sort()).toEqual(known.filter((c) => c !== '1000').sort());
  });

  it('keeps an unknown code as the string received', async () => {
    const { client } = clientWith(() =>
      jsonResponse(422, {
        metadata: { code: 'Error777', title: 'Bad field', description: 'name is empty' },
        data: null,
      }),
    );
    await expect(client.createProject({ companyName: '', projectType: 'projectNoAnalysis' })).rejects.toMatchObject({
      kind: 'unknown-code',
      status: 422,
      code: 'Error777',
      title: 'Bad field',
      description: 'name is empty',
    });
  });

  it.each([
    [
      'an HTML page',
      new Response('<html><body>502 Bad Gateway</body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'Content-Type': 'text/html' },
      }),
      /not the contract's envelope \(text\/html\): <html>/,
    ],
    ['an empty body', new Response(null, { status: 503, statusText: 'Service Unavailable' }), /an empty body/],
    [
      'an empty body with Content-Length 0',
      new Response('', { status: 500, headers: { 'Content-Length': '0' } }),
      /an empty body/,
    ],
    ['JSON that is not an envelope', jsonResponse(500, { error: 'boom' }), /\{"error":"boom"\}/],
  ])('answers %s with a clear error, never undefined', async (_what, response, description) => {
    const { client } = clientWith(() => response.clone());
    const error = await client.getAnalysisDetail('a-1', NO_PAUSE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error).toMatchObject({
      kind: 'invalid-response',
      status: response.status,
      code: null,
      description: expect.stringMatching(description),
    });
    expect((error as IntegrationError).title).not.toBe('');
    expect((error as Error).message).toContain('GET /integration/analysis/detail');
  });

  it('turns a failed connection into kind network', async () => {
    const { client } = clientWith(() => {
      throw new TypeError('fetch failed');
    });
    await expect(client.getAnalysisDetail('a-1', NO_PAUSE)).rejects.toMatchObject({
      kind: 'network',
      status: null,
      code: null,
      description: expect.stringContaining('fetch failed'),
    });
  });

  it("names the mock's 409 for an analysis that has not completed: kind analysis-not-completed", async () => {
    const { client } = clientWith(() =>
      jsonResponse(409, {
        code: 'MOCK_ANALYSIS_NOT_COMPLETED',
        title: 'Analysis not completed',
        description: 'd',
        data: null,
      }),
    );
    await expect(client.getAnalysisDetail('a-1', NO_PAUSE)).rejects.toMatchObject({
      kind: 'analysis-not-completed',
      status: 409,
      code: 'MOCK_ANALYSIS_NOT_COMPLETED',
    });
  });

  it('recognises an IntegrationError of another copy of the module (the CommonJS build beside the ESM one)', async () => {
    const other = (await import(
      `../src/integration-error.ts?copy=${Date.now()}`
    )) as typeof import('../src/integration-error.ts');
    expect(other.IntegrationError).not.toBe(IntegrationError);
    const foreign = other.IntegrationError.refused('Refused', 'by the other copy');
    expect(isIntegrationError(foreign, 'refused')).toBe(true);
    expect(foreign instanceof IntegrationError).toBe(true);
    expect(isIntegrationError(new Error('plain'))).toBe(false);
    expect(isIntegrationError({ kind: 'refused' })).toBe(false);
  });

  it("carries the cause's reason, and in a browser a hint about CORS", async () => {
    const refused = () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4010'), { code: 'ECONNREFUSED' }),
      });
    };
    const { client } = clientWith(refused);
    const error = (await client.getAnalysisDetail('a-1', NO_PAUSE).catch((e: unknown) => e)) as IntegrationError;
    expect(error.description).toBe(
      'GET /integration/analysis/detail: fetch failed: connect ECONNREFUSED 127.0.0.1:4010',
    );
    vi.stubGlobal('document', {});
    try {
      const inBrowser = (await clientWith(() => {
        throw new TypeError('Failed to fetch');
      })
        .client.getAnalysisDetail('a-1', NO_PAUSE)
        .catch((e: unknown) => e)) as IntegrationError;
      expect(inBrowser.message).toMatch(/Failed to fetch \(in a browser, .*CORS.*--cors.*proxy\)/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
