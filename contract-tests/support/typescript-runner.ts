// What a test runs a TypeScript file with: Node itself where it strips types (22.18 and later, CI's 24), tsx (what the
// npm scripts use) on older Node. The same file runs either way; Node alone skips tsx's loader hooks, which cost about a
// CPU-second on a run importing many modules.
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Whether this Node runs TypeScript itself ('strip' or 'transform' from 22.18 on); @types/node 20 lacks the field. */
export const NODE_STRIPS_TYPES = Boolean((process.features as { typescript?: string | false }).typescript);

export const TYPESCRIPT_RUNNER = NODE_STRIPS_TYPES ? process.execPath : join(ROOT, 'node_modules/.bin/tsx');
