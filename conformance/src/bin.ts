#!/usr/bin/env node
// The package's `portfolio-conformance` bin. It exits as soon as the command has its code: a tool
// left running underneath (the Pact verifier's threads after a crash) never keeps the run alive.
import { main } from './index.ts';
import { becomeVerifierChild, runWithVerifierOutputAside, startsVerifier } from './verifier-output.ts';

// Deprecation warnings of the libraries underneath (DEP0060 from the Pact verifier's proxy) say
// nothing to a CI log reader; a terminal still shows them.
if (!process.stderr.isTTY) process.noDeprecation = true;

const argv = process.argv.slice(2);
const inChild = becomeVerifierChild();
process.exit(!inChild && startsVerifier(argv) ? await runWithVerifierOutputAside(argv) : await main(argv));
