#!/usr/bin/env node
// The package's `portfolio-mock` bin. Installed (dist/bin.js), it keeps V8's compiled code of the
// mock's files in dist/.compile-cache/ before loading them, so a start after the first skips most of
// their compilation (docs/decisions/2026-11-mock-packages-bundled.md). The folder is the package's
// own: one entry per file and Node version, gone with the package. Where it cannot be written (a
// read-only install) Node says so in the status it returns, and the start is as without it.
import module from 'node:module';
import { fileURLToPath } from 'node:url';

if (import.meta.url.endsWith('/dist/bin.js'))
  module.enableCompileCache?.(fileURLToPath(new URL('./.compile-cache/', import.meta.url)));
await import('./bin-main.ts');
