// The shared body of `npm run mock:prism` and `npm run proxy:prism`: options, start, log to the
// terminal, stop Prism cleanly on Ctrl-C or SIGTERM.
import { parseArgs } from 'node:util';
import { startPrism, type PrismTarget } from './prism-process.ts';

/** `--port`, then PORT, then the fallback; anything but an integer 0..65535 is refused. */
export function resolvePort(flag: string | undefined, env: NodeJS.ProcessEnv, fallback: number): number {
  const raw = flag ?? env.PORT;
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) throw new Error(`Invalid port "${raw}": expected an integer from 0 to 65535`);
  return port;
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

  const prism = await startPrism(target, { port, onLine: (line) => console.log(line) }).catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
  console.log(`\n${spec.describe(prism.baseUrl, target)}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void prism.close().then(() => process.exit(0)));
  }
}
