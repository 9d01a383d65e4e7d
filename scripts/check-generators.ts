// `npm run check:generators`: hey-api, orval and kubb clients from the bundle compile strictly.
import { main } from './generators/cli.ts';

process.exitCode = await main(process.argv.slice(2));
