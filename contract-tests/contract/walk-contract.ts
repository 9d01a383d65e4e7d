// Enumerates the places of the bundled contract that carry examples, so tests can judge each one.
import { escapePointer } from '../../common/src/index.ts';
import { contractValidator, deref } from '../../conformance/src/contract-validator.ts';

type Json = Record<string, unknown>;

export interface ExampleSite {
  /** Where the example is used, for test names. */
  where: string;
  /** Pointer of the schema the example must satisfy. */
  schemaPointer: string;
  value: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** The node or the node its `$ref` points at, with the pointer of the one returned. */
function derefAt(node: Json, pointer: string): { node: Json; pointer: string } {
  return { node: deref(node, contractValidator().doc), pointer: typeof node.$ref === 'string' ? node.$ref : pointer };
}

function mediaExamples(content: Json | undefined, pointer: string, where: string): ExampleSite[] {
  const sites: ExampleSite[] = [];
  for (const [mediaType, media] of Object.entries(content ?? {})) {
    const m = media as Json;
    const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`;
    for (const [name, ex] of Object.entries((m.examples as Json | undefined) ?? {})) {
      const example = deref(ex as Json, contractValidator().doc);
      sites.push({ where: `${where} ${mediaType} example ${name}`, schemaPointer, value: example.value });
    }
    if ('example' in m) sites.push({ where: `${where} ${mediaType} example`, schemaPointer, value: m.example });
  }
  return sites;
}

/** Every operation of a contract (the bundled one unless `doc` is given): paths, then webhooks, with its pointer. */
export function operations(
  doc: Json = contractValidator().doc,
): { kind: 'path' | 'webhook'; name: string; method: string; pointer: string; op: Json }[] {
  const result: { kind: 'path' | 'webhook'; name: string; method: string; pointer: string; op: Json }[] = [];
  for (const [kind, section] of [
    ['path', 'paths'],
    ['webhook', 'webhooks'],
  ] as const) {
    for (const [name, item] of Object.entries((doc[section] as Json | undefined) ?? {})) {
      for (const method of METHODS) {
        const op = (item as Json)[method] as Json | undefined;
        if (op) result.push({ kind, name, method, op, pointer: `#/${section}/${escapePointer(name)}/${method}` });
      }
    }
  }
  return result;
}

/** Every example of a request body, response or parameter, paired with its schema. */
export function exampleSites(): ExampleSite[] {
  const sites: ExampleSite[] = [];
  for (const { name, method, pointer, op } of operations()) {
    const label = `${method.toUpperCase()} ${name}`;
    if (op.requestBody) {
      const body = derefAt(op.requestBody as Json, `${pointer}/requestBody`);
      sites.push(...mediaExamples(body.node.content as Json, body.pointer, `${label} request`));
    }
    for (const [status, response] of Object.entries((op.responses as Json | undefined) ?? {})) {
      const r = derefAt(response as Json, `${pointer}/responses/${status}`);
      sites.push(...mediaExamples(r.node.content as Json | undefined, r.pointer, `${label} ${status}`));
    }
    for (const [i, param] of ((op.parameters as Json[] | undefined) ?? []).entries()) {
      const p = derefAt(param, `${pointer}/parameters/${i}`);
      if ('example' in p.node) {
        sites.push({
          where: `${label} parameter ${String(p.node.name)}`,
          schemaPointer: `${p.pointer}/schema`,
          value: p.node.example,
        });
      }
    }
  }
  return sites;
}

/** Names of every schema component. */
export function schemaNames(): string[] {
  return Object.keys(((contractValidator().doc.components as Json).schemas as Json) ?? {});
}
