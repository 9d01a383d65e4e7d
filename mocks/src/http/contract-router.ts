// Registers one Fastify route per operation of a contract document, nothing more and nothing
// less; each runs the steps of operation-pipeline.ts (shared with the MSW handlers' fetch-handler.ts)
// at the point of Fastify's life cycle where their input is there: credentials on onRequest
// (before any body is read), the contract checks on preValidation, the handler last.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AllowedMethods } from './allowed-methods.ts';
import type { ContractOperation } from './contract-operations.ts';
import { MockHttpError } from './errors.ts';
import { mockRequestOf } from './fastify-request.ts';
import { closeLingering, drainBriefly } from './streamed-body-drain.ts';
import {
  admit,
  type Authenticate,
  BODY_LIMIT,
  checkHandlers,
  judge,
  type RouteHandler,
  resultHeaders,
} from './operation-pipeline.ts';
import type { RequestValidator } from './request-validator.ts';

export type { RouteHandler, RouteResult } from './operation-pipeline.ts';

export interface ContractRouterOptions<Caller> {
  operations: ContractOperation[];
  validator: RequestValidator;
  handlers: Record<string, RouteHandler<Caller>>;
  /** Throws (401) unless the request satisfies one of the security alternatives. */
  authenticate: Authenticate<Caller>;
  /** Collects the method of each route, for the 405 answers of the not-found handler. */
  allowedMethods: AllowedMethods;
}

export function registerContractRoutes<Caller>(app: FastifyInstance, options: ContractRouterOptions<Caller>): void {
  const { operations, handlers, allowedMethods } = options;
  checkHandlers(operations, handlers);
  for (const op of operations) {
    allowedMethods.add(`${app.prefix}${op.path}`, op.method);
    if (op.streamedBody)
      // A scope of its own: there a JSON body is handed over as it arrives, not parsed (Fastify's
      // parsers are per scope, not per route).
      void app.register(async (scope) => {
        scope.removeContentTypeParser('application/json');
        scope.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
        route(scope, op, options);
      });
    else route(app, op, options);
  }
}

function route<Caller>(app: FastifyInstance, op: ContractOperation, options: ContractRouterOptions<Caller>): void {
  const { validator, handlers, authenticate } = options;
  const handler = handlers[op.operationId]!;
  const callers = new WeakMap<FastifyRequest, Caller>();
  app.route({
    method: op.method,
    url: op.path.replace(/\{(\w+)\}/g, ':$1'),
    ...(op.bodyLimit ? { bodyLimit: op.bodyLimit } : {}),
    onRequest: async (request) => {
      callers.set(request, admit(op, mockRequestOf(request), authenticate));
    },
    preValidation: async (request, reply) => {
      const mock = mockRequestOf(request);
      if (op.streamedBody && request.body instanceof Readable) {
        const limit = op.bodyLimit ?? app.initialConfig.bodyLimit ?? BODY_LIMIT;
        // Refused before a byte is read, as Fastify's own parsers refuse a body declared too long.
        if (Number(request.headers['content-length']) > limit)
          throw new MockHttpError(413, 'MOCK_BODY_TOO_LARGE', 'Body too large', 'Request body is too large');
        const errors = (document: unknown) => validator.bodyErrors(op, document);
        const unknownFields = (document: unknown) => validator.unknownBodyFields(op, document);
        Object.assign(mock, { streamedBody: { body: request.body, limit, errors, unknownFields } });
      }
      reply.headers(judge(op, validator, mock));
    },
    // A streamed body answered before its end (refused, or the handler failed): read briefly, then the connection closed.
    ...(op.streamedBody
      ? {
          onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            if (request.body instanceof Readable && !(await drainBriefly(request.body))) {
              reply.header('connection', 'close');
              closeLingering(request.raw);
            }
            return payload;
          },
        }
      : {}),
    handler: async (request, reply) => {
      const result = await handler(mockRequestOf(request), callers.get(request) as Caller);
      reply.code(result.status ?? 200);
      reply.headers(resultHeaders(result));
      return result.body;
    },
  });
}
