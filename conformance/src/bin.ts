#!/usr/bin/env node
// The package's `portfolio-conformance` bin. It exits as soon as the command has its code: a tool
// left running underneath (the Pact verifier's threads after a crash) never keeps the run alive.
import { main } from './index.ts';

process.exit(await main(process.argv.slice(2)));
