// The contract's own checkers (Redocly lint with our rules, Spectral's OWASP ruleset, generate:check) pass on the contract
// and fail on a broken copy of it. Each tool runs as the command users run (a child process, about two CPU-seconds of
// start-up each), so each runs twice: once on the contract, once on one copy carrying every break for that tool. The
// breaks are independent and the clean run shows none of their rules, so each rule named in the broken run is one break.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

interface Result {
  ok: boolean;
  out: string;
}

async function sh(cwd: string, cmd: string, args: string[]): Promise<Result> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 24 });
    return { ok: true, out: stdout + stderr };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

const redocly = (cwd: string) => sh(cwd, join(ROOT, 'node_modules/.bin/redocly'), ['lint', '--format=stylish']);
const spectral = (cwd: string) => sh(cwd, join(ROOT, 'node_modules/.bin/spectral'), ['lint', '--ruleset', '.spectral.yaml', '--fail-severity=hint', '-f', 'text', 'generated/openapi.json']);
const generateCheck = (cwd: string) => sh(cwd, join(ROOT, 'node_modules/.bin/tsx'), ['scripts/generate.ts', '--check']);

/** What each tool reads: the copy a test breaks holds only these (node_modules linked), so the repository is never touched. */
const NEEDS = {
  redocly: ['openapi', 'redocly.yaml', '.redocly.lint-ignore.yaml'],
  spectral: ['generated/openapi.json', '.spectral.yaml'],
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

/** Rule names Redocly's stylish format lists under `file`'s heading. */
function redoclyRulesAt(out: string, file: string): string[] {
  const section = out.split(/\n(?=\S)/).find((block) => block.startsWith(`${file}:\n`)) ?? '';
  return [...section.matchAll(/^ +\d+:\d+ +error +(\S+)/gm)].map((m) => m[1]!);
}

describe('redocly lint', () => {
  it('passes on the contract with zero errors and zero warnings', async () => {
    const result = await redocly(ROOT);
    expect(result.ok, result.out).toBe(true);
    expect(result.out).toContain('Your API description is valid');
    expect(result.out).not.toMatch(/\d+ warnings?/);
  });

  describe('on a copy with four breaks, each named at its file', () => {
    let result: Result;
    beforeAll(async () => {
      const dir = await copyOf(NEEDS.redocly);
      await edit(dir, 'openapi/paths/integration_processmessage.yaml', (t) => t.replace(/\n {8}examples:\n {10}ProcessMessage:\n {12}\$ref: [^\n]+/, ''));
      await edit(dir, 'openapi/paths/integration_analysis_detail.yaml', (t) => t.replace('operationId: getAnalysisDetail', 'operationId: get_analysis_detail'));
      await edit(dir, 'openapi/paths/integration_retrievereport.yaml', (t) => t.replace(/ {2}operationId: retrieveReport\n/, ''));
      await edit(dir, 'openapi/components/schemas/ProjectProcessing.yaml', (t) => t.replace(/x-gap: (.*)\.$/m, 'x-gap: $1'));
      result = await redocly(dir);
    });

    it('fails, with one error per break', () => {
      expect(result.ok, result.out).toBe(false);
      expect(result.out).toContain('Validation failed with 4 errors');
    });

    it('fails on a media type without an example', () => {
      expect(redoclyRulesAt(result.out, 'openapi/paths/integration_processmessage.yaml'), result.out).toEqual(['rule/media-type-has-example']);
    });

    it('fails on an operation without operationId, or with one not in camelCase', () => {
      expect(redoclyRulesAt(result.out, 'openapi/paths/integration_analysis_detail.yaml'), result.out).toEqual(['rule/operation-id-camel-case']);
      expect(redoclyRulesAt(result.out, 'openapi/paths/integration_retrievereport.yaml'), result.out).toEqual(['operation-operationId']);
    });

    it('fails on an x-gap that is not a one-line sentence', () => {
      expect(redoclyRulesAt(result.out, 'openapi/components/schemas/ProjectProcessing.yaml'), result.out).toEqual(['rule/gap-is-a-sentence']);
    });
  });
});

describe('spectral lint with the OWASP ruleset (lint:owasp, part of lint:contract)', () => {
  it('passes on the published contract with zero findings', async () => {
    const result = await spectral(ROOT);
    expect(result.ok, result.out).toBe(true);
    expect(result.out).not.toMatch(/owasp:/);
  });

  it('is part of npm run lint:contract', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['lint:contract']).toContain('npm run lint:owasp');
    expect(scripts['lint:owasp']).toContain('.spectral.yaml');
  });

  it('fails on an operation without a validation error response and on an integer without format', async () => {
    const dir = await copyOf(NEEDS.spectral);
    await edit(dir, 'generated/openapi.json', (t) => {
      const doc = JSON.parse(t) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { parameters: Record<string, { schema: Record<string, unknown> }> } };
      delete doc.paths['/integration/analysis/detail']!.get!.responses['400'];
      delete doc.components.parameters.Page!.schema.format;
      return JSON.stringify(doc);
    });
    const result = await spectral(dir);
    expect(result.ok).toBe(false);
    expect(result.out).toContain('owasp:api8:2023-define-error-validation');
    expect(result.out).toContain('owasp:api4:2023-integer-format');
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

  it('fails when the contract changed and generated/ was not regenerated', async () => {
    const dir = await copyOf(NEEDS.generate);
    await edit(dir, 'openapi/components/schemas/Founder.yaml', (t) => t.replace('description: A founder of the company.', 'description: A founder.'));
    const result = await generateCheck(dir);
    expect(result.ok).toBe(false);
    expect(result.out).toContain('generated/ is out of date');
  });
});
