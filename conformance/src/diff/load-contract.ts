// A contract to compare: a bundled OpenAPI file (JSON or YAML), or a git ref whose
// generated/openapi.json (the bundle, committed) is read with `git show`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { Json } from './types.ts';

export const BUNDLE_PATH = 'generated/openapi.json';

export class UsageError extends Error {}

export interface LoadedContract {
  label: string;
  doc: Json;
}

export function loadContract(spec: string, cwd: string): LoadedContract {
  const path = spec.startsWith('/') ? spec : `${cwd}/${spec}`;
  if (existsSync(path)) return { label: spec, doc: parseContract(readFileSync(path, 'utf8'), spec) };
  let text: string;
  try {
    text = execFileSync('git', ['show', `${spec}:${BUNDLE_PATH}`], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 << 20,
    });
  } catch {
    throw new UsageError(`${spec} is neither a file nor a git ref with ${BUNDLE_PATH}`);
  }
  return { label: `${spec}:${BUNDLE_PATH}`, doc: parseContract(text, spec) };
}

function parseContract(text: string, name: string): Json {
  let doc: unknown;
  try {
    doc = text.trimStart().startsWith('{') ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new UsageError(`${name} is not JSON or YAML (${(e as Error).message.split('\n')[0]})`);
  }
  if (!doc || typeof doc !== 'object' || typeof (doc as Json).openapi !== 'string')
    throw new UsageError(`${name} is not an OpenAPI document`);
  if (JSON.stringify(doc).includes('"$ref":"./') || /"\$ref":"[^#"][^"]*\.ya?ml/.test(JSON.stringify(doc)))
    throw new UsageError(
      `${name} has references to other files: give the bundled contract as one file (e.g. redocly bundle)`,
    );
  return doc as Json;
}
