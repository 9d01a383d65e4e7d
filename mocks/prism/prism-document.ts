// Prism 5.14 matches a request's whole path against the document's path keys and never applies a
// server URL's path (an absolute `http://host/api` server is ignored too; `?__server=` only picks
// a server). So Prism gets a copy of the bundled contract whose path keys carry the contract's
// server path, computed here at run time: the contract itself keeps one set of paths.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import contract from '../../generated/openapi.json' with { type: 'json' };

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

/** The contract as Prism must see it: every path key prefixed with the server path. */
export function prismDocument(doc: Json = contract as Json): Json {
  const base = serverBasePath(doc);
  const paths = Object.fromEntries(Object.entries(doc.paths as Json).map(([path, item]) => [`${base}${path}`, item]));
  return {
    ...doc,
    servers: [{ url: '/', description: `Derived for Prism: the paths already start with the contract's server path ${base}.` }],
    paths,
  };
}

export interface WrittenDocument {
  path: string;
  remove(): Promise<void>;
}

/** Writes the Prism document to a fresh temporary folder (Prism reads documents from files). */
export async function writePrismDocument(): Promise<WrittenDocument> {
  const dir = await mkdtemp(join(tmpdir(), 'prism-contract-'));
  const path = join(dir, 'openapi.prism.json');
  await writeFile(path, JSON.stringify(prismDocument(), null, 2));
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}
