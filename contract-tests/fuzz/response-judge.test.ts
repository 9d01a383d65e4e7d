// The judge accepts answers the contract allows and names each kind of wrong answer.
import { describe, expect, it } from 'vitest';
import { contractValidator, resolvePointer } from '../../conformance/src/contract-validator.ts';
import { operation } from '../robustness/support/contract-answer.ts';
import { judgeResponse, type ObservedResponse } from './response-judge.ts';

const example = (name: string) =>
  structuredClone(
    (resolvePointer(contractValidator().doc, `#/components/examples/${name}`) as { value: unknown }).value,
  );
const answer = (status: number, body: unknown, headers: Record<string, string> = {}): ObservedResponse => ({
  status,
  headers: new Headers({ 'content-type': 'application/json; charset=utf-8', ...headers }),
  bodyText: typeof body === 'string' ? body : JSON.stringify(body),
});
const error = (code: string) => ({ code, title: 't', description: 'd', data: null });
const judge = (
  id: string,
  response: ObservedResponse,
  extra: { contractValid?: boolean; expected?: { status: number; code: string } } = {},
) =>
  judgeResponse({ operation: operation(id), contractValid: extra.contractValid, expected: extra.expected }, response);

describe('response judge', () => {
  it('accepts answers the contract allows', () => {
    expect(judge('listProjects', answer(200, example('ProjectList')), { contractValid: true })).toEqual([]);
    expect(judge('getFundRunSummary', answer(500, example('EngineUnavailable')))).toEqual([]);
    expect(judge('getFundRunSummary', answer(404, error('Error100')))).toEqual([]);
    expect(
      judge(
        'startFundRun',
        answer(400, error('MOCK_INVALID_REQUEST'), { 'x-mock-gap': 'error code for invalid parameters' }),
        { contractValid: false },
      ),
    ).toEqual([]);
    expect(
      judge('listWebhookDeliveries', answer(401, error('4010')), { expected: { status: 401, code: '4010' } }),
    ).toEqual([]);
  });

  it('refuses a server error other than the documented Error0, the company list 5000 included', () => {
    expect(judge('createProject', answer(500, error('MOCK_INTERNAL_ERROR'), { 'x-mock-gap': 'x' })).join()).toMatch(
      /server error other than the documented Error0/,
    );
    expect(judge('listProjects', answer(500, error('5000'))).join()).toMatch(
      /server error other than the documented Error0/,
    );
    expect(judge('createProject', answer(500, error('Error0'), { 'x-mock-gap': 'x' })).join()).toMatch(
      /server error other than the documented Error0/,
    );
  });

  it('refuses a body that is not JSON or not served as JSON', () => {
    expect(judge('listProjects', answer(400, 'Bad Request')).join()).toMatch(/body is not JSON/);
    expect(
      judge('listProjects', {
        ...answer(200, example('ProjectList')),
        headers: new Headers({ 'content-type': 'text/html' }),
      }).join(),
    ).toMatch(/content-type/);
  });

  it('refuses a body that breaks the contract for its status', () => {
    const broken = example('FundRunSummaryCompleted') as { data: { fundId?: string } };
    delete broken.data.fundId;
    expect(judge('getFundRunSummary', answer(200, broken)).join()).toMatch(/breaks the contract.*fundId/);
    expect(judge('getWebhookConfiguration', answer(200, { code: '1000', title: 'Successful' })).join()).toMatch(
      /breaks the contract/,
    );
  });

  it('refuses success for a request the contract does not allow, and codes that contradict the status', () => {
    expect(judge('listProjects', answer(200, example('ProjectList')), { contractValid: false }).join()).toMatch(
      /does not allow/,
    );
    expect(judge('listProjects', answer(200, error('4010'))).join()).toMatch(/success and code 1000 go together/);
    expect(judge('listProjects', answer(401, example('ProjectList'))).join()).toMatch(
      /success and code 1000 go together/,
    );
  });

  it('refuses an answer other than the one the contract prescribes', () => {
    expect(
      judge('getWebhookConfiguration', answer(200, example('WebhookConfigurationCurrent')), {
        expected: { status: 401, code: '4010' },
      }).join(),
    ).toMatch(/prescribes 401 4010/);
  });

  it('refuses an undocumented error without an X-Mock-Gap header', () => {
    expect(judge('processMessage', answer(400, error('MOCK_INVALID_REQUEST'))).join()).toMatch(/no X-Mock-Gap header/);
    expect(judge('startFundRun', answer(404, error('Error100'))).join()).toMatch(/no X-Mock-Gap header/);
  });
});
