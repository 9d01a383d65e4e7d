// The committed copy of the HTTP pact (../published/), shipped by the conformance package.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { HTTP_CONSUMER, HTTP_PROVIDER, pactFilePath } from '../../../conformance/src/pact/pact-location.ts';

export const PUBLISHED_PACT_DIR = fileURLToPath(new URL('../../../conformance/src/pact/published/', import.meta.url));

/** Differences between the pact just recorded and the published copy, as one line each (empty when equal). */
export async function publishedPactDrift(recordedFile = pactFilePath(HTTP_CONSUMER, HTTP_PROVIDER)): Promise<string[]> {
  const recorded = JSON.parse(await readFile(recordedFile, 'utf8')) as { interactions: { description: string }[] };
  const published = JSON.parse(
    await readFile(pactFilePath(HTTP_CONSUMER, HTTP_PROVIDER, PUBLISHED_PACT_DIR), 'utf8'),
  ) as typeof recorded;
  const byDescription = (pact: typeof recorded) =>
    new Map(pact.interactions.map((i) => [i.description, JSON.stringify(i)]));
  const now = byDescription(recorded);
  const before = byDescription(published);
  const drift: string[] = [];
  for (const [description, json] of now) {
    if (!before.has(description)) drift.push(`new interaction: ${description}`);
    else if (before.get(description) !== json) drift.push(`changed interaction: ${description}`);
  }
  for (const description of before.keys()) if (!now.has(description)) drift.push(`removed interaction: ${description}`);
  return drift;
}
