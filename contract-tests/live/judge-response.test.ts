// Each judgement of one exchange passes a conforming answer and fails a broken one with a message
// that names the place: status, content type, JSON, schema, the extra schema, the envelope outcome.
import { describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import type { Exchange } from './exchange.ts';
import { judgeExchange } from './judge-response.ts';
import { liveChecks } from './live-checks.ts';
import { locateOperation } from './operation-index.ts';

const examples = contract.components.examples;

function check(id: string) {
  const found = liveChecks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return { check: found, operation: locateOperation(found.operationId) };
}

function answer(status: number, body: unknown, contentType: string | null = 'application/json; charset=utf-8'): Exchange {
  const headers = new Headers(contentType ? { 'content-type': contentType } : {});
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const parsed: Partial<Exchange> = {};
  try {
    parsed.body = JSON.parse(text) as unknown;
  } catch (error) {
    parsed.parseError = (error as Error).message;
  }
  return { url: 'http://127.0.0.1/api/x', status, headers, text, durationMs: 1, ...parsed };
}

const judge = (id: string, response: Exchange) => {
  const { check: c, operation } = check(id);
  return judgeExchange(c, operation, response);
};

describe('judgeExchange', () => {
  it('passes the contract examples', () => {
    expect(judge('listProjects', answer(200, examples.ProjectList.value))).toEqual([]);
    expect(judge('getFundRunSummary', answer(200, examples.FundRunSummaryCompleted.value))).toEqual([]);
    expect(judge('listProjects.withoutCredentials', answer(401, examples.Unauthorized.value))).toEqual([]);
  });

  it('fails an unexpected status', () => {
    expect(judge('getFundRunSummary', answer(404, examples.FundRunNotFound.value))).toEqual([
      { in: 'status', path: '$', message: 'expected HTTP 200, got 404' },
    ]);
  });

  it('fails a missing or non-JSON content type', () => {
    expect(judge('getFundRunSummary', answer(200, examples.FundRunSummaryCompleted.value, null))).toEqual([
      { in: 'headers', path: 'content-type', message: 'must be a JSON media type, got null' },
    ]);
    expect(judge('getFundRunSummary', answer(200, examples.FundRunSummaryCompleted.value, 'application/problem+json'))).toEqual([]);
  });

  it('fails a body that is not JSON', () => {
    const violations = judge('getFundRunSummary', answer(200, '<html>oops</html>', 'application/json'));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ in: 'body', path: '$' });
    expect(violations[0]?.message).toMatch(/^is not JSON .*<html>oops<\/html>$/);
  });

  it('fails a body the operation schema forbids, with its JSON path', () => {
    const broken = structuredClone(examples.FundRunSummaryCompleted.value);
    (broken.data.figures[0] as { value: unknown }).value = 'a lot';
    expect(judge('getFundRunSummary', answer(200, broken))).toContainEqual({ in: 'body', path: '$.data.figures[0].value', message: 'must be number' });
  });

  it('judges the company list as ProjectListPage too, which the anyOf with the lookup result would let through', () => {
    const lookupShaped = { code: '1000', title: 'Successful', description: '', data: { id: 'x' } };
    const violations = judge('listProjects', answer(200, lookupShaped));
    expect(violations.every((v) => v.message.endsWith('(as ProjectListPage)'))).toBe(true);
    expect(violations).toContainEqual({ in: 'body', path: '$.data', message: 'must be array (as ProjectListPage)' });
  });

  it('fails a success whose envelope does not say 1000/Successful/"" and a 401 that is not 4010', () => {
    const wrongSuccess = { ...examples.FundRunSummaryCompleted.value, metadata: { code: '5000', title: 'Successful', description: 'ok' } };
    expect(judge('getFundRunSummary', answer(200, wrongSuccess))).toEqual([
      { in: 'body', path: '$.metadata.code', message: 'must be "1000" on HTTP 200, got "5000"' },
      { in: 'body', path: '$.metadata.description', message: 'must be "" on HTTP 200, got "ok"' },
    ]);
    const wrongRefusal = { ...examples.Unauthorized.value, code: 'Error0' };
    expect(judge('listProjects.withoutCredentials', answer(401, wrongRefusal))).toEqual([
      { in: 'body', path: '$.code', message: 'must be "4010" on HTTP 401, got "Error0"' },
    ]);
  });
});
