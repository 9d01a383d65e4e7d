// The repository's boundaries (.dependency-cruiser.cjs): no import circle, shipped code imports no
// test, test double, bench/, scripts/ or packages/, and a product reaches another only through its
// face (the contract's is openapi/index.ts). Checked on the tree as it is, and on a small tree broken on purpose, so the check is known to fail.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;
const FOLDERS = ['client', 'mocks', 'conformance', 'common', 'contract-tests', 'scripts', 'bench', 'packages'];

async function violations(baseDir: string, folders: string[], tsConfig?: string): Promise<string[]> {
  const { output } = await cruise(folders, {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    ...(tsConfig ? {} : { tsConfig: undefined }),
  });
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('boundaries', () => {
  it('the tree has no import circle, no shipped import of test code, and products meet at their faces', async () => {
    expect(await violations(ROOT, FOLDERS, 'tsconfig.json')).toEqual([]);
  });

  const temp = mkdtemp(join(tmpdir(), 'boundaries-'));
  afterAll(async () => rm(await temp, { recursive: true, force: true }));

  it('fails on a tree that breaks each rule once', async () => {
    const dir = await temp;
    const files: Record<string, string> = {
      'mocks/src/index.ts': "export { b } from './uses-test.ts';\n",
      'mocks/src/uses-test.ts': "import { helper } from '../test/helper.ts';\nexport const b = helper;\n",
      'mocks/test/helper.ts': 'export const helper = 1;\n',
      'client/src/index.ts': "import { b } from '../../mocks/src/uses-test.ts';\nexport const c = b;\n",
      'common/src/index.ts': "export { p } from './p.ts';\n",
      'common/src/p.ts': "import { q } from './q.ts';\nexport const p = () => q;\n",
      'common/src/q.ts': "import { p } from './p.ts';\nexport const q = () => p;\n",
      'conformance/src/index.ts': "import type { paths } from '../../generated/types.ts';\nexport type P = paths;\n",
      'generated/types.ts': 'export type paths = {};\n',
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
    const found = await violations(dir, ['mocks', 'client', 'common', 'conformance']);
    expect(found).toEqual(
      expect.arrayContaining([
        'shipped-imports-shipped-only: mocks/src/uses-test.ts -> mocks/test/helper.ts',
        'product-through-its-face: client/src/index.ts -> mocks/src/uses-test.ts',
        'shipped-imports-shipped-only: conformance/src/index.ts -> generated/types.ts',
        expect.stringMatching(/^no-circular: common\/src\/[pq]\.ts -> common\/src\/[pq]\.ts$/),
      ]),
    );
  });
});
