// Prism 5.14 matches a request's whole path against the document's path keys and never applies a
// server URL's path (an absolute `http://host/api` server is ignored too; `?__server=` only picks
// a server). So Prism gets a copy of the bundled contract whose path keys carry the contract's
// server path, computed here at run time: the contract itself keeps one set of paths.
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { GAP_HEADER } from '../src/http/gap-header.ts';

type Json = Record<string, unknown>;

interface ServerObject {
  url: string;
  variables?: Record<string, { default: string }>;
}

/** The path of the contract's first server URL with its variables at their defaults (`/api`). */
export function serverBasePath(doc: Json = contract as Json): string {
  const server = (doc.servers as ServerObject[] | undefined)?.[0];
  if (!server) return '';
  const url = server.url.replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '');
  return new URL(url, 'http://placeholder.invalid').pathname.replace(/\/+$/, '');
}

/**
 * For the mock: an operation whose behaviour the specification leaves open (`x-gap` on the
 * operation) answers with an example chosen by us, so its inline responses declare an
 * `X-Mock-Gap` header whose example is the gap text, and Prism sends it to the caller.
 */
function markGaps(item: Json): Json {
  const marked = structuredClone(item);
  for (const operation of Object.values(marked) as Json[]) {
    const gap = operation['x-gap'];
    if (typeof gap !== 'string') continue;
    for (const response of Object.values((operation.responses ?? {}) as Record<string, Json>)) {
      if ('$ref' in response) continue;
      response.headers = {
        ...(response.headers as Json),
        [GAP_HEADER]: {
          description: 'What the specification leaves open here.',
          schema: { type: 'string' },
          example: gap,
        },
      };
    }
  }
  return marked;
}

/**
 * The contract as Prism must see it: every path key prefixed with the server path. With
 * `markGaps` (the mock), operations with an open behaviour also announce it in `X-Mock-Gap`.
 */
export function prismDocument(doc: Json = contract as Json, options: { markGaps?: boolean } = {}): Json {
  const base = serverBasePath(doc);
  const paths = Object.fromEntries(
    Object.entries(doc.paths as Json).map(([path, item]) => [
      `${base}${path}`,
      options.markGaps ? markGaps(item as Json) : item,
    ]),
  );
  return {
    ...doc,
    servers: [
      { url: '/', description: `Derived for Prism: the paths already start with the contract's server path ${base}.` },
    ],
    paths,
  };
}

export interface WrittenDocument {
  path: string;
  remove(): Promise<void>;
  /** For process exit hooks, where nothing asynchronous runs. */
  removeSync(): void;
}

/** Writes the Prism document to a fresh temporary folder (Prism reads documents from files). */
export async function writePrismDocument(options: { markGaps?: boolean } = {}): Promise<WrittenDocument> {
  const dir = await mkdtemp(join(tmpdir(), 'prism-contract-'));
  const path = join(dir, 'openapi.prism.json');
  await writeFile(path, JSON.stringify(prismDocument(contract as Json, options), null, 2));
  return {
    path,
    remove: () => rm(dir, { recursive: true, force: true }),
    removeSync: () => rmSync(dir, { recursive: true, force: true }),
  };
}
