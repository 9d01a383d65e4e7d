// Loads a generator the project pins, refusing a missing one or one outside the pinned minor with a
// message that says what to do.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function loadPinned<T>(specifier: string, pinnedPrefix: string, versionOf = specifier): Promise<T> {
  let loaded: T;
  let version: string;
  try {
    loaded = (await import(specifier)) as T;
    const manifest = join(ROOT, 'node_modules', versionOf, 'package.json');
    version = (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
  } catch (error) {
    throw new Error(
      `${specifier} is not installed (${(error as Error).message.split('\n')[0]}). It is a pinned devDependency: run \`npm ci\`.`,
    );
  }
  if (!version.startsWith(pinnedPrefix)) {
    throw new Error(`${versionOf} is ${version}, expected ${pinnedPrefix}x (the package.json pin). Run \`npm ci\`.`);
  }
  return loaded;
}
