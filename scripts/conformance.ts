// `npm run conformance -- [command] [options]`: the portfolio-conformance command line from the clone.
import { main } from '../conformance/src/index.ts';

process.exitCode = await main(process.argv.slice(2));
