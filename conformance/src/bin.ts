#!/usr/bin/env node
// The package's `portfolio-conformance` bin.
import { main } from './index.ts';

process.exitCode = await main(process.argv.slice(2));
