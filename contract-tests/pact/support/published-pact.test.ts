import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_CONSUMER, HTTP_PROVIDER, pactFilePath } from '../../../conformance/src/pact/pact-location.ts';
import { PUBLISHED_PACT_DIR, publishedPactDrift } from './published-pact.ts';

let dir: string;
let published: { interactions: { description: string; response?: unknown }[] };
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'published-pact-'));
  published = JSON.parse(await readFile(pactFilePath(HTTP_CONSUMER, HTTP_PROVIDER, PUBLISHED_PACT_DIR), 'utf8'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function recorded(pact: unknown): Promise<string> {
  const file = join(dir, `${Math.random()}.json`);
  await writeFile(file, JSON.stringify(pact));
  return file;
}

describe('publishedPactDrift', () => {
  it('finds nothing when the recorded pact is the published one', async () => {
    expect(await publishedPactDrift(await recorded(published))).toEqual([]);
  });

  it('names changed, new and removed interactions', async () => {
    const [first, second, ...rest] = published.interactions;
    const changed = { ...first!, response: { status: 599 } };
    const drift = await publishedPactDrift(
      await recorded({ ...published, interactions: [changed, ...rest, { description: 'a call nobody made' }] }),
    );
    expect(drift).toEqual([
      `changed interaction: ${first!.description}`,
      'new interaction: a call nobody made',
      `removed interaction: ${second!.description}`,
    ]);
  });
});
