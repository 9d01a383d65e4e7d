// npm run contract:diff -- --base <git ref or file> [--head <file>] [--format text|json|markdown]
// In the clone the recorded pacts are in contract-tests/pacts/ (the package's default is ./pacts).
import { main } from '../conformance/src/diff/cli.ts';
import { PACT_DIR } from '../conformance/src/pact/pact-location.ts';

const argv = process.argv.slice(2);
if (!argv.some((arg) => arg === '--pacts' || arg.startsWith('--pacts='))) argv.push('--pacts', PACT_DIR);
process.exitCode = await main(argv);
