// npm run pact:verify -- [options]: the consumer's HTTP pact against any deployment, conformance/src/pact/cli.ts.
import { main } from '../conformance/src/pact/cli.ts';

process.exitCode = await main(process.argv.slice(2));
