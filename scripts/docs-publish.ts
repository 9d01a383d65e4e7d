// npm run docs:publish -- --site <dir> [--version <x.y.z>]: builds the documentation site and adds
// it to a versioned static tree (docs-publish/publish.ts); the release workflow of docs/pipelines.md
// runs it on each release tag over the tree it keeps. The version defaults to the contract's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { contractDocument } from '../openapi/index.ts';
import { buildDocs, SITE_FILES } from './docs.ts';
import { publishVersion } from './docs-publish/publish.ts';

const { values } = parseArgs({ options: { site: { type: 'string' }, version: { type: 'string' } } });
if (!values.site) {
  console.error('Usage: npm run docs:publish -- --site <dir> [--version <x.y.z>]');
  process.exit(2);
}
const version = (values.version ?? contractDocument.info.version).replace(/^v/, '');
const work = await mkdtemp(join(tmpdir(), 'docs-publish-'));
try {
  const index = await buildDocs(join(work, 'site'));
  const beside = SITE_FILES.filter((file) => file !== 'index.html').map((file) => join(dirname(index), file));
  const versions = await publishVersion(resolve(values.site), version, index, beside);
  console.log(
    `published v${version} into ${resolve(values.site)} (versions: ${versions.join(', ')}; latest: ${versions[0]})`,
  );
} catch (error) {
  console.error(`docs:publish: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
