// The contract's own checkers (Redocly lint with our rules, Spectral's OWASP ruleset, generate:check) pass on the contract
// and fail on a broken copy of it.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const COPIED = ['openapi', 'scripts', 'generated', 'redocly.yaml', '.redocly.lint-ignore.yaml', '.spectral.yaml', 'package.json'];

async function sh(cwd: string, cmd: string, args: string[]): Promise<{ ok: boolean; out: string }> {
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

let copy: string;

/** A fresh copy of the contract and its tooling, so a test can break it without touching the repo. */
async function freshCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'contract-'));
  for (const entry of COPIED) await cp(join(ROOT, entry), join(dir, entry), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

async function edit(dir: string, file: string, change: (text: string) => string): Promise<void> {
  const path = join(dir, file);
  const before = await readFile(path, 'utf8');
  const after = change(before);
  expect(after, `edit of ${file} changed nothing`).not.toBe(before);
  await writeFile(path, after);
}

beforeAll(async () => {
  copy = await freshCopy();
});
afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

describe('redocly lint', () => {
  it('passes on the contract with zero errors and zero warnings', async () => {
    const result = await redocly(ROOT);
    expect(result.ok, result.out).toBe(true);
    expect(result.out).toContain('Your API description is valid');
    expect(result.out).not.toMatch(/\d+ warnings?/);
  });

  it('fails on a media type without an example', async () => {
    const dir = await freshCopy();
    await edit(dir, 'openapi/paths/integration_processmessage.yaml', (t) =>
      t.replace(/\n {8}examples:\n {10}ProcessMessage:\n {12}\$ref: [^\n]+/, ''),
    );
    const result = await redocly(dir);
    await rm(dir, { recursive: true, force: true });
    expect(result.ok).toBe(false);
    expect(result.out).toContain('media-type-has-example');
  });

  it('fails on an operation without operationId, or with one not in camelCase', async () => {
    await edit(copy, 'openapi/paths/integration_analysis_detail.yaml', (t) => t.replace('operationId: getAnalysisDetail', 'operationId: get_analysis_detail'));
    await edit(copy, 'openapi/paths/integration_retrievereport.yaml', (t) => t.replace(/ {2}operationId: retrieveReport\n/, ''));
    const result = await redocly(copy);
    expect(result.ok).toBe(false);
    expect(result.out).toContain('operation-id-camel-case');
    expect(result.out).toContain('operation-operationId');
  });

  it('fails on an x-gap that is not a one-line sentence', async () => {
    const dir = await freshCopy();
    await edit(dir, 'openapi/components/schemas/ProjectProcessing.yaml', (t) => t.replace(/x-gap: (.*)\.$/m, 'x-gap: $1'));
    const result = await redocly(dir);
    await rm(dir, { recursive: true, force: true });
    expect(result.ok).toBe(false);
    expect(result.out).toContain('gap-is-a-sentence');
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
    const dir = await freshCopy();
    await edit(dir, 'generated/openapi.json', (t) => {
      const doc = JSON.parse(t) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { parameters: Record<string, { schema: Record<string, unknown> }> } };
      delete doc.paths['/integration/analysis/detail']!.get!.responses['400'];
      delete doc.components.parameters.Page!.schema.format;
      return JSON.stringify(doc);
    });
    const result = await spectral(dir);
    await rm(dir, { recursive: true, force: true });
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
  it('passes when generated/ matches the contract', async () => {
    const dir = await freshCopy();
    const result = await generateCheck(dir);
    await rm(dir, { recursive: true, force: true });
    expect(result.ok, result.out).toBe(true);
  });

  it('fails when the contract changed and generated/ was not regenerated', async () => {
    const dir = await freshCopy();
    await edit(dir, 'openapi/components/schemas/Founder.yaml', (t) => t.replace('description: A founder of the company.', 'description: A founder.'));
    const result = await generateCheck(dir);
    await rm(dir, { recursive: true, force: true });
    expect(result.ok).toBe(false);
    expect(result.out).toContain('generated/ is out of date');
  });
});
