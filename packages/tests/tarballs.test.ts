// What the four tarballs hold: only what a user needs (no tests, fixtures or TypeScript sources
// other than declarations), the license, a README, and the contract's version.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listenOnLoopback, type LoopbackServer } from '../../contract-tests/support/listen-on-loopback.ts';
import { contractVersion } from '../../scripts/build-packages.ts';
import { NODE_VERSIONS } from './support/node-binaries.ts';
import { envFor, runCommand } from './support/run-command.ts';

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

  it('an install of the conformance package pulls neither the Pact CLI binaries (broker) nor Redocly (diff): optional peers', async () => {
    const project = inject('project');
    const installed = JSON.parse(
      await readFile(`${project}/node_modules/@portfolio-integration/conformance/package.json`, 'utf8'),
    ) as { dependencies: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> };
    for (const peer of ['@pact-foundation/pact-cli', '@redocly/cli']) {
      expect(Object.keys(installed.dependencies)).not.toContain(peer);
      expect(installed.peerDependenciesMeta?.[peer]).toEqual({ optional: true });
    }
  });

  it('the conformance package installed alone: no optional peer; broker and diff each name the one to add (exit 2)', async () => {
    const binary = inject('nodes')[NODE_VERSIONS[1]];
    // Installed by the global setup (support/consumer-project.ts) beside the consumer project, and
    // removed by it.
    const alone = inject('alone');
    let broker: LoopbackServer | undefined;
    try {
      const manifest = JSON.parse(await readFile(join(alone, 'package.json'), 'utf8'));
      expect(Object.keys(manifest.dependencies), 'the conformance tarball and nothing else installed').toEqual([
        '@portfolio-integration/conformance',
      ]);
      expect(await readdir(join(alone, 'node_modules/@pact-foundation'))).not.toContain('pact-cli');
      expect(await readdir(join(alone, 'node_modules'))).not.toContain('@redocly');
      const bin = join(alone, 'node_modules/.bin/portfolio-conformance');
      const contract = join(alone, 'base.json');
      await writeFile(
        contract,
        JSON.stringify({ openapi: '3.1.0', info: { title: 'base', version: '0.0.1' }, paths: {} }),
      );
      const diff = await runCommand(binary, bin, ['diff', '--base', contract], { cwd: alone });
      expect([diff.code, diff.stderr.trim()]).toEqual([
        2,
        expect.stringMatching(/^diff: diff needs @redocly\/cli@?.*2\.77\.0[^\n]*$/),
      ]);
      // A broker that takes connections (the command asks for one before it runs the Pact CLI).
      broker = await listenOnLoopback(createServer(), { closeConnections: true });
      const canIDeploy = await runCommand(
        binary,
        bin,
        ['broker', 'can-i-deploy', '--pacticipant', 'p', '--to-environment', 'e'],
        {
          cwd: alone,
          env: { ...envFor(binary), PACT_BROKER_BASE_URL: broker.origin, PACT_VERSION: '1' },
        },
      );
      expect([canIDeploy.code, canIDeploy.stderr]).toEqual([
        2,
        expect.stringContaining('@pact-foundation/pact-cli is not installed'),
      ]);
    } finally {
      await broker?.close();
    }
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

  it('the mock, which carries its npm packages in its files, installs none of them and ships their licences', async () => {
    const mock = packed.find((p) => p.name === '@portfolio-integration/mock')!;
    expect(mock.files).toContain('dist/THIRD-PARTY-NOTICES.md');
    const project = inject('project');
    const installed = JSON.parse(
      await readFile(`${project}/node_modules/@portfolio-integration/mock/package.json`, 'utf8'),
    ) as { dependencies: Record<string, string> };
    // Ajv stays for the /msw entry, whose imports the user's bundler resolves.
    expect(Object.keys(installed.dependencies)).toEqual(['ajv', 'ajv-formats']);
    const notices = await readFile(
      `${project}/node_modules/@portfolio-integration/mock/dist/THIRD-PARTY-NOTICES.md`,
      'utf8',
    );
    for (const name of ['fastify', '@fastify/multipart', '@fastify/static', 'postgres', 'ajv'])
      expect(notices).toMatch(new RegExp(`^## ${name} \\d`, 'm'));
    expect(notices).toContain('Permission is hereby granted, free of charge');
  });

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
