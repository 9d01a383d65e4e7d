// The operations of the contract as the fuzzer needs them: parameters and request body resolved,
// the security scheme, and the 5xx codes the contract documents (read from its 5xx examples).
import { contractValidator, escapePointer, resolvePointer } from '../support/contract-validator.ts';

type Json = Record<string, unknown>;

export interface ContractParameter {
  name: string;
  in: 'query' | 'header';
  required: boolean;
  schema: Json;
  /** Pointer of the parameter's schema in the contract, for judging a value against it. */
  schemaPointer: string;
}

export interface ContractOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT';
  /** Path relative to the server URL, as written in the contract (`/integration/projects`). */
  path: string;
  parameters: ContractParameter[];
  body?: { mediaType: 'application/json' | 'multipart/form-data'; schemaPointer: string };
  scheme: 'apiKey' | 'sessionBearer';
  /** Envelope codes the contract documents per HTTP status for this operation (`401` -> `4010`), from its examples. */
  documentedCodes: Record<number, string[]>;
}

const METHODS = ['get', 'post', 'put'] as const;

function deref(node: Json, pointer = ''): { node: Json; pointer: string } {
  const ref = node.$ref;
  return typeof ref === 'string' ? { node: resolvePointer(contractValidator().doc, ref) as Json, pointer: ref } : { node, pointer };
}

function exampleCodes(response: Json): string[] {
  const codes: string[] = [];
  for (const media of Object.values((response.content as Json | undefined) ?? {})) {
    for (const ex of Object.values(((media as Json).examples as Json | undefined) ?? {})) {
      const value = deref(ex as Json).node.value as Json | undefined;
      const code = value?.code ?? (value?.metadata as Json | undefined)?.code;
      if (typeof code === 'string') codes.push(code);
    }
  }
  return codes;
}

function toOperation(path: string, method: (typeof METHODS)[number], op: Json, rootSecurity: unknown): ContractOperation {
  const opPointer = `#/paths/${escapePointer(path)}/${method}`;
  const parameters = ((op.parameters as Json[] | undefined) ?? [])
    .map((p, i) => deref(p, `${opPointer}/parameters/${i}`))
    .map(({ node: p, pointer }) => ({
      name: p.name as string,
      in: p.in as 'query' | 'header',
      required: p.required === true,
      schema: p.schema as Json,
      schemaPointer: `${pointer}/schema`,
    }));
  const content = (op.requestBody as Json | undefined)?.content as Json | undefined;
  const mediaType = content ? (Object.keys(content)[0] as 'application/json' | 'multipart/form-data') : undefined;
  const security = (op.security ?? rootSecurity) as Json[];
  const scheme = Object.keys(security[0] ?? {})[0] as ContractOperation['scheme'];
  const responses = op.responses as Json;
  const documentedCodes = Object.fromEntries(
    Object.entries(responses)
      .filter(([status]) => /^\d{3}$/.test(status))
      .map(([status, r]) => [Number(status), [...new Set(exampleCodes(deref(r as Json).node))]]),
  );
  return {
    operationId: op.operationId as string,
    method: method.toUpperCase() as ContractOperation['method'],
    path,
    parameters,
    body: mediaType
      ? { mediaType, schemaPointer: `${opPointer}/requestBody/content/${escapePointer(mediaType)}/schema` }
      : undefined,
    scheme,
    documentedCodes,
  };
}

/** Every HTTP operation of the contract (webhooks are sent by the service, not to it). */
export function contractOperations(): ContractOperation[] {
  const doc = contractValidator().doc;
  const result: ContractOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (op) result.push(toOperation(path, method, op, doc.security));
    }
  }
  return result;
}
