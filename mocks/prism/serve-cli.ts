// The shared body of `npm run mock:prism` and `npm run proxy:prism`: options, start, log to the
// terminal, stop Prism cleanly on Ctrl-C or SIGTERM.
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { startPrism, type PrismTarget } from './prism-process.ts';

/** `--port`, then PORT, then the fallback; anything but an integer 0..65535 is refused. */
export function resolvePort(flag: string | undefined, env: NodeJS.ProcessEnv, fallback: number): number {
  const raw = flag ?? env.PORT;
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535)
    throw new Error(`Invalid port "${raw}": expected an integer from 0 to 65535`);
  return port;
}

/** Default ports, apart from the stateful mock's 4010 (`npm start`), so both can run side by side. */
export const PRISM_PROXY_PORT = 4011;
export const PRISM_MOCK_PORT = 4012;

/**
 * Refuses a port already taken, before Prism starts (Prism would print its whole help on
 * EADDRINUSE). Port 0 always works.
 */
async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} on ${host} is in use: choose another with --port <port> or PORT=<port>`
            : `Cannot listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export interface CliSpec {
  usage: string;
  defaultPort: number;
  /** Builds the target from the positional arguments, or throws with what is missing. */
  target(positionals: string[]): PrismTarget;
  describe(baseUrl: string, target: PrismTarget): string;
}

export async function servePrismFromCli(spec: CliSpec, argv: string[]): Promise<void> {
  let port: number;
  let target: PrismTarget;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { port: { type: 'string' }, help: { type: 'boolean' } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(spec.usage);
      return;
    }
    port = resolvePort(values.port, process.env, spec.defaultPort);
    target = spec.target(positionals);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${spec.usage}`);
    process.exitCode = 2;
    return;
  }

  const host = '127.0.0.1';
  const prism = await assertPortFree(port, host)
    .then(() => startPrism(target, { port, host, onLine: (line) => console.log(line) }))
    .catch((error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    });
  console.log(`\n${spec.describe(prism.baseUrl, target)}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void prism.close().then(() => process.exit(0)));
  }
}
