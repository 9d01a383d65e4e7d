// CHANGELOG.md from the contract's releases: one section per release tag (its diff with the release
// before), newest first, and the changes not yet released. A copy is the docs site's changelog page.
import { writeFileSync, mkdirSync } from 'node:fs';
import { diffContracts, versionOf } from '../../conformance/src/diff/diff-contracts.ts';
import { hasFileAt, releaseTags } from './git-contracts.ts';
import { BUNDLE_PATH, loadContract, type LoadedContract } from '../../conformance/src/diff/load-contract.ts';
import { formatMarkdown } from '../../conformance/src/diff/report-format.ts';

export const CHANGELOG_FILES = ['CHANGELOG.md', 'docs/changelog.md'];

const HEADER = `# Changelog

The contract's changes between releases, found by the contract diff (\`npx portfolio-conformance diff\`,
which compares any two versions): breaking changes first, each with a counterexample (an exchange one version
accepts and the other refuses) where one exists; then compatible changes
and \`x-gap\` marks closed or opened. A release is a git tag \`vX.Y.Z\`.
`;

export async function renderChangelog(cwd: string): Promise<string> {
  const tags = releaseTags(cwd).filter((t) => hasFileAt(cwd, t, BUNDLE_PATH));
  const head = loadContract(BUNDLE_PATH, cwd);
  const sections: string[] = [];
  const section = async (base: LoadedContract, next: LoadedContract, title: string) => {
    const report = await diffContracts(base, next, `${cwd}/contract-tests/pacts`);
    const meaningful = report.findings.filter(
      (f) => f.severity !== 'info' || f.id.startsWith('x-gap') || f.id.startsWith('known-values'),
    );
    return formatMarkdown({ ...report, findings: meaningful, replay: { checked: 0, failures: [], notes: [] } }, title);
  };
  const last = tags.at(-1);
  if (last) {
    const released = loadContract(last, cwd);
    if (JSON.stringify(released.doc) !== JSON.stringify(head.doc))
      sections.push(await section(released, head, `Unreleased (${versionOf(head.doc)}, since ${last})`));
  } else {
    sections.push(
      `## Unreleased (${versionOf(head.doc)})\n\nNo release is tagged yet: this is the first version of the contract. Tag a release \`v${versionOf(head.doc)}\` to start the changelog.\n`,
    );
  }
  for (let i = tags.length - 1; i >= 0; i--) {
    const tag = tags[i] as string;
    const current = loadContract(tag, cwd);
    const before = tags[i - 1];
    sections.push(
      before
        ? await section(loadContract(before, cwd), current, `${tag} (${versionOf(current.doc)})`)
        : `## ${tag} (${versionOf(current.doc)})\n\nThe first release of the contract.\n`,
    );
  }
  return `${HEADER}\n${sections.join('\n')}`;
}

export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  if (argv.length > 0) {
    console.error('changelog: takes no arguments (writes CHANGELOG.md and docs/changelog.md).');
    return 2;
  }
  try {
    const text = await renderChangelog(cwd);
    mkdirSync(`${cwd}/docs`, { recursive: true });
    for (const file of CHANGELOG_FILES) writeFileSync(`${cwd}/${file}`, text);
    console.log(`changelog: wrote ${CHANGELOG_FILES.join(' and ')}`);
    return 0;
  } catch (e) {
    console.error(`changelog: ${(e as Error).message.split('\n')[0]}`);
    return 2;
  }
}
