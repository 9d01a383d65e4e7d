// What the package's `portfolio-mock` bin runs (bin.ts loads it): the mock's command line with the
// documentation site the package ships.
import { defaultsFromEnvironment, main } from './cli.ts';
import { bundledDocsDir } from './index.ts';
import { stopWhenLauncherGone } from './launcher-watch.ts';

stopWhenLauncherGone();
process.exit(
  await main(process.argv.slice(2), {
    docsDir: bundledDocsDir,
    defaults: defaultsFromEnvironment(process.env),
  }),
);
