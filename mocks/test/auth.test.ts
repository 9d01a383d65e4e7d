// Credentials, for every operation of the contract (read from the contract, not listed here):
// missing or wrong credentials get 401 / 4010 before anything else is looked at.
import { describe, expect, it } from 'vitest';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import { readOperations } from '../src/http/contract-operations.ts';
import { ACCESS_TOKEN, API_KEY, useMock } from '../../contract-tests/support/mock-under-test.ts';

const mock = useMock();
const operations = readOperations(contractValidator().doc);

function request(op: (typeof operations)[number], authorization: string | undefined): [string, RequestInit] {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  // A body that would be invalid: credentials must be refused before the body is judged.
  const init: RequestInit = { method: op.method, headers };
  if (op.method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = '{"not":"valid"}';
  }
  return [`/api${op.path}`, init];
}

describe.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', (_name, op) => {
  const scheme = op.security[0]?.[0];

  it('answers 401 4010 without credentials, and with the wrong ones', async () => {
    const wrong =
      scheme === 'sessionBearer'
        ? [API_KEY, 'Bearer not-a-token', ACCESS_TOKEN]
        : ['wrong-key', `Bearer ${API_KEY}`, ACCESS_TOKEN];
    for (const authorization of [undefined, ...wrong]) {
      const response = await mock.raw(...request(op, authorization));
      expect([response.status, response.body.code, response.body.title], `${authorization}`).toEqual([
        401,
        '4010',
        'Unauthorized',
      ]);
    }
    expect((await mock.control.state()).projects).toHaveLength(1);
  });

  it('accepts its own credential (the request then fails or succeeds on its merits, never 401)', async () => {
    expect(op.security).toEqual([[scheme]]);
    expect(['apiKey', 'sessionBearer']).toContain(scheme);
    const response = await mock.raw(...request(op, scheme === 'sessionBearer' ? `Bearer ${ACCESS_TOKEN}` : API_KEY));
    expect(response.status).not.toBe(401);
  });
});
