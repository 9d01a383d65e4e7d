// Registers one Fastify route per operation of a contract document, nothing more and nothing
// less; each runs the steps of operation-pipeline.ts (shared with the MSW handlers' fetch-handler.ts)
// at the point of Fastify's life cycle where their input is there: credentials on onRequest
// (before any body is read), the contract checks on preValidation, the handler last.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AllowedMethods } from './allowed-methods.ts';
import type { ContractOperation } from './contract-operations.ts';
import { mockRequestOf } from './fastify-request.ts';
import {
  admit,
  type Authenticate,
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
  const { operations, validator, handlers, authenticate, allowedMethods } = options;
  checkHandlers(operations, handlers);
  for (const op of operations) {
    const handler = handlers[op.operationId]!;
    const callers = new WeakMap<FastifyRequest, Caller>();
    allowedMethods.add(`${app.prefix}${op.path}`, op.method);
    app.route({
      method: op.method,
      url: op.path.replace(/\{(\w+)\}/g, ':$1'),
      ...(op.bodyLimit ? { bodyLimit: op.bodyLimit } : {}),
      onRequest: async (request) => {
        callers.set(request, admit(op, mockRequestOf(request), authenticate));
      },
      preValidation: async (request, reply) => {
        reply.headers(judge(op, validator, mockRequestOf(request)));
      },
      handler: async (request, reply) => {
        const result = await handler(mockRequestOf(request), callers.get(request) as Caller);
        reply.code(result.status ?? 200);
        reply.headers(resultHeaders(result));
        return result.body;
      },
    });
  }
}
