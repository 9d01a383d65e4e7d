// Handler types derived from generated/types.ts: one handler per operation of the contract, its
// query and JSON body typed as the contract says, its success body checked by the compiler.
import type { operations } from '../../../openapi/index.ts';
import type { UserRecord } from '../domain/records.ts';
import type { MockRequest } from '../http/mock-request.ts';
import type { MockSession } from '../session.ts';

/** Operations served under /api (the `receive*` operations are the webhooks a consumer receives). */
export type ServiceOperation = Exclude<keyof operations, `receive${string}`>;

export type QueryOf<O extends ServiceOperation> = NonNullable<operations[O]['parameters']['query']>;
export type JsonBodyOf<O extends ServiceOperation> = operations[O] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : undefined;
export type SuccessBodyOf<O extends ServiceOperation> = operations[O]['responses'] extends {
  200: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export interface OperationInput<O extends ServiceOperation> {
  request: MockRequest;
  user: UserRecord;
  /** The caller's session (X-Mock-Session): its state and uploaded files. */
  runtime: MockSession;
  /** Validated (and coerced) against the contract before the handler runs. */
  query: QueryOf<O>;
  /** Validated against the contract before the handler runs. */
  body: JsonBodyOf<O>;
}

export interface OperationResult<O extends ServiceOperation> {
  body: SuccessBodyOf<O>;
  gaps?: string[];
}

export type OperationHandler<O extends ServiceOperation> = (
  input: OperationInput<O>,
) => Promise<OperationResult<O>> | OperationResult<O>;

export type ServiceHandlers = { [O in ServiceOperation]: OperationHandler<O> };
