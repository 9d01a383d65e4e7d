// A request as the operation handlers see it, whatever carried it: Fastify (the HTTP mock) or a
// Fetch `Request` (the MSW handlers, http/fetch-handler.ts). Nothing here needs Node.
import type { MockAddress } from '../domain/webhook-url.ts';
import type { ReceivedParts, ReceiveOptions } from '../uploads/parts.ts';
import type { StreamedBody } from '../persistence/import-stream.ts';

export interface MockRequest {
  readonly method: string;
  /** Header values by lower-case name. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** How many Authorization headers arrived (a Fetch `Request` joins repeats: at most 1 there). */
  readonly authorizationCount: number;
  /** Path parameters, decoded. */
  readonly params: Record<string, string>;
  /** Query parameters (coerced in place by the validator). */
  readonly query: Record<string, unknown>;
  /** The parsed JSON body, or undefined. */
  readonly body: unknown;
  /**
   * An operation whose JSON body the HTTP mock streams (`x-mock-streamed-body`): the body as it
   * arrives, its limit, and the contract's judgement of a document (or part of one): its errors and
   * the properties it does not declare; `body` is then undefined. Absent where the body arrives
   * parsed (the MSW handlers).
   */
  readonly streamedBody?: StreamedBody;
  /** Where the caller reached the mock (a webhook receiver may not be the mock itself). */
  readonly address: MockAddress;
  /** The names of the files and fields a multipart body carried, once read (the request journal keeps them). */
  uploaded?: { files: string[]; fields: string[] };
  /** Reads the parts of a multipart body (each file's name, type by content and size). */
  receiveParts(options: ReceiveOptions): Promise<ReceivedParts>;
  /** Sends a request to this same mock (provider states arrange records through the service's own operations). */
  inject(request: Request): Promise<Response>;
}
