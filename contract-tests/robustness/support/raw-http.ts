// Raw HTTP over a TCP socket, for what node:http will not send: a body trickled one byte at a time,
// a request head that never ends, bytes that are not HTTP. Reads whatever comes back until the
// server closes the connection or the time limit passes.
import { connect } from 'node:net';
import { parseJson } from '../../../client/src/envelope.ts';

export interface RawExchange {
  /** Everything the server sent. */
  text: string;
  /** Status of the first response, if one came. */
  status?: number;
  /** The body of the first response parsed as JSON, if it is JSON. */
  json?: any;
  headers: Record<string, string>;
  /** Milliseconds from connecting until the server closed the connection; undefined if it did not. */
  closedAfterMs?: number;
}

export interface RawOptions {
  /** Sent at once after connecting. */
  start: string | Buffer;
  /** Then sent one piece at a time, every `intervalMs`. */
  trickle?: Buffer;
  pieceBytes?: number;
  intervalMs?: number;
  /** Give up (and close from this side) after this long. */
  limitMs: number;
}

function parseResponse(text: string): Pick<RawExchange, 'status' | 'json' | 'headers'> {
  const [head = '', body = ''] = text.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: status ? Number(status) : undefined, json: parseJson(body), headers };
}

export function rawExchange(port: number, options: RawOptions): Promise<RawExchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedAfterMs: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearInterval(timer);
      clearTimeout(limit);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ text, closedAfterMs, ...parseResponse(text) });
    };
    const limit = setTimeout(finish, options.limitMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closedAfterMs = Date.now() - started;
      finish();
    });
    socket.on('connect', () => {
      socket.write(options.start);
      const trickle = options.trickle;
      if (!trickle) return;
      let offset = 0;
      const piece = options.pieceBytes ?? 1;
      timer = setInterval(() => {
        if (offset >= trickle.length || socket.destroyed) return clearInterval(timer);
        socket.write(trickle.subarray(offset, offset + piece));
        offset += piece;
      }, options.intervalMs ?? 1000);
    });
  });
}
