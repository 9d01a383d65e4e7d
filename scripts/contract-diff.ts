// npm run contract:diff -- --base <git ref or file> [--head <file>] [--format text|json|markdown]
import { main } from '../conformance/src/diff/cli.ts';

process.exitCode = await main(process.argv.slice(2));
