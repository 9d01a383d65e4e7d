// The console's table of operations, read from the contract at build time: per operation its method,
// path, credential, parameters and a JSON request example, so the page needs no contract parsing.
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
  /** A body the console cannot send (multipart uploads: use the curl sample). */
  unsupported?: string;
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
      const other = Object.keys(content).find((type) => type !== 'application/json');
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? operation.operationId,
        auth: authOf(doc, operation),
        params,
        body: json ? JSON.stringify(exampleOf(doc, json) ?? {}, null, 2) : null,
        ...(!json && other ? { unsupported: `${other} bodies are not sent from the page; use the curl sample` } : {}),
      });
    }
  }
  return operations;
}
