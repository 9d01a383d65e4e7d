import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unreferencedFiles } from './unreferenced-files.ts';

const CONTRACT = new URL('../../openapi/', import.meta.url).pathname;

describe('no unused component files', () => {
  it('every file under openapi/ is reached by a $ref from openapi.yaml', async () => {
    expect(await unreferencedFiles(CONTRACT)).toEqual([]);
  });

  it('reports a component file nothing refers to', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-'));
    try {
      await cp(CONTRACT, dir, { recursive: true });
      await writeFile(join(dir, 'components/schemas/Orphan.yaml'), 'type: object\n');
      expect(await unreferencedFiles(dir)).toEqual(['components/schemas/Orphan.yaml']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
