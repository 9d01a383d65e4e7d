// Bundles the split contract into one JSON file (generated/openapi.json) with Redocly's bundler.
import { bundle, loadConfig } from '@redocly/openapi-core';
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CONTRACT = `${ROOT}openapi/openapi.yaml`;
export const BANNER = 'Generated from openapi/ by `npm run generate`. Do not edit by hand.';

/** The contract as one self-contained document, with a do-not-edit banner as its first key. */
export async function bundleContract(): Promise<Record<string, unknown>> {
  const config = await loadConfig({ configPath: `${ROOT}redocly.yaml` });
  const { bundle: result, problems } = await bundle({ ref: CONTRACT, config });
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`Bundling failed:\n${errors.map((p) => `- ${p.message}`).join('\n')}`);
  }
  return { 'x-generated': BANNER, ...(result.parsed as Record<string, unknown>) };
}

export function serializeBundle(doc: Record<string, unknown>): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export async function writeOutput(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeOutput(`${ROOT}generated/openapi.json`, serializeBundle(await bundleContract()));
  console.log('wrote generated/openapi.json');
}
