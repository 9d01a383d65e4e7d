// The pact-versus-contract checker accepts what the contract allows and fails, naming the spot, on a
// consumer expectation it forbids.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bundled from '../../../generated/openapi.json' with { type: 'json' };
import { comparePactsWithContract, formatFindings } from './compare-with-contract.ts';
import { serverBasePath } from '../../../mocks/prism/prism-document.ts';
import { contractForComparator } from './comparator-contract.ts';
import { FUND_RUN_ID } from '../funds/fund-expectations.ts';
import { recordAllowingPactRace } from './http-consumer.ts';
import { SUCCESS_OUTCOME } from './matchers.ts';
import { pactFilePath } from './pact-location.ts';

const { like, regex } = MatchersV3;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pact-compare-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes a one-interaction pact: the expected fund read answers `data`. */
async function fundReadPact(name: string, path: string, data: Record<string, unknown>): Promise<string> {
  const pact = new PactV4({ consumer: `compare-${name}`, provider: 'compare-provider', dir, logLevel: 'error' });
  await recordAllowingPactRace(() =>
    pact
      .addInteraction()
      .uponReceiving(`a fund read (${name})`)
      .withRequest('GET', path, (b) => b.query({ fundExtractionId: FUND_RUN_ID }).headers({ Authorization: like('mock-api-key') }))
      .willRespondWith(200, (b) => b.jsonBody({ metadata: SUCCESS_OUTCOME, data }))
      .executeTest(async (server) => {
        await fetch(`${server.url}${path}?fundExtractionId=${FUND_RUN_ID}`, { headers: { Authorization: 'mock-api-key' } });
      }),
  );
  return pactFilePath(`compare-${name}`, 'compare-provider', dir);
}

describe('the contract with the base path', () => {
  it('takes the prefix from the server URL and keeps the bundled contract unchanged', () => {
    const derived = contractForComparator();
    expect(serverBasePath(derived)).toBe('/api');
    expect(Object.keys(derived.paths as object)).toContain('/api/integrationfund/fund');
    expect(Object.keys(bundled.paths)).toContain('/integrationfund/fund');
    expect(Object.keys(bundled.paths).filter((p) => p.startsWith('/api/'))).toEqual([]);
  });

  it('lets a multipart array arrive as one part, which is how the comparator reads repeated parts', () => {
    const paths = contractForComparator().paths as Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>;
    const files = paths['/api/integrationfund/fund/upload']!.post.requestBody.content['multipart/form-data']!.schema.properties.files;
    expect(files).toEqual({ anyOf: [expect.objectContaining({ type: 'array' }), expect.objectContaining({ type: 'string', format: 'binary' })] });
    expect(bundled.paths['/integrationfund/fund/upload'].post.requestBody.content['multipart/form-data'].schema).toEqual({ $ref: '#/components/schemas/FundUploadRequest' });
  });
});

describe('the contract with JSON content type on bodiless calls', () => {
  it('says the company list and webhook read consume JSON, and no other bodiless call', () => {
    const paths = contractForComparator().paths as Record<string, Record<string, { consumes?: string[] }>>;
    expect(paths['/api/integration/projects']!.get!.consumes).toEqual(['application/json']);
    expect(paths['/api/integration/webhook']!.get!.consumes).toEqual(['application/json']);
    expect(paths['/api/integrationfund/fund']!.get!.consumes).toBeUndefined();
    expect(paths['/api/integration/project/search']!.get!.consumes).toBeUndefined();
    expect(JSON.stringify(bundled)).not.toContain('"consumes"');
  });

  it('refuses a contract where a listed call has gained a body', () => {
    const changed = structuredClone(bundled) as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    changed.paths['/integration/projects']!.get!.requestBody = { content: { 'application/json': { schema: {} } } };
    expect(() => contractForComparator(changed)).toThrow('GET /integration/projects is no longer a bodiless operation');
  });
});

describe('comparePactsWithContract', () => {
  it('passes an expectation the contract allows', async () => {
    const file = await fundReadPact('allowed', '/api/integrationfund/fund', { status: regex('^(pending|running|completed|error)$', 'completed') });
    const report = await comparePactsWithContract([file]);
    expect(report.interactionsChecked).toBe(1);
    expect(report.errors, formatFindings(report.errors)).toEqual([]);
  });

  it('fails on a fund status outside the enum, naming the field', async () => {
    const file = await fundReadPact('bad-status', '/api/integrationfund/fund', { status: 'finished' });
    const report = await comparePactsWithContract([file]);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ code: 'response.body.incompatible', location: expect.stringContaining('response.body.data.status') });
  });

  it('fails on a field the contract does not have', async () => {
    const file = await fundReadPact('extra-field', '/api/integrationfund/fund', { status: 'completed', progressPercent: 40 });
    const report = await comparePactsWithContract([file]);
    expect(formatFindings(report.errors)).toContain('progressPercent');
  });

  it('fails on a path without the /api prefix, which the service does not serve', async () => {
    const file = await fundReadPact('no-prefix', '/integrationfund/fund', { status: 'completed' });
    const report = await comparePactsWithContract([file]);
    expect(report.errors.map((e) => e.code)).toEqual(['request.path-or-method.unknown']);
  });
});
