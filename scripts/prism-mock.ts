// `npm run mock:prism [-- --port N]`: Prism serving the contract's examples under /api.
import { PRISM_MOCK_PORT, servePrismFromCli } from '../mocks/prism/serve-cli.ts';

await servePrismFromCli(
  {
    usage: `Usage: npm run mock:prism [-- --port <port>]   (PORT also sets the port; default ${PRISM_MOCK_PORT}, next to the stateful mock on 4010)`,
    defaultPort: PRISM_MOCK_PORT,
    target: (positionals) => {
      if (positionals.length > 0) throw new Error(`Unexpected arguments: ${positionals.join(' ')}`);
      return { mode: 'mock' };
    },
    describe: (baseUrl) => `Prism mock of the contract: base URL ${baseUrl} (Ctrl-C stops it)`,
  },
  process.argv.slice(2),
);
