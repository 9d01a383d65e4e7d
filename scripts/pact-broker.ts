// npm run pact:broker -- <command> (and pact:publish, pact:broker-verify, pact:can-i-deploy,
// pact:record-deployment, pact:publish-provider-contract): the broker flow, conformance/src/broker/cli.ts.
// In the clone the consumer suites write their pacts to contract-tests/pacts/ (the package's default is ./pacts).
import { main } from '../conformance/src/broker/cli.ts';
import { PACT_DIR } from '../conformance/src/pact/pact-location.ts';

const argv = process.argv.slice(2);
if (argv[0] === 'publish' && !argv.includes('--pacts')) argv.push('--pacts', PACT_DIR);
process.exitCode = await main(argv);
