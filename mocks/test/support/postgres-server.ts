// A real PostgreSQL for the cluster tests and the benchmark: Debian's server binaries (the
// `postgresql` package, installed by .ci/run), a fresh cluster in a temporary directory on a free
// port, started as the `postgres` user when running as root (the server refuses root). A missing
// server is an error that says what to install, never a skip.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** Stops the server (fast shutdown); `start()` brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** CPU seconds the server's processes used so far (the postmaster, its live backends, and those it reaped). */
  cpuSeconds(): number;
  /** Stops the server and removes its data. */
  remove(): Promise<void>;
}

/** The directory of Debian's server binaries (newest version), or an error naming the package to install. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error(
      'PostgreSQL is not installed: the cluster tests need its server binaries (/usr/lib/postgresql/<version>/bin). Install them with `apt-get install -y postgresql` (.ci/run does).',
    );
  return join(root, versions[0]!, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;
const asPostgres = (command: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

/** Starts a fresh PostgreSQL cluster; resolves once it accepts connections. */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = await mkdtemp(join(tmpdir(), 'mock-pg-'));
  await chmod(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const [initCmd, initArgs] = asPostgres(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  await run(initCmd, initArgs);
  let child: ChildProcess | undefined;
  const start = async () => {
    const [cmd, args] = asPostgres(join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=64MB',
    ]);
    const started = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    started.stderr!.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
    });
    child = started;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`PostgreSQL did not start: ${log}`);
      const ready = await run(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).then(
        () => true,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within 30 s: ${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    // SIGINT to the postmaster itself (runuser does not relay it): fast shutdown, clients disconnected.
    const pid = Number((await readFile(join(data, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGINT');
    else running.kill('SIGINT');
    await exited;
  };
  await start();
  const cpuSeconds = () => {
    const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command: state ppid ... utime(14) stime(15) cutime(16) cstime(17), counted from 1.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const [ppid, utime, stime, cutime, cstime] = [1, 11, 12, 13, 14].map((i) => Number(fields[i]));
      if (Number(entry) === pid) ticks += utime! + stime! + cutime! + cstime!;
      else if (ppid === pid) ticks += utime! + stime!;
    }
    return ticks / 100;
  };
  return {
    cpuSeconds,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async remove() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
