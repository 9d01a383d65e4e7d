// npm run pact:broker -- <command> (and pact:publish, pact:broker-verify, pact:can-i-deploy,
// pact:record-deployment, pact:publish-provider-contract): the broker flow, conformance/src/broker/cli.ts.
import { main } from '../conformance/src/broker/cli.ts';

process.exitCode = await main(process.argv.slice(2));
