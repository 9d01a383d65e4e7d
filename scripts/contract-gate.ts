// npm run contract:gate -- [--base <git ref or file>] [--head <file>]
import { main } from './contract-evolution/gate-cli.ts';

process.exitCode = await main(process.argv.slice(2));
