// npm run pact:verify -- [options]: the consumer's HTTP pact against any deployment, contract-tests/pact/cli.ts.
import { main } from '../contract-tests/pact/cli.ts';

process.exitCode = await main(process.argv.slice(2));
