// `npm test`'s last step: runs the given npm scripts side by side (the MSW scenarios, the package tests and
// the tests that need a service spend most of their time waiting on processes they start), keeps each one's
// output and prints it whole when that script ends, so the logs do not interleave. Exit code: the first
// failing script's, 0 when all pass. Timings: docs/decisions/2026-11-test-time.md.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/test-side-by-side.ts <npm script> [<npm script> ...]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const runs = scripts.map(
  (script) =>
    new Promise<number>((resolve) => {
      const chunks: Buffer[] = [];
      const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
        process.stdout.write(`\n===== npm run ${script}: ${outcome} after ${seconds} s =====\n`);
        process.stdout.write(Buffer.concat(chunks));
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
