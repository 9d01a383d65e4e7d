// The version and branch a pacticipant publishes under: the git commit and branch, as the Pact
// docs recommend. CI checkouts are often detached, so GitHub Actions' variables name the branch.
import { execFileSync } from 'node:child_process';

function git(args: string[], cwd: string): string | undefined {
  try {
    return (
      execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** PACT_VERSION, else the full commit sha of HEAD. */
export function gitVersion(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const version = env.PACT_VERSION?.trim() || git(['rev-parse', 'HEAD'], cwd);
  if (!version) throw new Error('no version: not a git checkout (set PACT_VERSION or pass --version)');
  return version;
}

/** PACT_BRANCH, else the pull request's source branch or the pushed branch (GitHub Actions), else the checked-out branch. */
export function gitBranch(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const branch =
    env.PACT_BRANCH?.trim() ||
    env.GITHUB_HEAD_REF?.trim() ||
    env.GITHUB_REF_NAME?.trim() ||
    git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd);
  if (!branch || branch === 'HEAD')
    throw new Error('no branch: not a git checkout or a detached one (set PACT_BRANCH or pass --branch)');
  return branch;
}
