// `npm run verify:live -- --base-url <url> --api-key <key> [...]`: the conformance suite of
// contract-tests/live against any deployment (exit codes in contract-tests/live/cli.ts).
import { main } from '../contract-tests/live/cli.ts';

process.exitCode = await main(process.argv.slice(2));
