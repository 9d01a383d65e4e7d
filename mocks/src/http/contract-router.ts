// Registers one Fastify route per operation of a contract document, nothing more and nothing
// less: credentials are checked first (onRequest, before any body is read), then parameters and
// JSON bodies against the contract (undeclared body properties are accepted and named in
// X-Mock-Unknown-Fields), then the operation's handler runs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AllowedMethods } from './allowed-methods.ts';
import { refuseEncodedBody } from './content-encoding.ts';
import type { ContractOperation } from './contract-operations.ts';
import { errors, MockHttpError } from './errors.ts';
import { GAP_HEADER } from './gap-header.ts';
import { hasBody } from './request-body.ts';
import type { RequestValidator } from './request-validator.ts';
import { UNKNOWN_FIELDS_HEADER, unknownFieldsHeader } from './unknown-fields.ts';

export interface RouteResult {
  status?: number;
  body: unknown;
  /** Open facts this response answers, sent as `X-Mock-Gap`. */
  gaps?: string[];
}

export type RouteHandler<Caller> = (
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
) => Promise<RouteResult>;

export interface ContractRouterOptions<Caller> {
  operations: ContractOperation[];
  validator: RequestValidator;
  handlers: Record<string, RouteHandler<Caller>>;
  /** Throws (401) unless the request satisfies one of the security alternatives. */
  authenticate: (security: string[][], request: FastifyRequest) => Caller;
  /** Collects the method of each route, for the 405 answers of the not-found handler. */
  allowedMethods: AllowedMethods;
}

export function registerContractRoutes<Caller>(app: FastifyInstance, options: ContractRouterOptions<Caller>): void {
  const { operations, validator, handlers, authenticate, allowedMethods } = options;
  const ids = new Set(operations.map((op) => op.operationId));
  const stray = Object.keys(handlers).filter((id) => !ids.has(id));
  if (stray.length) throw new Error(`Handlers for operations the contract does not have: ${stray.join(', ')}`);

  for (const op of operations) {
    const handler = handlers[op.operationId];
    if (!handler) throw new Error(`No handler for operation ${op.operationId}`);
    const callers = new WeakMap<FastifyRequest, Caller>();
    allowedMethods.add(`${app.prefix}${op.path}`, op.method);
    app.route({
      method: op.method,
      url: op.path.replace(/\{(\w+)\}/g, ':$1'),
      onRequest: async (request) => {
        callers.set(request, authenticate(op.security, request));
        refuseEncodedBody(request.headers);
      },
      preValidation: async (request, reply) => {
        if (op.jsonBodyPointer && hasBody(request.headers) && !isJson(request.headers['content-type'])) {
          throw new MockHttpError(
            415,
            'MOCK_UNSUPPORTED_MEDIA_TYPE',
            'Unsupported media type',
            `This call takes application/json, not ${request.headers['content-type'] ?? 'a body without content type'}`,
            'error code and HTTP status for a malformed request',
          );
        }
        const messages = [
          ...validator.parameterErrors(op, { query: request.query, headers: request.headers, params: request.params }),
          ...(op.multipart ? [] : validator.bodyErrors(op, request.body)),
        ];
        if (messages.length) throw errors.invalidRequest(messages.join('; '));
        const unknown = validator.unknownBodyFields(op, request.body);
        if (unknown.length) reply.header(UNKNOWN_FIELDS_HEADER, unknownFieldsHeader(unknown));
      },
      handler: async (request, reply) => {
        const result = await handler(request, reply, callers.get(request) as Caller);
        reply.code(result.status ?? 200);
        if (result.gaps?.length) reply.header(GAP_HEADER, [...new Set(result.gaps)].join('; '));
        return result.body;
      },
    });
  }
}

function isJson(contentType: string | undefined): boolean {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  return essence === 'application/json' || (essence?.endsWith('+json') ?? false);
}
