// The change corpus: small programmatic edits of the real contract (generated/openapi.json), each with
// the verdict a careful reviewer gives. Some are also judged reversed (head -> base) where that shows
// something the forward pair does not (the reverse of a widening is a narrowing). `falseAlarm` names a pair the tool rates breaking although it is not,
// and why; the corpus test fails if such a pair stops being a false alarm, so the note cannot go stale.
import type { Direction, Json, Severity } from '../../src/diff/types.ts';

export interface Expectation {
  severity: Severity | 'none';
  /** The direction of the breaking finding (what is sent by whom). */
  direction?: Direction;
  /** A breaking verdict that has a counterexample; false where none exists (a removal of what the service sends). */
  counterexample?: boolean;
  falseAlarm?: string;
  /** A finding's message that must be there (for the findings that are ours, not the walk's). */
  message?: RegExp;
}

export interface ChangePair {
  name: string;
  edit: (doc: Json) => void;
  expect: Expectation;
  reverse?: Expectation;
}

type Any = Record<string, any>;
const schemas = (d: Json) => (d.components as Any).schemas as Any;
const params = (d: Json) => (d.components as Any).parameters as Any;
const op = (d: Json, path: string, method: string) => (d.paths as Any)[path][method] as Any;
const hook = (d: Json, name: string) => (d.webhooks as Any)[name].post as Any;

const breakingRequest: Expectation = { severity: 'breaking', direction: 'request', counterexample: true };
const breakingResponse: Expectation = { severity: 'breaking', direction: 'response', counterexample: true };
const breakingWebhook: Expectation = { severity: 'breaking', direction: 'webhook', counterexample: true };
const compatible: Expectation = { severity: 'non-breaking' };

export const CORPUS: ChangePair[] = [
  // What consumers send: parameters.
  {
    name: 'optional query parameter becomes required',
    edit: (d) => (params(d).Search.required = true),
    expect: breakingRequest,
  },
  {
    name: 'new required query parameter',
    edit: (d) =>
      op(d, '/integration/projects', 'get').parameters.push({
        name: 'tenant',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      }),
    expect: breakingRequest,
    reverse: {
      severity: 'breaking',
      falseAlarm:
        'a removed parameter is rated major by the walk; no request shows a break (the contract allows extra query parameters), so the finding says why it has no counterexample.',
    },
  },
  {
    name: 'new optional header parameter',
    edit: (d) =>
      (op(d, '/integration/project', 'post').parameters = [
        { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
      ]),
    expect: compatible,
  },
  { name: 'parameter minimum raised', edit: (d) => (params(d).PageSize.schema.minimum = 5), expect: breakingRequest },
  { name: 'parameter format added', edit: (d) => (params(d).Keywords.schema.format = 'uuid'), expect: breakingRequest },
  // Request bodies.
  { name: 'request enum value removed', edit: (d) => schemas(d).DriveProvider.enum.pop(), expect: breakingRequest },
  {
    name: 'request enum value removed from a shared enum (request and response)',
    edit: (d) => schemas(d).ProjectType.enum.pop(),
    expect: breakingRequest,
    reverse: breakingResponse,
  },
  {
    name: 'request string maxLength added',
    edit: (d) => (schemas(d).CreateProjectRequest.properties.companyName.maxLength = 10),
    expect: breakingRequest,
  },
  {
    name: 'request string pattern added',
    edit: (d) => (schemas(d).FundRunRequest.properties.name.pattern = '^[A-Z]'),
    expect: breakingRequest,
  },
  {
    name: 'request type changed',
    edit: (d) => (schemas(d).CreateProjectRequest.properties.notesText.type = 'integer'),
    expect: breakingRequest,
  },
  {
    name: 'request property becomes required',
    edit: (d) => schemas(d).FundRunRequest.required.push('refDate'),
    expect: breakingRequest,
  },
  {
    name: 'request closed to unknown properties',
    edit: (d) => (schemas(d).WebhookConfigurationInput.additionalProperties = false),
    expect: breakingRequest,
  },
  {
    name: 'request new optional property',
    edit: (d) => (schemas(d).FundRunRequest.properties.note = { type: 'string' }),
    expect: compatible,
  },
  {
    name: 'request if/then requires one more field',
    edit: (d) => schemas(d).CreateProjectRequest.then.required.push('email'),
    expect: breakingRequest,
  },
  {
    name: 'request if/then removed',
    edit: (d) => {
      delete schemas(d).CreateProjectRequest.if;
      delete schemas(d).CreateProjectRequest.then;
    },
    expect: compatible,
    reverse: breakingRequest,
  },
  {
    name: 'request field widened with anyOf (date or null)',
    edit: (d) =>
      (schemas(d).FundRunRequest.properties.refDate = {
        anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }],
      }),
    expect: {
      severity: 'breaking',
      falseAlarm:
        'the walk rates any added anyOf as major; the search finds no request the new contract refuses (the change only widens), and the finding says so.',
    },
    reverse: breakingRequest,
  },
  {
    name: 'request oneOf branches overlap (an instance matching both is refused)',
    edit: (d) =>
      (schemas(d).FundRunRequest.properties.name = { oneOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] }),
    expect: breakingRequest,
    reverse: {
      severity: 'breaking',
      falseAlarm:
        'the walk reads the removed oneOf as a type narrowed from any to string; no request is refused by the plain string.',
    },
  },
  {
    name: 'request allOf adds a constraint',
    edit: (d) =>
      (schemas(d).ProcessMessageRequest = { allOf: [schemas(d).ProcessMessageRequest, { maxProperties: 1 }] }),
    expect: breakingRequest,
    reverse: {
      severity: 'breaking',
      falseAlarm:
        'the walk does not look through allOf: the same properties moved out of it read as newly required and a type narrowed from any.',
    },
  },
  {
    name: 'request media type removed',
    edit: (d) => {
      const body = op(d, '/integration/webhook', 'post').requestBody;
      body.content = { 'application/merge-patch+json': body.content['application/json'] };
    },
    expect: breakingRequest,
    reverse: breakingRequest,
  },
  {
    name: 'request media type added',
    edit: (d) => {
      const body = op(d, '/integration/webhook', 'post').requestBody;
      body.content['application/x-www-form-urlencoded'] = { schema: body.content['application/json'].schema };
    },
    expect: compatible,
    reverse: breakingRequest,
  },
  // Security.
  {
    name: 'document security switched to another scheme',
    edit: (d) => (d.security = [{ sessionBearer: [] }]),
    expect: breakingRequest,
  },
  {
    name: 'operation accepts a second scheme',
    edit: (d) => (op(d, '/integration/webhook', 'get').security = [{ sessionBearer: [] }, { apiKey: [] }]),
    expect: compatible,
    reverse: breakingRequest,
  },
  {
    name: 'API key moves to another header',
    edit: (d) => ((d.components as Any).securitySchemes.apiKey.name = 'X-API-Key'),
    expect: breakingRequest,
  },
  // Operations and paths.
  {
    name: 'operation removed',
    edit: (d) => delete (d.paths as Any)['/integration/webhook'].put,
    expect: breakingRequest,
    reverse: compatible,
  },
  {
    name: 'path removed',
    edit: (d) => delete (d.paths as Any)['/integration/webhook/history'],
    expect: breakingRequest,
  },
  // What the service sends: responses.
  {
    name: 'response enum value added',
    edit: (d) => schemas(d).FundRunStatus.enum.push('cancelled'),
    expect: breakingResponse,
  },
  {
    name: 'enum shared by request and response gains a value',
    edit: (d) => schemas(d).ProjectMode.enum.push('archive'),
    expect: breakingResponse,
    reverse: breakingRequest,
  },
  {
    name: 'response property no longer required',
    edit: (d) => schemas(d).FundRunSummary.required.pop(),
    expect: breakingResponse,
  },
  {
    name: 'response new required property',
    edit: (d) => {
      schemas(d).WebhookDelivery.properties.attempt = { type: 'integer' };
      schemas(d).WebhookDelivery.required.push('attempt');
    },
    expect: compatible,
    reverse: breakingResponse,
  },
  {
    name: 'response type widened to nullable',
    edit: (d) => (schemas(d).ResponseMetadata.properties.title = { type: ['string', 'null'] }),
    expect: breakingResponse,
  },
  {
    name: 'response string bound added',
    edit: (d) => (schemas(d).WebhookDelivery.properties.statusDescription.maxLength = 500),
    expect: compatible,
    reverse: breakingResponse,
  },
  {
    name: 'response closed to unknown properties',
    edit: (d) => (schemas(d).WebhookConfiguration.additionalProperties = false),
    expect: compatible,
    reverse: breakingResponse,
  },
  {
    name: 'response new media type',
    edit: (d) => {
      const r = op(d, '/integration/webhook/history', 'get').responses['200'];
      r.content['application/xml'] = { schema: { type: 'string' } };
    },
    expect: breakingResponse,
    reverse: compatible,
  },
  {
    name: 'response new status code (the default response already allowed it)',
    edit: (d) =>
      (op(d, '/integration/projects', 'get').responses['409'] = { $ref: '#/components/responses/Unauthorized' }),
    expect: compatible,
    reverse: compatible,
  },
  {
    name: 'response required header added',
    edit: (d) =>
      (op(d, '/integration/projects', 'get').responses['200'].headers = {
        'X-Rate-Limit': { required: true, schema: { type: 'integer' } },
      }),
    expect: compatible,
    reverse: breakingResponse,
  },
  {
    name: 'a new documented error code in the open set',
    edit: (d) => schemas(d).ErrorCode['x-known-values'].push('Error300'),
    expect: { severity: 'non-breaking', message: /Documented values added: \["Error300"\]/ },
  },
  // Both envelope placements.
  {
    name: 'top-level envelope: description no longer required',
    edit: (d) => schemas(d).TopLevelEnvelope.required.pop(),
    expect: breakingResponse,
  },
  {
    name: 'metadata envelope: metadata no longer required',
    edit: (d) => (schemas(d).MetadataEnvelope.required = []),
    expect: breakingResponse,
  },
  {
    name: 'envelope gains a third placement (anyOf branch)',
    edit: (d) =>
      schemas(d).Envelope.anyOf.push({
        type: 'object',
        required: ['status'],
        properties: { status: { type: 'integer' } },
      }),
    expect: breakingResponse,
  },
  {
    name: 'envelope drops the top-level placement',
    edit: (d) => schemas(d).Envelope.anyOf.pop(),
    expect: compatible,
    reverse: breakingResponse,
  },
  // Webhook payloads: sent by the service, judged like responses.
  {
    name: 'webhook payload field no longer required',
    edit: (d) => schemas(d).ChangedStatusEvent.properties.data.required.pop(),
    expect: breakingWebhook,
  },
  {
    name: 'webhook payload gains a required field',
    edit: (d) => {
      const data = schemas(d).ChangedStatusEvent.properties.data;
      data.properties.note = { type: 'string' };
      data.required.push('note');
    },
    expect: compatible,
    reverse: breakingWebhook,
  },
  {
    name: 'webhook payload field becomes oneOf string or integer',
    edit: (d) =>
      (schemas(d).ChangedStatusEvent.properties.data.properties.stage = {
        oneOf: [{ type: 'string' }, { type: 'integer' }],
      }),
    expect: breakingWebhook,
    reverse: {
      severity: 'breaking',
      falseAlarm:
        'the walk rates a removed oneOf major; for a payload the service sends, the plain string is narrower and breaks no receiver.',
    },
  },
  {
    name: 'webhook payload format dropped',
    edit: (d) => delete schemas(d).ChangedStatusEvent.properties.data.properties.changedAt.format,
    expect: breakingWebhook,
  },
  {
    name: 'webhook event const widened',
    edit: (d) => (schemas(d).ChangedStatusEvent.properties.event = { type: 'string' }),
    expect: breakingWebhook,
  },
  {
    name: 'webhook removed',
    edit: (d) => delete (d.webhooks as Any).fundAnalysisCompleted,
    expect: { severity: 'breaking', direction: 'webhook', counterexample: false },
    reverse: compatible,
  },
  {
    name: 'webhook delivery gains a security requirement it sends',
    edit: (d) => (hook(d, 'changedStatus').security = [{ sessionBearer: [] }]),
    expect: {
      severity: 'breaking',
      falseAlarm:
        "the walk reads a webhook security requirement like an operation's (the consumer must now authenticate); for a delivery it is the service that authenticates to the receiver.",
    },
    reverse: breakingWebhook,
  },
  // Documentation only.
  {
    name: 'description edited',
    edit: (d) => (schemas(d).FundRunRequest.description = 'Starts a run.'),
    expect: { severity: 'info' },
  },
  {
    name: 'x-gap closed',
    edit: (d) => delete schemas(d).FundRunStatus['x-gap'],
    expect: { severity: 'info', message: /^Gap closed: The transition into `running`/ },
    reverse: { severity: 'info', message: /^Gap opened: / },
  },
  { name: 'no change', edit: () => undefined, expect: { severity: 'none' } },
];
