// `npm run docs:catalogue`: writes docs/conformance-catalogue.md from the conformance catalogue.
import { mkdir, writeFile } from 'node:fs/promises';
import { catalogueMarkdown } from './catalogue-page.ts';

const ROOT = new URL('../', import.meta.url);
await mkdir(new URL('docs/', ROOT), { recursive: true });
await writeFile(new URL('docs/conformance-catalogue.md', ROOT), catalogueMarkdown());
console.log('docs/conformance-catalogue.md written');
