// Replays every interaction of the recorded pacts (contract-tests/pacts/*.json, Pact V4: HTTP
// interactions and webhook messages) in the exchange it belongs to, and lists those the base contract
// allows and the head contract does not. A pact holds what its consumer relies on, a part of each
// answer or message: those are judged with `required` lifted (the `lenient` judge); requests in full.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Judge } from './counterexample.ts';
import { canonicalScheme, type Exchanges } from './exchanges.ts';
import type { Json, ReplayFailure } from './types.ts';

interface PactBody {
  content?: unknown;
  contentType?: string;
  encoded?: boolean | string;
}
interface Interaction {
  description?: string;
  request?: {
    method: string;
    path: string;
    query?: Record<string, string[] | string>;
    headers?: Record<string, string[] | string>;
    body?: PactBody;
  };
  response?: { status: number; headers?: Record<string, string[] | string>; body?: PactBody };
  contents?: PactBody;
}

export interface PactReplay {
  checked: number;
  failures: ReplayFailure[];
  notes: string[];
}

export function replayPacts(judge: Judge, lenient: () => Judge, dir: string): PactReplay {
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  if (files.length === 0)
    return {
      checked: 0,
      failures: [],
      notes: [
        `no pact files in ${dir}: pact interactions not replayed (--pacts names the folder your consumer tests record them in).`,
      ],
    };
  const out: PactReplay = { checked: 0, failures: [], notes: [] };
  for (const file of files) {
    const pact = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { interactions?: Interaction[] };
    for (const interaction of pact.interactions ?? []) {
      const source = `${file}: ${interaction.description ?? '(no description)'}`;
      if (interaction.request && interaction.response) replayHttp(judge, lenient, interaction, source, out);
      else if (interaction.contents) replayMessage(judge, lenient, interaction.contents, source, out);
    }
  }
  return out;
}

const first = (v: string[] | string | undefined) => (Array.isArray(v) ? v[0] : v);
const isJson = (contentType: string) => /json/i.test(contentType);

function replayHttp(
  judge: Judge,
  lenient: () => Judge,
  interaction: Interaction,
  source: string,
  out: PactReplay,
): void {
  const req = interaction.request!;
  const res = interaction.response!;
  const match = matchOperation(judge.base, req.method, req.path) ?? matchOperation(judge.head, req.method, req.path);
  if (!match) {
    out.notes.push(`${source}: ${req.method} ${req.path} is an operation of neither contract; not replayed.`);
    return;
  }
  const headers = lower(req.headers);
  const request: Json = {
    parameters: {
      query: coerce(
        judge.base,
        match,
        'query',
        Object.fromEntries(Object.entries(req.query ?? {}).map(([k, v]) => [k, first(v) ?? ''])),
      ),
      header: coerce(judge.base, match, 'header', headers),
      path: match.pathParams,
      cookie: {},
    },
    credentials: credentialsOf(judge.base, headers),
  };
  if (req.body) {
    const contentType = (req.body.contentType ?? headers['content-type'] ?? '').split(';')[0]!.trim();
    // A multipart body is recorded as raw bytes: the base contract's own example for that media type stands in.
    const stand = judge.base.sites
      .get(`${match.name} request`)
      ?.seeds.find((s) => s.instance.contentType === contentType)?.instance.body;
    Object.assign(request, { contentType, body: isJson(contentType) ? req.body.content : stand });
  }
  check(judge, `${match.name} request`, request, source, 'this consumer: the head contract refuses its request', out);
  const resHeaders = lower(res.headers);
  const response: Json = { status: res.status, headers: resHeaders };
  if (res.body)
    Object.assign(response, {
      contentType: (res.body.contentType ?? resHeaders['content-type'] ?? '').split(';')[0]!.trim(),
      body: res.body.content,
    });
  check(
    lenient(),
    `${match.name} response`,
    response,
    source,
    'this consumer: the answer it relies on is no longer allowed by the head contract',
    out,
  );
}

function replayMessage(judge: Judge, lenient: () => Judge, contents: PactBody, source: string, out: PactReplay): void {
  const deliveries = [...judge.base.sites.values()].filter((s) => s.key.endsWith(' delivery'));
  const loose = lenient();
  // The event a message is: the delivery whose payload the base contract allows it as.
  for (const site of deliveries) {
    const instance = {
      ...(site.seeds[0]?.instance ?? {}),
      contentType: contents.contentType ?? 'application/json',
      body: contents.content,
    };
    if (!loose.check(loose.base, site.key, instance).valid) continue;
    check(
      loose,
      site.key,
      instance,
      source,
      'this webhook receiver: the message it relies on is no longer allowed by the head contract',
      out,
    );
    return;
  }
  out.notes.push(`${source}: matches no webhook payload of the base contract; not replayed.`);
}

/** A failure is an interaction the base contract allows and the head contract does not. */
function check(judge: Judge, site: string, instance: Json, source: string, affected: string, out: PactReplay): void {
  out.checked++;
  if (judge.unchanged(site) || !judge.check(judge.base, site, instance).valid) return;
  const result = judge.check(judge.head, site, instance);
  if (!result.valid) out.failures.push({ source, exchange: site, affected, reason: result.error });
}

function lower(headers: Record<string, string[] | string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), first(v) ?? '']));
}

interface OperationMatch {
  name: string;
  pathParams: Record<string, string>;
}

/** The contract operation of a concrete request path, the server URL's path (`/api`) taken off first. */
function matchOperation(ex: Exchanges, method: string, path: string): OperationMatch | undefined {
  const server = ((ex.doc.servers as Json[] | undefined)?.[0]?.url as string | undefined) ?? '';
  const prefix = server
    .replace(/^[a-z]+:\/\/[^/]+/i, '')
    .replace(/\{[^}]+\}/g, '')
    .replace(/\/$/, '');
  const local = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
  for (const [template, item] of Object.entries((ex.doc.paths ?? {}) as Record<string, Json>)) {
    const names: string[] = [];
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) =>
        /^\{.+\}$/.test(part) ? (names.push(part.slice(1, -1)), '([^/]+)') : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
      )
      .join('');
    const m = new RegExp(`^${source}$`).exec(local);
    if (m && item[method.toLowerCase()])
      return {
        name: `${method.toUpperCase()} ${template}`,
        pathParams: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')])),
      };
  }
  return undefined;
}

/** Query and header values arrive as strings; the contract's integer, number and boolean parameters get their JSON type. */
function coerce(ex: Exchanges, match: OperationMatch, location: string, values: Record<string, string>): Json {
  const site = ex.sites.get(`${match.name} request`);
  const props = ((((site?.schema.properties as Json)?.parameters as Json)?.properties as Json)?.[location] as Json)
    ?.properties as Json | undefined;
  const out: Json = {};
  for (const [k, v] of Object.entries(values)) {
    const ref = (props?.[k] as Json | undefined)?.$ref as string | undefined;
    const schema = ref ? (ex.resolve(ref) as Json | undefined) : undefined;
    const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
    out[k] =
      (type === 'integer' || type === 'number') && v !== '' && !Number.isNaN(Number(v))
        ? Number(v)
        : type === 'boolean' && (v === 'true' || v === 'false')
          ? v === 'true'
          : v;
  }
  return out;
}

/** The security schemes a request's headers satisfy, in the shape the exchange schemas expect. */
function credentialsOf(ex: Exchanges, headers: Record<string, string>): Json {
  const schemes = ((ex.doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  const auth = headers.authorization;
  const out: Json = {};
  for (const [name, s] of Object.entries(schemes)) {
    const header = String(s.name).toLowerCase();
    const ok =
      s.type === 'http'
        ? !!auth && auth.toLowerCase().startsWith(`${String(s.scheme).toLowerCase()} `)
        : s.type === 'apiKey' &&
          s.in === 'header' &&
          header in headers &&
          !(header === 'authorization' && /^bearer /i.test(auth ?? ''));
    if (ok) out[name] = canonicalScheme(s);
  }
  return out;
}
