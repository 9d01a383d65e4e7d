// Starts the Prism CLI (mock or validation proxy) on the derived document as a child process and
// resolves once Prism says where it listens, so callers can ask for port 0 and learn the port.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { serverBasePath, writePrismDocument } from './prism-document.ts';

export type PrismTarget = { mode: 'mock' } | { mode: 'proxy'; upstream: string };

export interface PrismOptions {
  port: number;
  host?: string;
  /** Called with every log line Prism prints (stdout and stderr). */
  onLine?: (line: string) => void;
  readyTimeoutMs?: number;
}

export interface RunningPrism {
  /** Where Prism listens plus the contract's server path: what a client uses as base URL. */
  baseUrl: string;
  close(): Promise<void>;
}

/** The Prism CLI entry script (its `bin`), for anything that runs Prism as a child process. */
export function prismCliEntry(): string {
  const require = createRequire(import.meta.url);
  let manifestPath: string;
  try {
    manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  } catch {
    throw new Error('Prism is not installed (@stoplight/prism-cli missing from node_modules): run `npm ci`.');
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: { prism: string } };
  return join(dirname(manifestPath), manifest.bin.prism);
}

const LISTENING = /Prism is listening on (http:\/\/\S+)/;
const LAST_LINES = 20;

export async function startPrism(target: PrismTarget, options: PrismOptions): Promise<RunningPrism> {
  const entry = prismCliEntry();
  // The proxy judges against the contract as it is; only the mock announces its gap choices.
  const document = await writePrismDocument({ markGaps: target.mode === 'mock' });
  const host = options.host ?? '127.0.0.1';
  const args = [entry, target.mode, document.path];
  if (target.mode === 'proxy') args.push(target.upstream);
  // Single process so that killing the child stops the server; colours off so the log parses.
  args.push('--host', host, '--port', String(options.port), '--multiprocess=false');

  const child = spawn(process.execPath, args, {
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** The last LAST_LINES lines Prism printed, for an error when it does not start. */
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // If our process ends without close() (an uncaught error, process.exit), Prism must not outlive it.
  const onExit = () => {
    child.kill('SIGKILL');
    document.removeSync();
  };
  process.once('exit', onExit);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      process.removeListener('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(forced);
      }
      await document.remove();
    })();
    return closing;
  };

  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`Prism did not start within ${options.readyTimeoutMs ?? 30_000} ms:\n${lines.join('\n')}`)),
      options.readyTimeoutMs ?? 30_000,
    );
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (lines.length > LAST_LINES) lines.shift();
        options.onLine?.(line);
        const found = LISTENING.exec(line);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
    }
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with code ${String(code)} before listening:\n${lines.join('\n')}`));
    });
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });

  return { baseUrl: `${origin}${serverBasePath()}`, close };
}
