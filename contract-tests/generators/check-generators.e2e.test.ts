// Three third-party generators build clients from the published bundle that compile strictly, and the
// check fails where the contract once broke them: kubb on an open object with patternProperties beside
// `additionalProperties: true`.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkGenerator,
  DEFAULT_SPEC,
  GENERATORS,
  type GeneratorCheck,
} from '../../scripts/generators/check-generators.ts';
import { heyApi } from '../../scripts/generators/hey-api.ts';
import { kubb } from '../../scripts/generators/kubb.ts';
import { orval } from '../../scripts/generators/orval.ts';

// Generation plus a strict type-check takes seconds each, more on a busy machine.
const SLOW = { timeout: 240_000 };
const ROOT = new URL('../../', import.meta.url).pathname;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let dir: string;
let repoFiles: string[];

/** The repository's top level and its client folder, where a generator could write by mistake. */
async function repositoryListing(): Promise<string[]> {
  return [
    ...(await readdir(ROOT)),
    ...(await readdir(join(ROOT, 'client'), { recursive: true })).map((f) => `client/${f}`),
  ].sort();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'generators-test-'));
  repoFiles = await repositoryListing();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A copy of the bundle changed by `change`, written to the temp folder. */
async function specWith(name: string, change: (doc: Json) => void): Promise<string> {
  const doc = JSON.parse(await readFile(DEFAULT_SPEC, 'utf8')) as Json;
  change(doc);
  const file = join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(doc));
  return file;
}

/** A consumer that misuses hey-api's SDK (a number for a string), compiled beside hey-api's own in one run. */
const MISUSE =
  "import { getFundRunSummary } from './client/index.js';\nawait getFundRunSummary({ query: { fundExtractionId: 42 } });\nexport {};\n";
let heyApiRun: Promise<GeneratorCheck> | undefined;
/** hey-api's run on the published bundle with both consumers, once for the two tests that read it. */
const heyApiWithMisuse = () =>
  (heyApiRun ??= checkGenerator(heyApi, { consumers: { 'consumer.ts': heyApi.consumer, 'misuse.ts': MISUSE } }));
const inMisuse = (problem: string) => problem.startsWith('misuse.ts:');

describe('clients generated from the published contract compile under tsc --strict', () => {
  it('checks hey-api, orval and kubb', () => {
    expect(GENERATORS.map((g) => g.name)).toEqual(['@hey-api/openapi-ts', 'orval', 'kubb']);
  });

  it.each(GENERATORS.map((g) => [g.name, g] as const))('%s, with a typed consumer', SLOW, async (_name, generator) => {
    const { files, problems } = generator === heyApi ? await heyApiWithMisuse() : await checkGenerator(generator);
    expect(files.length).toBeGreaterThan(0);
    expect(problems.filter((p) => !inMisuse(p))).toEqual([]);
  });

  it('writes nothing into the repository', async () => {
    expect(await repositoryListing()).toEqual(repoFiles);
  });
});

describe('the check fails where the contract breaks a generator', () => {
  it('kubb: patternProperties beside additionalProperties: true give a duplicate index signature', SLOW, async () => {
    const spec = await specWith('kubb-index', (doc) => {
      const analysis = doc.components.schemas.AnalysisObject;
      delete analysis.patternProperties[''];
      analysis.additionalProperties = true;
    });
    const { problems } = await checkGenerator(kubb, { spec });
    expect(problems.some((p) => /AnalysisObject\.ts:\d+: TS2374: Duplicate index signature/.test(p))).toBe(true);
  });

  it('reports a consumer that misuses the generated SDK', SLOW, async () => {
    const problems = (await heyApiWithMisuse()).problems.filter(inMisuse);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^misuse\.ts:2: TS2322: .*number.*string/s);
  });

  it('fails clearly on a contract a generator cannot read', SLOW, async () => {
    const spec = await specWith('broken-ref', (doc) => {
      doc.paths['/integrationfund/fund'].get.responses['200'].content['application/json'].schema = {
        $ref: '#/components/schemas/NoSuchSchema',
      };
    });
    await expect(checkGenerator(kubb, { spec })).rejects.toThrow(
      /kubb could not generate a client from .*broken-ref\.json: Build Error/,
    );
  });

  it('fails with a clear message when a generator is not installed', async () => {
    await expect(
      checkGenerator({ ...orval, specifier: 'orval-not-installed', versionOf: 'orval-not-installed' }),
    ).rejects.toThrow(/orval-not-installed is not installed .*run `npm ci`/);
  });
});
