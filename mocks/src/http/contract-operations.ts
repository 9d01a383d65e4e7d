// Reads the operations of an OpenAPI 3.1 document: the single list of routes the mock serves.
// Parameters are resolved through `$ref` to their name and location; schemas stay pointers into
// the document so the request validator compiles them against the document itself.
import { escapePointer, resolvePointer } from '../../../common/src/index.ts';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = Uppercase<(typeof METHODS)[number]>;

export interface ContractParameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required: boolean;
  /** Pointer to the parameter's schema. */
  schemaPointer: string;
}

export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** Path as the document writes it (`/integration/project`). */
  path: string;
  /** Alternatives of security scheme names; empty when the operation needs no credentials. */
  security: string[][];
  parameters: ContractParameter[];
  /** Pointer to the JSON request body schema, when the operation takes JSON. */
  jsonBodyPointer?: string;
  bodyRequired: boolean;
  /** The operation takes `multipart/form-data` (streamed by its handler, not validated up front). */
  multipart: boolean;
  /** A JSON body limit of its own (`x-mock-body-limit` on the request body, bytes); else the server's. */
  bodyLimit?: number;
  /**
   * The HTTP mock hands the JSON body to the handler as it arrives (`x-mock-streamed-body`), not
   * parsed: the handler judges it against the contract as it reads (MockRequest.streamedBody).
   */
  streamedBody?: boolean;
}

function resolve(doc: Json, node: unknown, pointer: string): { node: Json; pointer: string } {
  let current = node as Json;
  let at = pointer;
  while (typeof current?.$ref === 'string') {
    at = current.$ref;
    current = resolvePointer(doc, at) as Json;
    if (!current) throw new Error(`Unresolvable $ref ${at}`);
  }
  return { node: current, pointer: at };
}

export function readOperations(doc: Json): ContractOperation[] {
  const operations: ContractOperation[] = [];
  const rootSecurity = (doc.security as Json[] | undefined) ?? [];
  for (const [path, pathItem] of Object.entries((doc.paths as Json | undefined) ?? {})) {
    const pathPointer = `#/paths/${escapePointer(path)}`;
    const shared = ((pathItem as Json).parameters as unknown[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = (pathItem as Json)[method] as Json | undefined;
      if (!op) continue;
      const opPointer = `${pathPointer}/${method}`;
      if (typeof op.operationId !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const parameters = [
        ...shared.map((p, i) => resolve(doc, p, `${pathPointer}/parameters/${i}`)),
        ...((op.parameters as unknown[] | undefined) ?? []).map((p, i) =>
          resolve(doc, p, `${opPointer}/parameters/${i}`),
        ),
      ].map(({ node, pointer }) => ({
        name: String(node.name),
        in: node.in as ContractParameter['in'],
        required: node.required === true,
        schemaPointer: `${pointer}/schema`,
      }));
      const body = op.requestBody ? resolve(doc, op.requestBody, `${opPointer}/requestBody`) : undefined;
      const content = (body?.node.content as Json | undefined) ?? {};
      const security = ((op.security as Json[] | undefined) ?? rootSecurity).map((req) => Object.keys(req));
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase() as HttpMethod,
        path,
        // An empty alternative means the credentials are optional.
        security: security.some((alt) => alt.length === 0) ? [] : security,
        parameters,
        ...('application/json' in content
          ? { jsonBodyPointer: `${body?.pointer}/content/application~1json/schema` }
          : {}),
        bodyRequired: body?.node.required === true,
        multipart: 'multipart/form-data' in content,
        ...(typeof body?.node['x-mock-body-limit'] === 'number' ? { bodyLimit: body.node['x-mock-body-limit'] } : {}),
        ...(body?.node['x-mock-streamed-body'] === true ? { streamedBody: true } : {}),
      });
    }
  }
  return operations;
}
