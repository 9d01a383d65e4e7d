// The browser bundle of a consumer: esbuild (the repository's own, the version a consumer pins)
// bundles the entry for platform browser, resolving its imports from the consumer project.
// Usage: node bundle-browser.mjs <entry> <consumer project>; prints the bundle's size and inputs.
import { build } from 'esbuild';

const [entry, project] = process.argv.slice(2);
const result = await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'browser',
  format: 'esm',
  write: false,
  metafile: true,
  logLevel: 'error',
  absWorkingDir: project,
});
console.log(
  JSON.stringify({ bytes: result.outputFiles[0].contents.length, inputs: Object.keys(result.metafile.inputs) }),
);
