// What the four tarballs hold: only what a user needs (no tests, fixtures or TypeScript sources
// other than declarations), the license, a README, and the contract's version.
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { contractVersion } from '../../scripts/build-packages.ts';

const packed = inject('packed');

/** Why a file has no place in a published tarball, or undefined when it does. */
export function unwantedFile(path: string): string | undefined {
  if (/(^|\/)(tests?|__tests__|fixtures?|consumer)\//.test(path)) return 'a test or fixture folder';
  if (/\.(test|spec|e2e)\.[cm]?[jt]s$/.test(path)) return 'a test file';
  if (/\.[cm]?ts$/.test(path) && !/\.d\.[cm]?ts$/.test(path)) return 'a TypeScript source';
  if (/(^|\/)(tsconfig[^/]*\.json|\.tsconfig[^/]*)$/.test(path)) return 'build configuration';
  return undefined;
}

describe('the tarballs', () => {
  it('are the four packages, versioned with the contract', async () => {
    const version = await contractVersion();
    expect(packed.map((p) => p.name).sort()).toEqual([
      '@portfolio-integration/client',
      '@portfolio-integration/conformance',
      '@portfolio-integration/contract',
      '@portfolio-integration/mock',
    ]);
    for (const p of packed) expect(p.filename).toBe(`${p.name.slice(1).replace('/', '-')}-${version}.tgz`);
  });

  it('an install of the conformance package does not pull the Pact CLI binaries (an optional peer for the broker commands)', async () => {
    const project = inject('project');
    const installed = JSON.parse(
      await readFile(`${project}/node_modules/@portfolio-integration/conformance/package.json`, 'utf8'),
    ) as { dependencies: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> };
    expect(Object.keys(installed.dependencies)).not.toContain('@pact-foundation/pact-cli');
    expect(installed.peerDependenciesMeta?.['@pact-foundation/pact-cli']).toEqual({ optional: true });
  });

  it("the client's bundles carry the contract's facts, not its descriptions or code samples", async () => {
    const project = inject('project');
    for (const build of ['esm', 'cjs']) {
      const code = await readFile(
        `${project}/node_modules/@portfolio-integration/client/dist/${build}/index.js`,
        'utf8',
      );
      expect(code).not.toContain('x-codeSamples');
      expect(code).not.toContain('Returns the full project bundle');
      // What the client reads at run time is still there: security schemes and x- facts.
      expect(code).toContain('sessionBearer');
      expect(code).toContain('x-');
    }
  });

  it.each(packed.map((p) => [p.name, p] as const))(
    '%s holds no test, fixture or .ts source, and has LICENSE and README.md',
    (_name, p) => {
      expect(p.files.map((f) => [f, unwantedFile(f)]).filter(([, why]) => why)).toEqual([]);
      expect(p.files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json']));
    },
  );

  it('the check finds a test file, a fixture and a source among allowed files', () => {
    const files = [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/a.test.js',
      'fixtures/seed.json',
      'dist/client/index.ts',
      'tsconfig.json',
    ];
    expect(files.filter((f) => unwantedFile(f))).toEqual([
      'dist/a.test.js',
      'fixtures/seed.json',
      'dist/client/index.ts',
      'tsconfig.json',
    ]);
  });

  it('each README names its install line and imports from the package names', async () => {
    for (const p of packed) {
      const readme = await readFile(new URL(`../${p.name.split('/')[1]}/README.md`, import.meta.url), 'utf8');
      expect(readme).toMatch(new RegExp(`npm install (--save-dev )?${p.name}\\b`));
      expect(readme).not.toMatch(/from '\.{1,2}\//);
    }
  });
});
