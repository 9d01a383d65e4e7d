// The console's table of operations, read from the contract at build time: per operation its method,
// path, credential, parameters and its body (a JSON example, or the parts of a multipart form), so the
// page needs no contract parsing.
type Json = Record<string, any>;

export interface ConsoleOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  /** Which credential the operation takes (the contract's `security`). */
  auth: 'apiKey' | 'bearer' | 'none';
  params: { name: string; in: 'path' | 'query' | 'header'; required: boolean; example: string }[];
  /** The JSON body's example as text; null when the operation has no JSON body. */
  body: string | null;
  /** The parts of a multipart/form-data body: a file picker per binary part, a text field otherwise. */
  form?: FormPart[];
  /** A body of another type, which the console cannot send (use the curl sample). */
  unsupported?: string;
}

export interface FormPart {
  name: string;
  file: boolean;
  /** One part per chosen file (an array of binaries). */
  multiple: boolean;
  required: boolean;
  example: string;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

function resolve(doc: Json, node: Json | undefined): Json | undefined {
  let current = node;
  for (let i = 0; i < 10 && typeof current?.$ref === 'string'; i++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((at: Json | undefined, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

function exampleOf(doc: Json, holder: Json | undefined): unknown {
  if (!holder) return undefined;
  if (holder.example !== undefined) return holder.example;
  const first = Object.values((holder.examples as Json | undefined) ?? {})[0] as Json | undefined;
  const example = resolve(doc, first);
  if (example?.value !== undefined) return example.value;
  return resolve(doc, holder.schema)?.example;
}

function authOf(doc: Json, operation: Json): ConsoleOperation['auth'] {
  const requirements = (operation.security ?? doc.security ?? []) as Json[];
  const schemes = requirements.flatMap((r) => Object.keys(r)).map((name) => doc.components?.securitySchemes?.[name]);
  if (schemes.some((s) => s?.type === 'http' && s?.scheme === 'bearer')) return 'bearer';
  if (schemes.length > 0) return 'apiKey';
  return 'none';
}

const isBinary = (schema: Json | undefined) => schema?.format === 'binary' || schema?.contentEncoding === 'base64';
/** Examples stand for a file's bytes with this text where the schema leaves the part open. */
const BINARY_EXAMPLE = /^\(binary content/;

/**
 * The parts of a multipart body: the schema's properties, or the example's keys where the schema
 * leaves the parts open (uploadAnalysisFiles: the part names are not shown, the example assumes one).
 */
function formParts(doc: Json, media: Json): FormPart[] {
  const schema = resolve(doc, media.schema) ?? {};
  const example = (exampleOf(doc, media) ?? {}) as Json;
  const properties = (schema.properties ?? {}) as Json;
  const names = Object.keys(properties).length > 0 ? Object.keys(properties) : Object.keys(example);
  return names.map((name) => {
    const property = resolve(doc, properties[name]);
    const value = example[name];
    const items = resolve(doc, property?.items);
    const multiple = property?.type === 'array' || items !== undefined || Array.isArray(value);
    const sample = Array.isArray(value) ? value[0] : value;
    const file = isBinary(property) || isBinary(items) || (typeof sample === 'string' && BINARY_EXAMPLE.test(sample));
    return {
      name,
      file,
      multiple,
      required: ((schema.required ?? []) as string[]).includes(name),
      example: file || sample === undefined ? '' : typeof sample === 'string' ? sample : JSON.stringify(sample),
    };
  });
}

export function consoleOperations(doc: Json): ConsoleOperation[] {
  const operations: ConsoleOperation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation?.operationId) continue;
      const params = [...((item as Json).parameters ?? []), ...(operation.parameters ?? [])]
        .map((p: Json) => resolve(doc, p) as Json)
        .filter(
          (p) => p.in === 'path' || p.in === 'query' || (p.in === 'header' && p.name.toLowerCase() !== 'authorization'),
        )
        .map((p) => {
          const example = exampleOf(doc, p);
          return {
            name: p.name as string,
            in: p.in as 'path' | 'query' | 'header',
            required: p.required === true,
            example: example === undefined ? '' : typeof example === 'string' ? example : JSON.stringify(example),
          };
        });
      const content = (resolve(doc, operation.requestBody)?.content ?? {}) as Json;
      const json = content['application/json'];
      const multipart = content['multipart/form-data'] as Json | undefined;
      const other = Object.keys(content).find((type) => type !== 'application/json');
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? operation.operationId,
        auth: authOf(doc, operation),
        params,
        body: json ? JSON.stringify(exampleOf(doc, json) ?? {}, null, 2) : null,
        ...(!json && multipart ? { form: formParts(doc, multipart) } : {}),
        ...(!json && !multipart && other
          ? { unsupported: `${other} bodies are not sent from the page; use the curl sample` }
          : {}),
      });
    }
  }
  return operations;
}
