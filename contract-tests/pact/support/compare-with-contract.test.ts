// The pact-versus-contract checker judges pacts against the published contract itself (no derived
// copy): it accepts what the contract allows and fails, naming the spot, on what it forbids.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bundled from '../../../generated/openapi.json' with { type: 'json' };
import { multipartBody, multipartContentType } from '../../fuzz/multipart-body.ts';
import { DATA_ROOM_PDF, DATA_ROOM_XLSX, type DataRoomFile } from '../../support/real-documents.ts';
import { comparePactsWithContract, formatFindings } from './compare-with-contract.ts';
import { serverBasePath } from '../../../mocks/prism/prism-document.ts';
import { FUND_RUN_ID } from '../funds/fund-expectations.ts';
import { recordAllowingPactRace } from './http-consumer.ts';
import { SUCCESS_OUTCOME } from './matchers.ts';
import { pactFilePath } from '../../../conformance/src/pact/pact-location.ts';

const { like, regex } = MatchersV3;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pact-compare-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes a one-interaction pact: the expected fund read answers `data`. */
async function fundReadPact(
  name: string,
  path: string,
  data: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<string> {
  const pact = new PactV4({ consumer: `compare-${name}`, provider: 'compare-provider', dir, logLevel: 'error' });
  await recordAllowingPactRace(() =>
    pact
      .addInteraction()
      .uponReceiving(`a fund read (${name})`)
      .withRequest('GET', path, (b) =>
        b.query({ fundExtractionId: FUND_RUN_ID }).headers({ Authorization: like('mock-api-key'), ...headers }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ metadata: SUCCESS_OUTCOME, data }))
      .executeTest(async (server) => {
        await fetch(`${server.url}${path}?fundExtractionId=${FUND_RUN_ID}`, {
          headers: { Authorization: 'mock-api-key', ...headers },
        });
      }),
  );
  return pactFilePath(`compare-${name}`, 'compare-provider', dir);
}

/**
 * A V4 pact file with one fund upload, its multipart body as Pact writes it (base64 content): the
 * comparator reads what the wire carries, one `files` part per file.
 */
async function uploadPact(name: string, parts: Parameters<typeof multipartBody>[0]): Promise<string> {
  const boundary = 'compare-boundary';
  const file = join(dir, `upload-${name}.json`);
  const interaction = {
    type: 'Synchronous/HTTP',
    description: `a data-room upload (${name})`,
    request: {
      method: 'POST',
      path: '/api/integrationfund/fund/upload',
      headers: { Authorization: ['mock-api-key'], 'Content-Type': [multipartContentType(boundary)] },
      body: {
        contentType: multipartContentType(boundary),
        encoded: 'base64',
        content: Buffer.from(multipartBody(parts, boundary)).toString('base64'),
      },
    },
    response: {
      status: 200,
      headers: { 'Content-Type': ['application/json'] },
      body: {
        contentType: 'application/json',
        encoded: false,
        content: bundled.components.examples.FundUploadResult.value,
      },
    },
  };
  const pact = {
    consumer: { name: 'compare-upload' },
    provider: { name: 'compare-provider' },
    interactions: [interaction],
    metadata: { pactSpecification: { version: '4.0' } },
  };
  await writeFile(file, JSON.stringify(pact));
  return file;
}

const filesPart = (file: DataRoomFile) => ({
  name: 'files',
  filename: file.name,
  contentType: file.contentType,
  content: file.data,
});
const pdfPart = filesPart(DATA_ROOM_PDF);
const xlsxPart = filesPart(DATA_ROOM_XLSX);

describe('the published contract as the comparator reads it', () => {
  it('names its base path for the comparator, the same as its server path', () => {
    expect(bundled.info['x-opc-config-base-path']).toBe(serverBasePath());
    expect(serverBasePath()).toBe('/api');
    expect(Object.keys(bundled.paths).filter((p) => p.startsWith('/api/'))).toEqual([]);
  });

  it('without that base path, every interaction would be an unknown path', async () => {
    const file = await fundReadPact('no-base-path', '/api/integrationfund/fund', { status: 'completed' });
    const { ['x-opc-config-base-path']: _basePath, ...info } = bundled.info;
    const report = await comparePactsWithContract([file], { ...bundled, info });
    expect(report.errors.map((e) => e.code)).toEqual(['request.path-or-method.unknown']);
  });
});

describe('fund uploads (multipart, one part per file)', () => {
  it.each([
    ['one PDF', [pdfPart]],
    ['a PDF and an XLSX workbook', [pdfPart, xlsxPart]],
    ['one file into an earlier folder', [pdfPart, { name: 'folderPath', content: 'uploads/ws-4821/fund-7f3a2c' }]],
  ])('accepts %s', async (name, parts) => {
    const report = await comparePactsWithContract([await uploadPact(name.replace(/\W+/g, '-'), parts)]);
    expect(report.interactionsChecked).toBe(1);
    expect(report.errors, formatFindings(report.errors)).toEqual([]);
  });

  it('fails an upload without any files part, naming the field', async () => {
    const report = await comparePactsWithContract([
      await uploadPact('no-files', [{ name: 'folderPath', content: 'uploads/ws-4821/fund-7f3a2c' }]),
    ]);
    expect(report.errors.map((e) => [e.code, e.message])).toEqual([
      ['request.body.incompatible', expect.stringContaining("must have required property 'files'")],
    ]);
  });
});

describe('warnings', () => {
  it('sets apart the Content-Type warning the specification makes unavoidable, and fails any other', async () => {
    const report = await comparePactsWithContract([
      await fundReadPact(
        'content-type',
        '/api/integrationfund/fund',
        { status: 'completed' },
        { 'Content-Type': 'application/json' },
      ),
    ]);
    expect(report.errors).toEqual([]);
    expect(report.expectedWarnings).toEqual([]);
    expect(report.warnings.map((w) => w.code)).toEqual(['request.content-type.unknown']);
  });
});

describe('comparePactsWithContract', () => {
  it('passes an expectation the contract allows', async () => {
    const file = await fundReadPact('allowed', '/api/integrationfund/fund', {
      status: regex('^(pending|running|completed|error)$', 'completed'),
    });
    const report = await comparePactsWithContract([file]);
    expect(report.interactionsChecked).toBe(1);
    expect(report.errors, formatFindings(report.errors)).toEqual([]);
  });

  it('fails on a fund status outside the enum, naming the field', async () => {
    const file = await fundReadPact('bad-status', '/api/integrationfund/fund', { status: 'finished' });
    const report = await comparePactsWithContract([file]);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({
      code: 'response.body.incompatible',
      location: expect.stringContaining('response.body.data.status'),
    });
  });

  it('fails on a field the contract does not have', async () => {
    const file = await fundReadPact('extra-field', '/api/integrationfund/fund', {
      status: 'completed',
      progressPercent: 40,
    });
    const report = await comparePactsWithContract([file]);
    expect(formatFindings(report.errors)).toContain('progressPercent');
  });

  it('fails on a path without the /api prefix, which the service does not serve', async () => {
    const file = await fundReadPact('no-prefix', '/integrationfund/fund', { status: 'completed' });
    const report = await comparePactsWithContract([file]);
    expect(report.errors.map((e) => e.code)).toEqual(['request.path-or-method.unknown']);
  });
});
