#!/usr/bin/env node
// The package's `portfolio-conformance` bin. It exits as soon as the command has its code: a tool
// left running underneath (the Pact verifier's threads after a crash) never keeps the run alive.
import { main } from './index.ts';

// Deprecation warnings of the libraries underneath (DEP0060 from the Pact verifier's proxy) say
// nothing to a CI log reader; a terminal still shows them.
if (!process.stderr.isTTY) process.noDeprecation = true;

process.exit(await main(process.argv.slice(2)));
