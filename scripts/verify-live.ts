// `npm run verify:live -- --base-url <url> --api-key <key> [...]`: the live conformance suite of
// contract-tests/live against any deployment; exit code 0 only when nothing violates the contract.
import { main } from '../contract-tests/live/cli.ts';

process.exitCode = await main(process.argv.slice(2));
