// npm run pact:broker -- <command> (and pact:publish, pact:broker-verify, pact:can-i-deploy,
// pact:record-deployment, pact:publish-provider-contract): the broker flow, contract-tests/pact/broker/cli.ts.
import { main } from '../contract-tests/pact/broker/cli.ts';

process.exitCode = await main(process.argv.slice(2));
