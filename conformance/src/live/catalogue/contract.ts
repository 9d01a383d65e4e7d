// The checks every API tester expects, on every operation of the contract: credentials refused,
// the API key refused on the webhook calls, invalid requests and unsupported methods not
// accepted, and (over every answer of the run) conformance to the contract and no undocumented 5xx.
import { contractDocument as contract } from '../../../../openapi/index.ts';
import { codeOf, describeAnswer, isSuccess } from '../answers.ts';
import { NotChecked } from '../not-checked.ts';
import { contractOperations, type OperationId, type OperationLocation } from '../operation-index.ts';
import type { CallAuth, CallRequest } from '../rule-types.ts';
import type { RuleContext } from '../rule.ts';
import type { Rule } from '../rule.ts';

const FREE = { credits: 0, records: 0 };
const BEARER_OPERATIONS = new Set<OperationId>([
  'getWebhookConfiguration',
  'createWebhookConfiguration',
  'updateWebhookConfiguration',
  'listWebhookDeliveries',
]);
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A request missing what the operation requires: no required parameter, an empty body. */
function invalidRequest(op: OperationLocation): CallRequest | undefined {
  const auth = BEARER_OPERATIONS.has(op.operationId) ? 'bearer' : 'apiKey';
  switch (op.operationId) {
    case 'getAnalysisDetail':
    case 'retrieveReport':
    case 'getFullReport':
    case 'getFundRunSummary':
    case 'searchProjects':
      return { auth };
    case 'uploadFundFiles':
      return { auth, form: new FormData() };
    case 'uploadAnalysisFiles':
      return { auth, form: new FormData() };
    case 'createProject':
    case 'processMessage':
    case 'startFundRun':
    case 'createWebhookConfiguration':
    case 'updateWebhookConfiguration':
      return { auth, json: {}, headers: JSON_HEADERS };
    default:
      return undefined;
  }
}

const invalidTargets = (writes: boolean) =>
  contractOperations().filter((op) => (op.method === 'GET') !== writes && invalidRequest(op));

/** The statuses the contract documents for an operation. */
function documentedStatuses(op: { method: string; path: string }): string[] {
  const item = (contract.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>)[op.path];
  return Object.keys(item?.[op.method.toLowerCase()]?.responses ?? {});
}

function notTwoXx(writes: boolean): Rule['check'] {
  return async (ctx) => {
    const skipped: string[] = [];
    for (const op of invalidTargets(writes)) {
      const request = invalidRequest(op) ?? {};
      try {
        const answer = await ctx.call(op.operationId, {
          ...request,
          judge: false,
          spend: writes
            ? { credits: 0, records: 0, record: `${op.operationId} with an empty body (only if wrongly accepted)` }
            : undefined,
        });
        ctx.expect(
          !isSuccess(answer),
          `${op.method} ${op.path} with ${request.json ? 'an empty body' : 'its required input missing'} answered ${describeAnswer(answer)}`,
        );
      } catch (error) {
        if (!(error instanceof NotChecked)) throw error;
        skipped.push(`${op.operationId} (${error.message})`);
      }
    }
    if (skipped.length > 0) ctx.notChecked(`not sent: ${skipped.join('; ')}`);
  };
}

/**
 * Every operation called with a credential it must refuse (`onApiKey` on the API-key calls,
 * `onBearer` on the webhook calls; undefined leaves those out): 401, and code 4010 on the API-key
 * calls. No body is sent, so a service that wrongly accepts the credential still creates nothing.
 */
function refusedEverywhere(onApiKey: CallAuth | undefined, onBearer: CallAuth | undefined, what: string) {
  return async (ctx: RuleContext) => {
    for (const op of contractOperations()) {
      const bearer = BEARER_OPERATIONS.has(op.operationId);
      const auth = bearer ? onBearer : onApiKey;
      if (!auth) continue;
      const answer = await ctx.call(op.operationId, { auth, headers: JSON_HEADERS });
      ctx.expect(
        answer.status === 401 && (bearer || codeOf(answer) === '4010'),
        `${op.method} ${op.path} with ${what} answered ${describeAnswer(answer)}, expected HTTP 401${bearer ? '' : ' 4010'}`,
      );
    }
  };
}

export const contractRules: Rule[] = [
  {
    id: 'contract.no-credentials-401',
    area: 'contract',
    title: 'every operation answers a call without credentials with 401 and code 4010',
    spec: '| 4010 | 401 | all with an API key; webhook configuration with an API key | Invalid or missing credentials (title `Unauthorized`) |',
    operations: contractOperations().map((op) => op.operationId),
    cost: FREE,
    needs: {},
    async check(ctx) {
      for (const op of contractOperations()) {
        const answer = await ctx.call(op.operationId, { auth: 'none', headers: JSON_HEADERS });
        ctx.expect(
          answer.status === 401 && codeOf(answer) === '4010',
          `${op.method} ${op.path} without credentials answered ${describeAnswer(answer)}`,
        );
      }
    },
  },
  {
    id: 'contract.invalid-credentials-401',
    area: 'contract',
    title:
      'every operation refuses an invalid credential with 401 (an invalid API key with code 4010; an unknown session token on the webhook calls)',
    spec: 'A missing or invalid API key gives 401 with code `4010`.',
    operations: contractOperations().map((op) => op.operationId),
    cost: FREE,
    needs: {},
    check: refusedEverywhere('invalidApiKey', 'invalidBearer', 'an invalid credential'),
  },
  {
    id: 'contract.api-key-wrong-scheme-401',
    area: 'contract',
    title: 'every API-key operation refuses the API key sent with a scheme (`Bearer <API key>`) with 401 and code 4010',
    spec: 'Every call sends the header `Authorization` whose value is the API key itself, with no scheme prefix: `Authorization: <API_KEY>`.',
    operations: contractOperations()
      .filter((op) => !BEARER_OPERATIONS.has(op.operationId))
      .map((op) => op.operationId),
    cost: FREE,
    needs: {},
    check: refusedEverywhere('apiKeyAsBearer', undefined, 'Authorization: Bearer <API key>'),
  },
  {
    id: 'contract.session-token-not-an-api-key',
    area: 'contract',
    title:
      'the session token is refused where an API key is required (401 4010), and on the webhook calls without its Bearer scheme (401)',
    spec: 'Every call sends the header `Authorization` whose value is the API key itself, with no scheme prefix: `Authorization: <API_KEY>`.\nThey require `Authorization: Bearer <ACCESS_TOKEN>`, an access token of a signed-in user session issued by an identity provider',
    operations: contractOperations().map((op) => op.operationId),
    cost: FREE,
    needs: { accessToken: true },
    check: refusedEverywhere('bearer', 'rawAccessToken', 'the session token in the wrong place'),
  },
  {
    id: 'contract.webhook-api-key-refused',
    area: 'contract',
    title: 'all four webhook calls refuse an API key with 401 (empty body: nothing could be saved)',
    spec: 'The exception is the webhook configuration and webhook history calls. They do not accept an API key; a call with one returns 401.',
    operations: [...BEARER_OPERATIONS],
    cost: FREE,
    needs: {},
    async check(ctx) {
      for (const op of contractOperations().filter((o) => BEARER_OPERATIONS.has(o.operationId))) {
        const answer = await ctx.call(op.operationId, {
          auth: 'apiKeyOnBearer',
          headers: JSON_HEADERS,
          json: op.method === 'GET' ? undefined : {},
        });
        ctx.expect(
          answer.status === 401,
          `${op.method} ${op.path} with the API key answered ${describeAnswer(answer)}`,
        );
      }
    },
  },
  {
    id: 'contract.invalid-read-not-2xx',
    area: 'contract',
    title: 'a read missing a required parameter is not accepted with a 2xx',
    spec: 'Codes for missing or invalid parameters and for the remaining endpoints: not shown.',
    operations: invalidTargets(false).map((op) => op.operationId),
    cost: FREE,
    needs: {},
    gap: 'the status and code for missing or invalid parameters are not shown',
    check: notTwoXx(false),
  },
  {
    id: 'contract.invalid-write-not-2xx',
    area: 'contract',
    title: 'a write with an empty body or no file is not accepted with a 2xx',
    spec: 'Codes for missing or invalid parameters and for the remaining endpoints: not shown.',
    operations: invalidTargets(true).map((op) => op.operationId),
    // Nothing when refused; a service that wrongly accepts an empty create or message makes a record.
    cost: { credits: 0, records: 2 },
    needs: { writes: true },
    gap: 'the status and code for missing or invalid parameters are not shown',
    check: notTwoXx(true),
  },
  {
    id: 'contract.unsupported-method-not-2xx',
    area: 'contract',
    title: 'every path answers PATCH (a method of none of its operations) with something other than 2xx',
    spec: 'Paths and payloads of List Funds, Fund Data, Update Analysis, Add Comment, Create from HTML, Upload Files (request body), Config, Data Model and Metrics: not shown.',
    operations: contractOperations().map((op) => op.operationId),
    cost: FREE,
    needs: {},
    async check(ctx) {
      const seen = new Set<string>();
      for (const op of contractOperations()) {
        if (seen.has(op.path)) continue;
        seen.add(op.path);
        // The API key on every path: a refusal for the credential is as good as one for the method.
        const answer = await ctx.call(op.operationId, { method: 'PATCH', judge: false });
        ctx.expect(!isSuccess(answer), `PATCH ${op.path} answered ${describeAnswer(answer)}`);
      }
    },
  },
  {
    id: 'contract.responses-conform',
    area: 'contract',
    title: 'every answer of the run has a documented status, a JSON content type and a body that matches the contract',
    spec: 'Envelope rules (all responses in the normal case):',
    operations: [],
    cost: FREE,
    needs: {},
    last: true,
    async check(ctx) {
      const judged = ctx.exchanges().filter((e) => e.contractViolations !== undefined);
      if (judged.length === 0) ctx.notChecked('no answer to judge');
      for (const e of judged) {
        for (const v of e.contractViolations ?? [])
          ctx.expect(false, `${e.method} ${e.url} (${e.ruleId}) HTTP ${e.status ?? '?'}: ${v}`);
      }
    },
  },
  {
    id: 'contract.no-undocumented-5xx',
    area: 'contract',
    title: 'no answer of the run is a 5xx the contract does not document for that operation',
    spec: '| Error0 | 500 | fund upload, fund run, fund detail | The analysis engine cannot be reached; retry later |',
    operations: [],
    cost: FREE,
    needs: {},
    last: true,
    async check(ctx) {
      const answered = ctx.exchanges().filter((e) => e.status !== undefined);
      if (answered.length === 0) ctx.notChecked('no answer to judge');
      for (const e of answered) {
        const status = e.status ?? 0;
        if (status < 500) continue;
        const operation = contractOperations().find((op) => op.operationId === e.operationId);
        const documented =
          operation !== undefined &&
          e.method === operation.method &&
          documentedStatuses(operation).includes(String(status));
        ctx.expect(
          documented,
          `${e.method} ${e.url} (${e.ruleId}) answered ${status}, not documented for ${e.operationId}`,
        );
      }
    },
  },
  {
    id: 'contract.every-operation-succeeds',
    area: 'contract',
    title: 'every operation of the contract was called correctly at least once and answered a conforming 2xx',
    spec: "This single document covers all nine parts of the service's HTTP/JSON interface: company records and analyses, company reports, message intake, fund data-room upload and fund runs, and webhooks.",
    operations: contractOperations().map((op) => op.operationId),
    cost: FREE,
    needs: {},
    last: true,
    async check(ctx) {
      const successes = ctx
        .exchanges()
        .filter((e) => e.judged && e.status !== undefined && e.status >= 200 && e.status < 300);
      const conforming = new Set(
        successes.filter((e) => (e.contractViolations ?? []).length === 0).map((e) => e.operationId),
      );
      const answered = new Set(successes.map((e) => e.operationId));
      for (const op of answered)
        ctx.expect(
          conforming.has(op),
          `every 2xx answer of ${op} breaks the contract (see contract.responses-conform)`,
        );
      const missing = contractOperations()
        .filter((op) => !answered.has(op.operationId))
        .map((op) => op.operationId);
      if (missing.length > 0)
        ctx.notChecked(
          `no 2xx answer from: ${missing.join(', ')} (the rules that call them did not run; see not checked)`,
        );
    },
  },
];
