// `npm run pact:verify -- --base-url <url> [...]`: the bundled HTTP pact against any provider.
import { main } from '../contract-tests/pact/cli.ts';

process.exitCode = await main(process.argv.slice(2));
