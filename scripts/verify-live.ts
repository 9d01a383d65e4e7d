// `npm run verify:live -- --base-url <url> --api-key <key> [...]`: the conformance suite of
// conformance/src/live against any deployment (exit codes in conformance/src/live/cli.ts).
import { main } from '../conformance/src/live/cli.ts';

process.exitCode = await main(process.argv.slice(2));
