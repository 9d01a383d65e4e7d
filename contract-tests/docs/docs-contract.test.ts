// Issue 16, point 9, on the contract the site renders: no server URL the site would resolve against
// its own address, no Markdown in the plain-text server descriptions, and `pagination` shown (in
// the placement a page opens with) only on the company list, the one long list. Each check is
// shown once to catch a broken contract.
import { describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { relativeServerUrls, serverTextWithBackticks, successResponsesShowing } from './contract-checks.ts';

type Json = Record<string, any>;
const doc = contract as unknown as Json;
const broken = (change: (copy: Json) => void): Json => {
  const copy = structuredClone(doc);
  change(copy);
  return copy;
};

describe('the servers the site shows', () => {
  it('are absolute URLs (a leading variable made the site print http://127.0.0.1:4010/docs/{origin}/api)', () => {
    expect(doc.servers.length).toBeGreaterThan(1);
    expect(relativeServerUrls(doc)).toEqual([]);
    expect(relativeServerUrls(broken((c) => (c.servers[1].url = '{origin}/api')))).toEqual(['{origin}/api']);
  });

  it('have descriptions without Markdown code spans (printed as literal backticks)', () => {
    expect(serverTextWithBackticks(doc)).toEqual([]);
    expect(serverTextWithBackticks(broken((c) => (c.servers[0].description = 'The mock (`npm start`).')))).toEqual([
      'The mock (`npm start`).',
    ]);
  });

  it('expand with their defaults to the deployment placeholder', () => {
    const [, deployment] = doc.servers as { url: string; variables: Record<string, { default: string }> }[];
    const url = deployment!.url.replace(/\{(\w+)\}/g, (_, name: string) => deployment!.variables[name]!.default);
    expect(new URL(url).href).toBe('https://service.example/api');
  });
});

describe('pagination in the responses the site shows', () => {
  it('appears on the company list only, not on the fund run or any other success (metadata placement, the one shown first)', () => {
    expect(successResponsesShowing(doc, 'pagination')).toEqual(['GET /integration/projects 200']);
    // The metadata envelope carried it before, so every response showed it.
    const withEnvelopePagination = broken(
      (c) =>
        (c.components.schemas.MetadataEnvelope.properties.pagination = { $ref: '#/components/schemas/Pagination' }),
    );
    expect(successResponsesShowing(withEnvelopePagination, 'pagination')).toContain(
      'POST /integrationfund/fund/run 200',
    );
  });
});
