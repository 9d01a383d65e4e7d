// The operations of the contract as the fuzzer needs them: the mock's operation reader (one reading of
// the contract's routes) plus each parameter's schema, the security scheme and the codes the contract
// documents per status (read from its examples, limited to the codes the specification shows).
import { readOperations } from '../../mocks/src/http/contract-operations.ts';
import { escapePointer } from '../../common/src/index.ts';
import { contractValidator, deref, resolvePointer } from '../../conformance/src/contract-validator.ts';
import { envelopeCode } from './envelope-code.ts';

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

/** The codes the specification shows (ErrorCode's known values); a mock's own code is never among them. */
function specificationCodes(): Set<string> {
  return new Set(
    (resolvePointer(contractValidator().doc, '#/components/schemas/ErrorCode/x-known-values') ?? []) as string[],
  );
}

/** Codes of a response's examples that the specification shows (the 400 examples also show the mock's `MOCK_INVALID_REQUEST`, an x-gap choice). */
function exampleCodes(response: Json): string[] {
  const known = specificationCodes();
  const codes: string[] = [];
  for (const media of Object.values((response.content as Json | undefined) ?? {})) {
    for (const ex of Object.values(((media as Json).examples as Json | undefined) ?? {})) {
      const code = envelopeCode(deref(ex as Json, contractValidator().doc).value);
      if (typeof code === 'string' && known.has(code)) codes.push(code);
    }
  }
  return codes;
}

function documentedCodes(opPointer: string): Record<number, string[]> {
  const responses = (resolvePointer(contractValidator().doc, `${opPointer}/responses`) ?? {}) as Json;
  return Object.fromEntries(
    Object.entries(responses)
      .filter(([status]) => /^\d{3}$/.test(status))
      .map(([status, r]) => [Number(status), [...new Set(exampleCodes(deref(r as Json, contractValidator().doc)))]]),
  );
}

/** Every HTTP operation of the contract, read by the mock's own reader and completed for the fuzzer. */
export function contractOperations(): ContractOperation[] {
  const doc = contractValidator().doc;
  return readOperations(doc).map((op) => {
    const opPointer = `#/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}`;
    const multipartPointer = `${opPointer}/requestBody/content/multipart~1form-data/schema`;
    return {
      operationId: op.operationId,
      method: op.method as ContractOperation['method'],
      path: op.path,
      parameters: op.parameters.map((p) => ({
        name: p.name,
        in: p.in as ContractParameter['in'],
        required: p.required,
        schema: resolvePointer(doc, p.schemaPointer) as Json,
        schemaPointer: p.schemaPointer,
      })),
      body: op.jsonBodyPointer
        ? { mediaType: 'application/json', schemaPointer: op.jsonBodyPointer }
        : op.multipart
          ? { mediaType: 'multipart/form-data', schemaPointer: multipartPointer }
          : undefined,
      scheme: op.security[0]?.[0] as ContractOperation['scheme'],
      documentedCodes: documentedCodes(opPointer),
    };
  });
}
