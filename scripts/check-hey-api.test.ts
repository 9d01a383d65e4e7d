import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHeyApi, DEFAULT_SPEC } from './check-hey-api.ts';

// Generation plus a strict type-check takes seconds, more on a busy machine.
const SLOW = 180_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hey-api-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a second, independent generator (@hey-api/openapi-ts 0.95.x)', () => {
  it('generates a client from the bundled contract that type-checks strictly, with a typed consumer', { timeout: SLOW }, async () => {
    const { files, problems } = await checkHeyApi();
    expect(files).toEqual(expect.arrayContaining(['sdk.gen.ts', 'types.gen.ts', 'client.gen.ts', 'index.ts']));
    expect(problems).toEqual([]);
  });

  it('reports a consumer that misuses the generated SDK', { timeout: SLOW }, async () => {
    const consumer = "import { getFundRunSummary } from './index.js';\nawait getFundRunSummary({ query: { fundExtractionId: 42 } });\nexport {};\n";
    const { problems } = await checkHeyApi({ spec: DEFAULT_SPEC, consumer });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^consumer\.ts:2: .*number.*string/s);
  });

  it('fails clearly on a contract it cannot generate from', { timeout: SLOW }, async () => {
    const spec = JSON.parse(await readFile(DEFAULT_SPEC, 'utf8'));
    spec.paths['/integrationfund/fund'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/NoSuchSchema' };
    const broken = join(dir, 'broken.json');
    await writeFile(broken, JSON.stringify(spec));
    await expect(checkHeyApi({ spec: broken })).rejects.toThrow(/could not generate a client from .*broken\.json: Reference not found: #\/components\/schemas\/NoSuchSchema/);
  });

  it('fails with a clear message when the generator is not installed', async () => {
    await expect(checkHeyApi({ generatorModule: '@hey-api/openapi-ts-not-installed' })).rejects.toThrow(
      /@hey-api\/openapi-ts-not-installed is not installed .*run `npm ci`/,
    );
  });
});
