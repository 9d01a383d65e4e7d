// Requests that satisfy the contract, generated from its parameter and request body schemas. The
// faults in the other *-faults.ts files start from these and break one thing each.
import fc from 'fast-check';
import { contractValidator, resolvePointer } from '../../conformance/src/contract-validator.ts';
import type { ContractOperation } from './contract-operations.ts';
import { documentFileArbitrary } from './file-samples.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { multipartBody, multipartContentType, type MultipartPart } from './multipart-body.ts';
import { resolveSchema, valueArbitrary, type Hints } from './schema-arbitrary.ts';

type Json = Record<string, unknown>;

export interface FuzzContext {
  apiKey: string;
  accessToken: string;
  /** Known values (ids of existing records, the webhook receiver) per property or parameter name. */
  hints: Hints;
}

export const BOUNDARY = 'fuzz-boundary-7d1f';

export function credentialsHeader(op: ContractOperation, ctx: FuzzContext): Record<string, string> {
  return { authorization: op.scheme === 'sessionBearer' ? `Bearer ${ctx.accessToken}` : ctx.apiKey };
}

/** A parameter value as it travels in a query string or header. */
export function serialize(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parametersArbitrary(
  op: ContractOperation,
  ctx: FuzzContext,
): fc.Arbitrary<{ query: [string, string][]; headers: Record<string, string> }> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of op.parameters) model[p.name] = ctx.hints[p.name] ?? valueArbitrary(p.schema, ctx.hints);
  const required = op.parameters.filter((p) => p.required).map((p) => p.name);
  return fc.record(model, { requiredKeys: required }).map((values) => {
    const query: [string, string][] = [];
    const headers: Record<string, string> = {};
    for (const p of op.parameters) {
      if (!(p.name in values)) continue;
      const text = serialize((values as Json)[p.name]);
      if (p.in === 'query') query.push([p.name, text]);
      else headers[p.name.toLowerCase()] = text;
    }
    return { query, headers };
  });
}

/**
 * Names of the multipart fields: the schema's properties, or, where the contract leaves the part
 * names open (files for an analysis), the names its own example uses.
 */
export function multipartFields(op: ContractOperation): { files: string; text: string[] } {
  const media = resolvePointer(contractValidator().doc, op.body?.schemaPointer.replace(/\/schema$/, '') ?? '') as Json;
  const properties = (resolveSchema(media.schema as Json).properties as Record<string, Json> | undefined) ?? {};
  let names = Object.keys(properties);
  if (names.length === 0) {
    const example = resolveSchema(
      (Object.values((media.examples as Json | undefined) ?? {})[0] as Json | undefined) ?? {},
    );
    names = Object.keys((example.value as Json | undefined) ?? {});
  }
  // The file field is the list of parts: `items` (the contract leaves its `type` off, see FundUploadRequest).
  const files = names.find((n) => !properties[n] || resolveSchema(properties[n]).items !== undefined);
  if (!files) throw new Error(`${op.operationId}: no file field in the multipart schema or its example`);
  return { files, text: names.filter((n) => n !== files) };
}

function multipartArbitrary(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<MultipartPart[]> {
  const { files, text } = multipartFields(op);
  const textModel = Object.fromEntries(text.map((n) => [n, ctx.hints[n] ?? fc.string({ maxLength: 20 })]));
  return fc
    .tuple(fc.array(documentFileArbitrary, { minLength: 1, maxLength: 3 }), fc.record(textModel, { requiredKeys: [] }))
    .map(([documents, fields]) => [
      ...documents.map((d) => ({ name: files, filename: d.filename, contentType: d.contentType, content: d.content })),
      ...Object.entries(fields).map(([name, value]) => ({ name, content: serialize(value) })),
    ]);
}

export function jsonBody(value: unknown): FuzzRequest['body'] {
  return { contentType: 'application/json', payload: Buffer.from(JSON.stringify(value)) };
}

/** The JSON body alone, for faults that change one field of it. */
export function validJsonArbitrary(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<Json> {
  const pointer = op.body?.schemaPointer;
  if (!pointer || op.body?.mediaType !== 'application/json') throw new Error(`${op.operationId} takes no JSON body`);
  return valueArbitrary(resolvePointer(contractValidator().doc, pointer) as Json, ctx.hints) as fc.Arbitrary<Json>;
}

export function validMultipartArbitrary(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<MultipartPart[]> {
  return multipartArbitrary(op, ctx);
}

export function validRequestArbitrary(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const body: fc.Arbitrary<FuzzRequest['body']> = !op.body
    ? fc.constant(undefined)
    : op.body.mediaType === 'application/json'
      ? validJsonArbitrary(op, ctx).map(jsonBody)
      : multipartArbitrary(op, ctx).map((parts) => ({
          contentType: multipartContentType(BOUNDARY),
          payload: multipartBody(parts, BOUNDARY),
        }));
  return fc.tuple(parametersArbitrary(op, ctx), body).map(([params, requestBody]) => ({
    operation: op,
    variant: 'valid',
    query: params.query,
    headers: { ...params.headers, ...credentialsHeader(op, ctx) },
    body: requestBody,
    contractValid: true,
  }));
}
