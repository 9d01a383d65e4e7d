// What a test runs a TypeScript file with: Node itself where it strips types (22.18 and later, CI's 24), tsx (what the
// npm scripts use) on older Node. The same file runs either way; Node alone skips tsx's loader hooks, which cost about a
// CPU-second on a run importing many modules.
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

export const TYPESCRIPT_RUNNER = (process.features as { typescript?: unknown }).typescript ? process.execPath : join(ROOT, 'node_modules/.bin/tsx');
