#!/usr/bin/env node
// The package's `portfolio-mock` bin: the mock's command line with the documentation site the package ships.
import { main } from './cli.ts';
import { bundledDocsDir } from './index.ts';
import { stopWhenLauncherGone } from './launcher-watch.ts';

stopWhenLauncherGone();
process.exit(
  await main(process.argv.slice(2), {
    docsDir: bundledDocsDir,
    defaults: process.env.MOCK_CORS ? { cors: process.env.MOCK_CORS } : {},
  }),
);
