#!/usr/bin/env node
// The package's `portfolio-conformance` bin: the subcommand table of contract-tests/cli.ts.
import { main } from '../../contract-tests/cli.ts';

process.exitCode = await main(process.argv.slice(2));
