// The smallest consumer that proves a Node version runs the packages (Node 22 and 26; Node 24 runs
// every consumer path): each package's engines admit the running Node, each package's entry imports
// as ESM, and one client call reaches the running mock.
// Usage: node smoke.mjs <baseUrl> <apiKey>
import { createRequire } from 'node:module';
import { createIntegrationClient } from '@portfolio-integration/client';
import contract from '@portfolio-integration/contract/openapi.json' with { type: 'json' };
import * as mock from '@portfolio-integration/mock';

const PACKAGES = ['contract', 'client', 'mock', 'conformance'];
const require = createRequire(import.meta.url);
const version = process.versions.node.split('.').map(Number);

/** Whether the version is in a range of `^major.minor.patch` alternatives (the form the packages use). */
function admits(range) {
  return range.split('||').every((part) => /^\s*\^\d+\.\d+\.\d+\s*$/.test(part))
    ? range.split('||').some((part) => {
        const [major, minor, patch] = part.trim().slice(1).split('.').map(Number);
        const [m, n, p] = version;
        return m === major && (n > minor || (n === minor && p >= patch));
      })
    : `not a range of ^x.y.z alternatives: ${range}`;
}

const [baseUrl, apiKey] = process.argv.slice(2);
const first = (await createIntegrationClient({ baseUrl, apiKey }).listProjects({ pageSize: 5 }).next()).value;
console.log(
  JSON.stringify({
    engines: Object.fromEntries(
      PACKAGES.map((name) => [name, admits(require(`@portfolio-integration/${name}/package.json`).engines.node)]),
    ),
    contract: contract.openapi,
    startMock: typeof mock.startMock,
    firstPage: first.data.length,
  }),
);
