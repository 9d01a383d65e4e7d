// The contract's versions in git: release tags (semver, `v` optional) and the merge base with main.
import { execFileSync } from 'node:child_process';

function git(cwd: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

const SEMVER_TAG = /^v?\d+\.\d+\.\d+$/;

/** Release tags reachable from HEAD, oldest first. */
export function releaseTags(cwd: string): string[] {
  const out = git(cwd, ['tag', '--merged', 'HEAD', '--sort=v:refname']);
  return (out ?? '').split('\n').filter((t) => SEMVER_TAG.test(t));
}

/** The contract to gate against: the last release tag, else the merge base with main, else none. */
export function gateBaseline(cwd: string): { ref: string; why: string } | undefined {
  const tag = releaseTags(cwd).at(-1);
  if (tag) return { ref: tag, why: `last release tag ${tag}` };
  for (const main of ['origin/main', 'main']) {
    const base = git(cwd, ['merge-base', 'HEAD', main]);
    if (base) return { ref: base, why: `merge base with ${main} (no release tag yet)` };
  }
  return undefined;
}

export const hasFileAt = (cwd: string, ref: string, path: string) =>
  git(cwd, ['cat-file', '-e', `${ref}:${path}`]) !== undefined;

export const majorOf = (version: string) => Number(/^(\d+)\./.exec(version)?.[1] ?? NaN);
