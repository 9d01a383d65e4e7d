// Result types of the client's methods, derived from the generated `paths`.
import type { Client } from 'openapi-fetch';
import type { paths } from '../../openapi/index.ts';
import type { NormalizedEnvelope } from './envelope.ts';

export type ApiClient = Client<paths>;

type Method = 'get' | 'post' | 'put';

/** The JSON body of an operation's 200 response, as the contract gives it. */
export type SuccessBody<P extends keyof paths, M extends Method> =
  NonNullable<paths[P][M]> extends { responses: { 200: { content: { 'application/json': infer Body } } } }
    ? Body
    : never;

/** What a call resolves to: the normalized envelope with the operation's `data`. */
export type Result<P extends keyof paths, M extends Method> = NormalizedEnvelope<
  SuccessBody<P, M> extends { data?: infer Data } ? Data : unknown
>;

/** The query parameters of an operation. */
export type Query<P extends keyof paths, M extends Method> = NonNullable<
  NonNullable<paths[P][M]> extends { parameters: { query?: infer Q } } ? Q : never
>;

/** The JSON request body of an operation. */
export type JsonBody<P extends keyof paths, M extends Method> =
  NonNullable<paths[P][M]> extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;

/**
 * The body of a successful openapi-fetch call. The error middleware throws on every failure and
 * the envelope middleware has normalized the body, so this narrows what openapi-fetch types as the raw body.
 */
export function resultOf<P extends keyof paths, M extends Method>(call: { data?: unknown }): Result<P, M> {
  return call.data as Result<P, M>;
}
