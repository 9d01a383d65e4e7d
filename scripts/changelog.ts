// npm run changelog: CHANGELOG.md (and the docs page docs/changelog.md) from the contract's releases.
import { main } from './contract-evolution/changelog.ts';

process.exitCode = await main(process.argv.slice(2));
