// Redocly's no-unused-components only sees components declared in the root document; in our split
// layout a component is a file, so "unused" means a file under openapi/ that no $ref reaches.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';

function collectRefs(node: unknown, refs: string[]): void {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, refs));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') refs.push(value);
      else collectRefs(value, refs);
    }
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  // Arazzo workflows (workflows/*.arazzo.yaml) refer to the contract; the contract never refers to them.
  return entries
    .filter(
      (e) =>
        e.isFile() &&
        /\.(ya?ml|md)$/.test(e.name) &&
        !e.name.endsWith('.arazzo.yaml') &&
        e.name !== 'README.md' &&
        e.name !== 'EXTENSIONS.md',
    )
    .map((e) => join(e.parentPath, e.name));
}

/** Files of the contract folder that are not reachable by `$ref` from its root document. */
export async function unreferencedFiles(contractDir: string, rootFile = 'openapi.yaml'): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [resolve(contractDir, rootFile)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.ya?ml$/.test(file)) continue;
    const refs: string[] = [];
    collectRefs(parse(await readFile(file, 'utf8')), refs);
    for (const ref of refs) {
      const target = ref.split('#')[0];
      if (target) queue.push(resolve(dirname(file), target));
    }
  }
  const files = await listFiles(resolve(contractDir));
  return files.filter((f) => !seen.has(f)).map((f) => relative(contractDir, f));
}
