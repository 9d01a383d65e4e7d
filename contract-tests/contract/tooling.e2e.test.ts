// The contract's own checkers (Redocly lint with our rules, Spectral's OWASP ruleset, generate:check) pass on the contract
// and fail on a broken copy of it. Each tool runs as a command (a child process, one to two CPU-seconds of start-up
// each) on one copy carrying every break for that tool; the breaks are independent and the contract shows none of their
// rules, so each rule named in the broken run is one break. Redocly and Spectral lint the contract and the copy in one
// process each.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPESCRIPT_RUNNER } from '../support/typescript-runner.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

interface Result {
  ok: boolean;
  out: string;
}

async function sh(cwd: string, cmd: string, args: string[]): Promise<Result> {
  try {
    const { stdout, stderr } = await run(cmd, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 1 << 24,
    });
    return { ok: true, out: stdout + stderr };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

const redocly = (documents: string[]) =>
  sh(ROOT, join(ROOT, 'node_modules/.bin/redocly'), ['lint', '--format=stylish', ...documents]);
/** lint:owasp over each document given; --verbose lists every document linted (a missing one is skipped silently). */
const spectral = (documents: string[]) =>
  sh(ROOT, join(ROOT, 'node_modules/.bin/spectral'), [
    'lint',
    '--ruleset',
    '.spectral.yaml',
    '--fail-severity=hint',
    '-f',
    'text',
    '--verbose',
    ...documents,
  ]);
const generateCheck = (cwd: string) => sh(cwd, TYPESCRIPT_RUNNER, ['scripts/generate.ts', '--check']);

/** What each tool reads: the copy a test breaks holds only these (node_modules linked), so the repository is never touched. */
const NEEDS = {
  redocly: ['openapi'],
  spectral: ['generated/openapi.json'],
  generate: ['openapi', 'scripts', 'generated', 'redocly.yaml', 'package.json', 'mocks/control-api.openapi.yaml'],
};
const copies: string[] = [];

async function copyOf(entries: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'contract-'));
  copies.push(dir);
  for (const entry of entries) await cp(join(ROOT, entry), join(dir, entry), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

afterAll(async () => {
  await Promise.all(copies.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function edit(dir: string, file: string, change: (text: string) => string): Promise<void> {
  const path = join(dir, file);
  const before = await readFile(path, 'utf8');
  const after = change(before);
  expect(after, `edit of ${file} changed nothing`).not.toBe(before);
  await writeFile(path, after);
}

/** Rule names Redocly's stylish format lists, by the heading (a path relative to the repository) they are under. */
function redoclyRules(out: string): Map<string, string[]> {
  const sections = out.split(/\n(?=\S)/).map((block) => [block.match(/^(\S+):\n/)?.[1], block] as const);
  return new Map(
    sections
      .filter(([file]) => file)
      .map(([file, block]) => [file!, [...block.matchAll(/^ +\d+:\d+ +\w+ +(\S+)/gm)].map((m) => m[1]!)]),
  );
}

// One run lints the contract (as `redocly lint` does, by the config's api) and the broken copy, with the repository's
// config. Its ignore file names the contract's own paths, so the copy also shows the one accepted exception.
describe('redocly lint', () => {
  let copy: string;
  let rules: Map<string, string[]>;
  let result: Result;
  beforeAll(async () => {
    const dir = await copyOf(NEEDS.redocly);
    copy = relative(ROOT, dir);
    await edit(dir, 'openapi/paths/integration_processmessage.yaml', (t) =>
      t.replace(/\n {8}examples:\n {10}ProcessMessage:\n {12}\$ref: [^\n]+/, ''),
    );
    await edit(dir, 'openapi/paths/integration_analysis_detail.yaml', (t) =>
      t.replace('operationId: getAnalysisDetail', 'operationId: get_analysis_detail'),
    );
    await edit(dir, 'openapi/paths/integration_retrievereport.yaml', (t) =>
      t.replace(/ {2}operationId: retrieveReport\n/, ''),
    );
    await edit(dir, 'openapi/components/schemas/ProjectProcessing.yaml', (t) =>
      t.replace(/x-gap: (.*)\.$/m, 'x-gap: $1'),
    );
    result = await redocly(['openapi/openapi.yaml', join(copy, 'openapi/openapi.yaml')]);
    rules = redoclyRules(result.out);
  });
  const rulesAt = (file: string) => rules.get(join(copy, file));

  it('passes on the contract with zero errors and zero warnings', () => {
    expect(result.out).toContain("validating openapi/openapi.yaml using lint rules for api 'main'...");
    expect(
      [...rules.keys()].filter((file) => !file.startsWith(`${copy}/`)),
      result.out,
    ).toEqual([]);
    expect(result.out).toContain('1 problem is explicitly ignored.');
    expect(result.out).not.toMatch(/\d+ warnings?/);
  });

  it('fails on the copy with one error per break, and the exception the ignore file names for the contract', () => {
    expect(result.ok, result.out).toBe(false);
    expect(result.out).toContain('Validation failed with 5 errors');
    expect(rulesAt('openapi/components/schemas/CreateProjectRequest.yaml'), result.out).toEqual([
      'no-required-schema-properties-undefined',
    ]);
  });

  it('fails on a media type without an example', () => {
    expect(rulesAt('openapi/paths/integration_processmessage.yaml'), result.out).toEqual([
      'rule/media-type-has-example',
    ]);
  });

  it('fails on an operation without operationId, or with one not in camelCase', () => {
    expect(rulesAt('openapi/paths/integration_analysis_detail.yaml'), result.out).toEqual([
      'rule/operation-id-camel-case',
    ]);
    expect(rulesAt('openapi/paths/integration_retrievereport.yaml'), result.out).toEqual(['operation-operationId']);
  });

  it('fails on an x-gap that is not a one-line sentence', () => {
    expect(rulesAt('openapi/components/schemas/ProjectProcessing.yaml'), result.out).toEqual([
      'rule/gap-is-a-sentence',
    ]);
  });
});

describe('spectral lint with the OWASP ruleset (lint:owasp, part of lint:contract)', () => {
  const PUBLISHED = join(ROOT, 'generated/openapi.json');
  let broken: string;
  let result: Result;
  beforeAll(async () => {
    const dir = await copyOf(NEEDS.spectral);
    broken = join(dir, 'generated/openapi.json');
    await edit(dir, 'generated/openapi.json', (t) => {
      const doc = JSON.parse(t) as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
        components: { parameters: Record<string, { schema: Record<string, unknown> }> };
      };
      delete doc.paths['/integration/analysis/detail']!.get!.responses['400'];
      delete doc.components.parameters.Page!.schema.format;
      return JSON.stringify(doc);
    });
    result = await spectral([PUBLISHED, broken]);
  });

  /** The rules of the findings the text format lists for `document`. */
  const rulesAt = (document: string) =>
    [...result.out.matchAll(/^(\S+):\d+:\d+ +\w+ +(\S+)/gm)]
      .filter((m) => m[1] === document)
      .map((m) => m[2])
      .sort();

  it('lints the published contract and the broken copy', () => {
    expect(result.out).toContain(`Linting ${PUBLISHED}\n`);
    expect(result.out).toContain(`Linting ${broken}\n`);
  });

  it('passes on the published contract with zero findings', () => {
    expect(
      result.out.split('\n').filter((line) => line.startsWith(PUBLISHED)),
      result.out,
    ).toEqual([]);
  });

  it('is part of npm run lint:contract', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['lint:contract']).toContain('npm run lint:owasp');
    expect(scripts['lint:owasp']).toContain('.spectral.yaml');
  });

  it('fails on an operation without a validation error response and on an integer without format', () => {
    expect(result.ok, result.out).toBe(false);
    expect(rulesAt(broken), result.out).toEqual([
      'owasp:api4:2023-integer-format',
      'owasp:api8:2023-define-error-validation',
    ]);
  });

  it('keeps one line of reason above every rule it turns off', async () => {
    const lines = (await readFile(join(ROOT, '.spectral.yaml'), 'utf8')).split('\n');
    const off = lines.map((line, i) => [line, i] as const).filter(([line]) => /:\s*off\s*$/.test(line));
    expect(off.length).toBeGreaterThan(0);
    for (const [line, i] of off) {
      let above = i - 1;
      while (/:\s*off\s*$/.test(lines[above] ?? '')) above -= 1;
      expect(lines[above], line).toMatch(/^\s*# \S.*\.$/);
    }
  });
});

describe('generate:check', () => {
  // --check writes nothing, so it runs in the repository itself, as `npm run generate:check` does.
  it('passes when generated/ matches the contract', async () => {
    const result = await generateCheck(ROOT);
    expect(result.ok, result.out).toBe(true);
    expect(result.out).toContain('generated/ is up to date');
  });

  it('fails when the contract or the control API changed and generated/ was not regenerated, naming each stale file', async () => {
    const dir = await copyOf(NEEDS.generate);
    await edit(dir, 'openapi/components/schemas/Founder.yaml', (t) =>
      t.replace('description: A founder of the company.', 'description: A founder.'),
    );
    // The mock serves generated/control-api.json, not the YAML it is written from.
    await edit(dir, 'mocks/control-api.openapi.yaml', (t) => t.replace('(its default address)', '(default)'));
    const result = await generateCheck(dir);
    expect(result.ok).toBe(false);
    expect(result.out).toContain('generated/ is out of date');
    expect(result.out).toMatch(/: generated\/openapi\.json, generated\/types\.ts, generated\/control-api\.json\./);
  });
});
