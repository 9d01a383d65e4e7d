// The structural walk is Redocly's `diff` (experimental, @redocly/cli 2.77.0), run through its CLI
// because it is not exported as an API. It gives one change per changed node with a semver impact.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Json } from './types.ts';

export interface RedoclyChange {
  /** Where the walk met the change: a pointer through the paths or webhooks, `#/...`. */
  path: string;
  typeName: string;
  kind: 'added' | 'removed' | 'modified';
  impact: 'major' | 'minor' | 'patch' | 'none';
  property?: string;
  verdicts: { ruleId: string; impact: string; message: string; location?: { pointer: string } }[];
  base?: { pointer: string; value?: unknown };
  revision?: { pointer: string; value?: unknown };
}

const cliPath = join(createRequire(import.meta.url).resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');

/** Starts the walk at once (synchronously), so the caller can work while the child process runs. */
export function structuralWalk(base: Json, head: Json): Promise<RedoclyChange[]> {
  // A scratch folder as working directory: the repository's redocly.yaml (lint rules) is not wanted here.
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-'));
  const [b, h, out] = ['base.json', 'head.json', 'diff.json'].map((f) => join(dir, f)) as [string, string, string];
  writeFileSync(b, JSON.stringify(base));
  writeFileSync(h, JSON.stringify(head));
  const done = new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [cliPath, 'diff', b, h, '--format', 'json', '--fail-on', 'none', '--lint-config', 'off', '-o', out],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, timeout: 60_000 },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`redocly diff failed: ${stderr.split('\n').find((l) => /error/i.test(l)) ?? error.message}`)) : resolve(),
    );
  });
  return done
    .then(async () => (JSON.parse(await readFile(out, 'utf8')) as { changes: RedoclyChange[] }).changes)
    .finally(() => rm(dir, { recursive: true, force: true }));
}
