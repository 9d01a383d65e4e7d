// The versioned tree of the documentation (scripts/docs-publish/publish.ts) on small pages: versions
// in numeric order, latest/ the newest, every page's switcher rewritten at each publish, and the
// refusals (a version that is not x.y.z, a page with links from the host's root).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishVersion } from '../../scripts/docs-publish/publish.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function page(dir: string, name: string, body: string): Promise<string> {
  const file = join(dir, `${name}.html`);
  await writeFile(file, `<!DOCTYPE html><html><head></head><body>${body}</body></html>`);
  return file;
}

describe('publishVersion', () => {
  it('keeps versions side by side, newest first by number, latest the newest, switchers rewritten', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docs-publish-'));
    dirs.push(dir);
    const site = join(dir, 'site');
    await publishVersion(site, '0.9.0', await page(dir, 'a', '<h1>nine</h1>'));
    await publishVersion(site, '0.10.0', await page(dir, 'b', '<h1>ten</h1>'));
    expect(await publishVersion(site, '0.9.1', await page(dir, 'c', '<h1>nine one</h1>'))).toEqual([
      '0.10.0',
      '0.9.1',
      '0.9.0',
    ]);
    expect(await readFile(join(site, 'latest/index.html'), 'utf8')).toContain('<h1>ten</h1>');
    const oldest = await readFile(join(site, 'v0.9.0/index.html'), 'utf8');
    expect(oldest.match(/version-switcher-script/g)).toHaveLength(1);
    expect(oldest).toContain('"value":"../v0.10.0/"');
    expect(oldest).toContain('"value":"../v0.9.0/","label":"0.9.0","selected":true');
    expect(JSON.parse(await readFile(join(site, 'versions.json'), 'utf8')).latest).toBe('0.10.0');
    expect(await readFile(join(site, 'index.html'), 'utf8')).toContain('url=latest/');
  });

  it("keeps the files given beside each version's page, and latest/ is exactly the newest version's folder", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docs-publish-'));
    dirs.push(dir);
    const site = join(dir, 'site');
    const sender = join(dir, 'console-frame.html');
    await writeFile(sender, '<!DOCTYPE html><title>sender</title>');
    await publishVersion(site, '1.0.0', await page(dir, 'one', '<h1>one</h1>'), [sender]);
    await writeFile(join(site, 'latest', 'left-over.html'), 'from an older latest/');
    await publishVersion(site, '1.1.0', await page(dir, 'two', '<h1>two</h1>'), [sender]);
    for (const folder of ['v1.0.0', 'v1.1.0'])
      expect((await readdir(join(site, folder))).sort()).toEqual(['console-frame.html', 'index.html']);
    expect((await readdir(join(site, 'latest'))).sort()).toEqual(['console-frame.html', 'index.html']);
    expect(await readFile(join(site, 'latest/index.html'), 'utf8')).toContain('<h1>two</h1>');
  });

  it('refuses a version that is not x.y.z and a page linking from the host root', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docs-publish-'));
    dirs.push(dir);
    const good = await page(dir, 'good', '<a href="#/section/errors">errors</a>');
    await expect(publishVersion(join(dir, 'site'), 'latest', good)).rejects.toThrow(/Not a release version/);
    const bad = await page(dir, 'bad', '<a class="x" href="/section/errors">errors</a>');
    await expect(publishVersion(join(dir, 'site'), '1.0.0', bad)).rejects.toThrow(/links from the host's root/);
  });
});
