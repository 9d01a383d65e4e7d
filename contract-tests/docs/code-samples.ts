// The contract's x-codeSamples as data, and runners that execute them against a mock the way a
// reader would: curl through bash, TypeScript through tsx (or Node where it strips types) with the repository's client.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { operations } from '../contract/walk-contract.ts';
import { TYPESCRIPT_RUNNER } from '../support/typescript-runner.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
export const SAMPLE_LANGUAGES = ['curl', 'TypeScript'] as const;

export interface OperationSamples {
  method: string;
  path: string;
  operationId: string;
  /** Sample source by lang. */
  samples: Map<string, string>;
}

interface CodeSample {
  lang?: string;
  source?: string;
}
type Operation = { operationId?: string; 'x-codeSamples'?: CodeSample[] };

/** Every path operation of a bundled contract with its samples. */
export function operationSamples(doc: { paths?: object }): OperationSamples[] {
  return operations(doc)
    .filter(({ kind }) => kind === 'path')
    .map(({ name: path, method, op }) => {
      const { operationId, 'x-codeSamples': codeSamples = [] } = op as Operation;
      const samples = new Map(codeSamples.map((s) => [s.lang ?? '', s.source ?? ''] as const));
      return { method, path, operationId: operationId ?? `${method} ${path}`, samples };
    });
}

/** `operationId: lang` for every sample language an operation lacks (or has empty). */
export function missingSamples(doc: { paths?: object }): string[] {
  return operationSamples(doc).flatMap(({ operationId, samples }) =>
    SAMPLE_LANGUAGES.filter((lang) => !samples.get(lang)?.trim()).map((lang) => `${operationId}: ${lang}`),
  );
}

export interface SampleEnvironment {
  /** Variables the samples read (BASE_URL, API_KEY, PROJECT_ID...). */
  env: Record<string, string>;
  /** Working directory holding the files the samples upload; also gets the curl and runner files. */
  cwd: string;
}

/** Runs a curl sample with bash; the status comes from a .curlrc write-out the sample never sees. */
export async function runCurl(
  source: string,
  { env, cwd }: SampleEnvironment,
): Promise<{ status: number; body: unknown }> {
  await writeFile(join(cwd, '.curlrc'), 'silent\nshow-error\nwrite-out = "\\n%{http_code}"\n');
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', source], {
    cwd,
    env: { PATH: process.env.PATH ?? '', CURL_HOME: cwd, ...env },
    timeout: 30_000,
  });
  const cut = stdout.lastIndexOf('\n');
  const text = stdout.slice(0, cut);
  return { status: Number(stdout.slice(cut + 1)), body: text.trim() === '' ? undefined : JSON.parse(text) };
}

/** The samples import the client by its package names; here those are the repository's entries. */
const CLIENT_ENTRIES: [RegExp, string][] = [
  [/from '@portfolio-integration\/client\/node'/g, 'client/src/node.ts'],
  [/from '@portfolio-integration\/client'/g, 'client/src/index.ts'],
];

const withRepositoryClient = (source: string): string =>
  CLIENT_ENTRIES.reduce((text, [name, entry]) => text.replace(name, `from '${ROOT}${entry}'`), source);

/**
 * Runs TypeScript samples one after the other in one process (tsx, or Node where it strips types; as modules at the repository
 * root would import the client), and reports for each whether it completed or what it threw.
 * `envOf` gives a sample variables of its own (set while it is imported, then restored).
 * The files are .mts: outside the repository no package.json makes them ES modules.
 */
export async function runTypeScript(
  sources: Map<string, string>,
  { env, cwd }: SampleEnvironment,
  envOf: Map<string, Record<string, string>> = new Map(),
): Promise<Map<string, { ok: boolean; output: string }>> {
  const files: [string, string, Record<string, string>][] = [];
  for (const [name, source] of sources) {
    const file = join(cwd, `sample-${name}.mts`);
    await writeFile(file, withRepositoryClient(source));
    files.push([name, file, envOf.get(name) ?? {}]);
  }
  const runner = join(cwd, 'run-samples.mts');
  await writeFile(
    runner,
    [
      `for (const [name, file, own] of ${JSON.stringify(files)}) {`,
      '  const saved = { ...process.env };',
      '  Object.assign(process.env, own);',
      '  try {',
      '    await import(file);',
      '    console.log(`@@sample ${JSON.stringify({ name, ok: true })}`);',
      '  } catch (error) {',
      '    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);',
      '    console.log(`@@sample ${JSON.stringify({ name, ok: false, error: text })}`);',
      '  }',
      '  for (const key of Object.keys(own)) if (saved[key] === undefined) delete process.env[key]; else process.env[key] = saved[key];',
      '}',
      '',
    ].join('\n'),
  );
  const { stdout } = await run(TYPESCRIPT_RUNNER, [runner], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 120_000,
    maxBuffer: 1 << 24,
  });
  const results = new Map<string, { ok: boolean; output: string }>();
  let output = '';
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('@@sample ')) {
      output += `${line}\n`;
      continue;
    }
    const { name, ok, error } = JSON.parse(line.slice('@@sample '.length)) as {
      name: string;
      ok: boolean;
      error?: string;
    };
    results.set(name, { ok, output: error ?? output });
    output = '';
  }
  return results;
}
