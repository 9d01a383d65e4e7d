// Every exchange of a contract as one JSON Schema over the whole message: a request is
// { parameters: {query, header, path, cookie}, credentials, contentType, body }, an answer is
// { status, contentType, body, headers }, a webhook delivery is a request the service sends.
// The index maps each contract node (through references) to the exchanges and instance paths it shapes,
// so a change anywhere, shared components included, reaches every exchange it touches.
import { escapePointer } from '../../../common/src/index.ts';
import { resolver, sample, type Resolve } from './schema-values.ts';
import type { Direction, Json } from './types.ts';

export interface Seed {
  label: string;
  instance: Json;
  /** True when the body comes from one of the contract's own examples. */
  fromExample: boolean;
}

export interface Site {
  key: string;
  /** The operation or webhook, a JSON Pointer into its contract. */
  pointer: string;
  direction: Direction;
  /** What the consumer (or the webhook receiver) sends: breaks when the new contract accepts less. */
  consumerSends: boolean;
  schema: Json;
  seeds: Seed[];
}

export interface Target {
  site: string;
  path: string[];
}

export interface Exchanges {
  id: string;
  doc: Json;
  resolve: Resolve;
  sites: Map<string, Site>;
  index: Map<string, Target[]>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const COMPOSITION = ['allOf', 'anyOf', 'oneOf'];

export function buildExchanges(doc: Json, id: string): Exchanges {
  const resolve = resolver({ [id]: doc }, id);
  const ex: Exchanges = { id, doc, resolve, sites: new Map(), index: new Map() };
  // What is recorded, by pointer, then site and instance path (one long key per record cost more).
  const recorded = new Map<string, Map<string, Set<string>>>();
  const record = (pointer: string, target: Target) => {
    let bySite = recorded.get(pointer);
    if (!bySite) recorded.set(pointer, (bySite = new Map()));
    let paths = bySite.get(target.site);
    if (!paths) bySite.set(target.site, (paths = new Set()));
    const path = target.path.join('/');
    if (paths.has(path)) return;
    paths.add(path);
    const list = ex.index.get(pointer);
    if (list) list.push(target);
    else ex.index.set(pointer, [target]);
  };
  /** The node at a pointer, and where it really lives after one `$ref`. */
  const at = (pointer: string): { node: Json | undefined; where: string } => {
    const node = resolve(pointer) as Json | undefined;
    if (node && typeof node.$ref === 'string' && node.$ref.startsWith('#'))
      return { node: resolve(node.$ref) as Json, where: node.$ref };
    return { node, where: pointer };
  };
  const recordBoth = (pointer: string, target: Target) => {
    record(pointer, target);
    record(at(pointer).where, target);
  };
  /**
   * Records a schema and everything under it for one exchange. A child is handed its node with its
   * pointer (the node resolving the pointer gives), and the stack of pointers above it is one array,
   * pushed and popped.
   */
  const walkSchema = (pointer: string, site: string, path: string[], stack: string[], given?: unknown) => {
    if (stack.includes(pointer) || stack.length > 40) return;
    record(pointer, { site, path });
    const node = (given === undefined ? resolve(pointer) : given) as Json | undefined;
    if (!node || typeof node !== 'object') return;
    stack.push(pointer);
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) walkSchema(node.$ref, site, path, stack);
    const properties = (node.properties as Json | undefined) ?? {};
    for (const [k, v] of Object.entries(properties))
      walkSchema(`${pointer}/properties/${escapePointer(k)}`, site, [...path, k], stack, v);
    if (node.items) walkSchema(`${pointer}/items`, site, [...path, '0'], stack, node.items);
    if (node.additionalProperties && typeof node.additionalProperties === 'object')
      walkSchema(`${pointer}/additionalProperties`, site, path, stack, node.additionalProperties);
    for (const k of COMPOSITION)
      ((node[k] as unknown[]) ?? []).forEach((v, i) => walkSchema(`${pointer}/${k}/${i}`, site, path, stack, v));
    for (const k of ['if', 'then', 'else', 'not'])
      if (node[k]) walkSchema(`${pointer}/${k}`, site, path, stack, node[k]);
    stack.pop();
  };
  const ref = (pointer: string) => ({ $ref: `${id}#${pointer.slice(1)}` });

  const docSecurity = doc.security as Json[] | undefined;
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Json;
  const credentialsSchema = (security: Json[] | undefined): Json => {
    if (!security || security.length === 0) return {};
    return {
      anyOf: security.map((req) => {
        const names = Object.keys(req);
        const properties = Object.fromEntries(names.map((n) => [n, { const: canonicalScheme(schemes[n]) }]));
        return { type: 'object', required: names, properties };
      }),
    };
  };

  const addRequestSite = (
    key: string,
    opPointer: string,
    pathPointer: string | undefined,
    direction: Direction,
    consumerSends: boolean,
  ) => {
    const op = resolve(opPointer) as Json;
    const params = new Map<string, { pointer: string; param: Json }>();
    const paramPointers = [
      ...(pathPointer
        ? (((resolve(pathPointer) as Json).parameters as unknown[]) ?? []).map(
            (_, i) => `${pathPointer}/parameters/${i}`,
          )
        : []),
      ...((op.parameters as unknown[]) ?? []).map((_, i) => `${opPointer}/parameters/${i}`),
    ];
    for (const p of paramPointers) {
      const { node, where } = at(p);
      if (!node) continue;
      const location = String(node.in);
      const name = location === 'header' ? String(node.name).toLowerCase() : String(node.name);
      params.set(`${location}:${name}`, { pointer: where, param: node });
      recordBoth(p, { site: key, path: ['parameters', location, name] });
      if (node.schema) walkSchema(`${where}/schema`, key, ['parameters', location, name], []);
    }
    const groups: Record<string, { properties: Json; required: string[] }> = {};
    for (const location of ['query', 'header', 'path', 'cookie']) groups[location] = { properties: {}, required: [] };
    for (const [k, { pointer, param }] of params) {
      const [location, name] = k.split(':') as [string, string];
      const group = groups[location] ?? (groups[location] = { properties: {}, required: [] });
      group.properties[name] = {
        ...ref(`${pointer}/schema`),
        ...('example' in param ? { examples: [param.example] } : {}),
      };
      if (param.required === true || location === 'path') group.required.push(name);
    }
    const parameters = {
      type: 'object',
      required: Object.keys(groups),
      properties: Object.fromEntries(Object.entries(groups).map(([l, g]) => [l, { type: 'object', ...g }])),
    };
    const securityPointer = op.security ? `${opPointer}/security` : '#/security';
    const security = (op.security ?? docSecurity) as Json[] | undefined;
    record(securityPointer, { site: key, path: ['credentials'] });
    for (const req of security ?? [])
      for (const n of Object.keys(req))
        record(`#/components/securitySchemes/${escapePointer(n)}`, { site: key, path: ['credentials'] });

    const bodies: Json[] = [];
    const seeds: Seed[] = [];
    const base = {
      parameters: sample(parameters, resolve) as Json,
      credentials: sample(firstBranch(credentialsSchema(security)), resolve),
    };
    const bodyPointer = `${opPointer}/requestBody`;
    const { node: body, where: bodyWhere } = at(bodyPointer);
    if (body) {
      recordBoth(bodyPointer, { site: key, path: ['body'] });
      for (const [mt, media] of Object.entries((body.content as Json) ?? {})) {
        const mtPointer = `${bodyWhere}/content/${escapePointer(mt)}`;
        record(mtPointer, { site: key, path: ['contentType'] });
        record(`${bodyPointer}/content/${escapePointer(mt)}`, { site: key, path: ['contentType'] });
        const m = media as Json;
        const schema = m.schema ? ref(`${mtPointer}/schema`) : {};
        if (m.schema) walkSchema(`${mtPointer}/schema`, key, ['body'], []);
        bodies.push({
          type: 'object',
          required: ['contentType', 'body'],
          properties: { contentType: { const: mt }, body: schema },
        });
        seeds.push(...mediaSeeds(m, resolve, (b) => ({ ...base, contentType: mt, body: b }), `${key} ${mt}`));
      }
      if (body.required !== true) bodies.push({ not: { required: ['body'] } });
    }
    if (!body || body.required !== true)
      seeds.push({ label: `${key} without body`, instance: { ...base }, fromExample: false });
    const schema: Json = {
      type: 'object',
      required: ['parameters', 'credentials'],
      properties: { parameters, credentials: credentialsSchema(security) },
      ...(bodies.length > 0 ? { anyOf: bodies } : {}),
    };
    ex.sites.set(key, { key, pointer: opPointer.slice(1), direction, consumerSends, schema, seeds });
    record(opPointer, { site: key, path: [] });
  };

  const addResponseSite = (key: string, opPointer: string, direction: Direction, consumerSends: boolean) => {
    const op = resolve(opPointer) as Json;
    const responses = (op.responses ?? {}) as Json;
    const explicit = Object.keys(responses)
      .filter((c) => /^\d{3}$/.test(c))
      .map(Number);
    const branches: Json[] = [];
    const seeds: Seed[] = [];
    for (const code of Object.keys(responses)) {
      const status = statusSchema(code, explicit);
      const statusSample = statusExample(code, explicit);
      const rPointer = `${opPointer}/responses/${escapePointer(code)}`;
      const { node: response, where } = at(rPointer);
      if (!response) continue;
      recordBoth(rPointer, { site: key, path: ['status'] });
      const headerProps: Json = {};
      const requiredHeaders: string[] = [];
      for (const [h] of Object.entries((response.headers as Json) ?? {})) {
        const hPointer = `${where}/headers/${escapePointer(h)}`;
        const { node: header, where: hWhere } = at(hPointer);
        const name = h.toLowerCase();
        recordBoth(hPointer, { site: key, path: ['headers', name] });
        if (header?.schema) walkSchema(`${hWhere}/schema`, key, ['headers', name], []);
        headerProps[name] = header?.schema ? ref(`${hWhere}/schema`) : {};
        if (header?.required === true) requiredHeaders.push(name);
      }
      const headers = { type: 'object', properties: headerProps, required: requiredHeaders };
      const common = { status: statusSample, headers: sample(headers, resolve) };
      const content = Object.entries((response.content as Json) ?? {});
      for (const [mt, media] of content) {
        const mtPointer = `${where}/content/${escapePointer(mt)}`;
        record(mtPointer, { site: key, path: ['contentType'] });
        const m = media as Json;
        if (m.schema) walkSchema(`${mtPointer}/schema`, key, ['body'], []);
        branches.push({
          type: 'object',
          required: ['status', 'contentType', 'body', 'headers'],
          properties: { status, contentType: { const: mt }, body: m.schema ? ref(`${mtPointer}/schema`) : {}, headers },
        });
        seeds.push(...mediaSeeds(m, resolve, (b) => ({ ...common, contentType: mt, body: b }), `${key} ${code} ${mt}`));
      }
      if (content.length === 0) {
        branches.push({
          type: 'object',
          required: ['status', 'headers'],
          properties: { status, headers },
          not: { required: ['body'] },
        });
        seeds.push({ label: `${key} ${code}`, instance: common, fromExample: false });
      }
    }
    ex.sites.set(key, {
      key,
      pointer: opPointer.slice(1),
      direction,
      consumerSends,
      schema: { anyOf: branches },
      seeds,
    });
    record(opPointer, { site: key, path: [] });
  };

  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    const pathPointer = `#/paths/${escapePointer(path)}`;
    for (const method of METHODS) {
      if (!(item as Json)[method]) continue;
      const opPointer = `${pathPointer}/${method}`;
      const name = `${method.toUpperCase()} ${path}`;
      addRequestSite(`${name} request`, opPointer, pathPointer, 'request', true);
      addResponseSite(`${name} response`, opPointer, 'response', false);
      record(pathPointer, { site: `${name} request`, path: [] });
      record(pathPointer, { site: `${name} response`, path: [] });
    }
  }
  for (const [name, item] of Object.entries((doc.webhooks ?? {}) as Json)) {
    const hookPointer = `#/webhooks/${escapePointer(name)}`;
    for (const method of METHODS) {
      if (!(item as Json)[method]) continue;
      const opPointer = `${hookPointer}/${method}`;
      // The receiver's answer (200 within 30 seconds) is not judged: only the delivery carries data.
      addRequestSite(`webhook ${name} delivery`, opPointer, hookPointer, 'webhook', false);
      record(hookPointer, { site: `webhook ${name} delivery`, path: [] });
    }
  }
  return ex;
}

/** A security scheme reduced to what a request has to match: its kind and where the credential goes. */
export function canonicalScheme(scheme: unknown): Json {
  const s = (scheme ?? {}) as Json;
  const out: Json = {};
  for (const k of ['type', 'in', 'name', 'scheme'])
    if (k in s) out[k] = typeof s[k] === 'string' && k !== 'name' ? String(s[k]).toLowerCase() : s[k];
  if (typeof out.name === 'string' && out.in === 'header') out.name = out.name.toLowerCase();
  return out;
}

function firstBranch(schema: Json): Json {
  return Array.isArray(schema.anyOf) && schema.anyOf.length > 0 ? (schema.anyOf[0] as Json) : schema;
}

function statusSchema(code: string, explicit: number[]): Json {
  if (/^\d{3}$/.test(code)) return { const: Number(code) };
  if (/^[1-5]XX$/i.test(code)) {
    const low = Number(code[0]) * 100;
    return { type: 'integer', minimum: low, maximum: low + 99 };
  }
  return { type: 'integer', minimum: 100, maximum: 599, not: { enum: explicit } };
}

function statusExample(code: string, explicit: number[]): number {
  if (/^\d{3}$/.test(code)) return Number(code);
  if (/^[1-5]XX$/i.test(code)) return Number(code[0]) * 100 + (explicit.includes(Number(code[0]) * 100) ? 22 : 0);
  return [422, 418, 409, 503, 599].find((c) => !explicit.includes(c)) ?? 599;
}

function mediaSeeds(media: Json, resolve: Resolve, wrap: (body: unknown) => Json, label: string): Seed[] {
  const seeds: Seed[] = [];
  for (const [name, example] of Object.entries((media.examples as Json) ?? {})) {
    const e = (typeof (example as Json).$ref === 'string' ? resolve((example as Json).$ref as string) : example) as
      | Json
      | undefined;
    if (e && 'value' in e)
      seeds.push({ label: `${label} example ${name}`, instance: wrap(e.value), fromExample: true });
  }
  if ('example' in media) seeds.push({ label: `${label} example`, instance: wrap(media.example), fromExample: true });
  if (media.schema) {
    seeds.push({ label: `${label} generated`, instance: wrap(sample(media.schema, resolve)), fromExample: false });
    seeds.push({
      label: `${label} generated (all fields)`,
      instance: wrap(sample(media.schema, resolve, true)),
      fromExample: false,
    });
  }
  return seeds;
}
