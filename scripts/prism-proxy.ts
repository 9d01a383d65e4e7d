// `npm run proxy:prism -- <upstream base URL> [--port N]`: Prism's validation proxy in front of a
// deployment; every request and response is judged against the contract and violations are
// logged and sent back in `sl-violations` headers.
import { PRISM_PROXY_PORT, servePrismFromCli } from '../mocks/prism/serve-cli.ts';
import { prismUpstream } from '../mocks/prism/upstream.ts';

await servePrismFromCli(
  {
    usage:
      'Usage: npm run proxy:prism -- <upstream> [--port <port>]\n' +
      '  <upstream>  the service base URL, e.g. http://127.0.0.1:4010/api (an origin without /api works too)\n' +
      '  --port      where the proxy listens (PORT also sets it; default 4011, next to the mock on 4010)',
    defaultPort: PRISM_PROXY_PORT,
    target: (positionals) => {
      const [upstream, ...rest] = positionals;
      if (!upstream) throw new Error('Missing <upstream>: the base URL of the service to validate');
      if (rest.length > 0) throw new Error(`Unexpected arguments: ${rest.join(' ')}`);
      return { mode: 'proxy', upstream: prismUpstream(upstream) };
    },
    describe: (baseUrl, target) =>
      `Prism validation proxy: base URL ${baseUrl} forwards to ${target.mode === 'proxy' ? target.upstream : ''}/api (Ctrl-C stops it)`,
  },
  process.argv.slice(2),
);
