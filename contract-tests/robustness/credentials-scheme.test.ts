// Each credential only where the contract puts it: an API key on the webhook calls and a bearer
// token on the API-key calls are both refused with 401 4010, for every operation of the contract.
import { describe, expect, it } from 'vitest';
import { contractOperations } from '../fuzz/contract-operations.ts';
import { contractProblems } from './support/contract-answer.ts';
import { httpCall } from '../support/http-call.ts';
import { useMockProcess } from './support/use-servers.ts';

const API_KEY = 'mock-api-key';
const TOKEN = 'mock-access-token';

const mock = useMockProcess();

const operations = contractOperations().map((op) => [`${op.method} ${op.path}`, op] as const);

describe.each(operations)('%s', (_name, op) => {
  const wrong =
    op.scheme === 'sessionBearer'
      ? [API_KEY, `Bearer ${API_KEY}`, TOKEN]
      : [`Bearer ${TOKEN}`, `Bearer ${API_KEY}`, TOKEN];
  it.each(wrong)('refuses Authorization: %s with 401 4010', async (authorization) => {
    const answer = await httpCall(`${mock.baseUrl}${op.path}`, {
      method: op.method,
      headers: { authorization, 'content-type': 'application/json' },
      body: op.method === 'GET' ? undefined : '{}',
    });
    expect(
      contractProblems(op.operationId, answer, { contractValid: false, expected: { status: 401, code: '4010' } }),
    ).toEqual([]);
  });

  it('accepts its own scheme (the refusals above are about the scheme)', async () => {
    const authorization = op.scheme === 'sessionBearer' ? `Bearer ${TOKEN}` : API_KEY;
    const answer = await httpCall(`${mock.baseUrl}${op.path}`, {
      method: op.method,
      headers: { authorization, 'content-type': 'application/json' },
      body: op.method === 'GET' ? undefined : '{}',
    });
    expect(answer.status).not.toBe(401);
  });
});
