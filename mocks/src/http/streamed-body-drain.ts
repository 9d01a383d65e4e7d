// What is left of a streamed body the mock answers before reading it all (a 413, a 400 mid-way):
// read and dropped for a little while, so a client that sends its whole body before it reads the
// answer still gets the answer, then, if the body has not ended, the connection is closed after the
// answer instead of being read to its end (a client could send without end; Node would read it all
// to keep the connection alive). That close lingers: a socket closed with the client's bytes unread
// makes the kernel answer them with a reset, and a client still sending then fails its next write
// and may drop the answer waiting unread in its socket (Node 22 and 24 do).
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/** How much of a refused body is read at most before its answer, and again after it when its connection closes. */
export const DRAIN_BYTES = 4 * 2 ** 20;
/** How long a refused body is read at most before its answer, and again after it when its connection closes. */
export const DRAIN_MS = 500;

/**
 * Reads and drops what is left of `body`, at most `bytes` or `ms`; resolves true when it ended
 * within them (the connection may stay open), false otherwise (it is left paused: close it).
 */
export function drainBriefly(body: Readable, bytes = DRAIN_BYTES, ms = DRAIN_MS): Promise<boolean> {
  if (body.readableEnded) return Promise.resolve(true);
  if (body.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const done = (ended: boolean) => {
      clearTimeout(timer);
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('close', onClose);
      if (!ended) body.pause();
      resolve(ended);
    };
    const onData = (chunk: Uint8Array) => {
      read += chunk.length;
      if (read > bytes) done(false);
    };
    const onEnd = () => done(true);
    const onClose = () => done(body.readableEnded);
    const timer = setTimeout(() => done(false), ms);
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('close', onClose);
    body.resume();
  });
}

/**
 * Closes the connection of `request` after its answer without a reset the client could see before
 * the answer: once the answer is written, its socket is half-closed (the client reads the answer,
 * then its end) and what the client still sends is read and dropped until the client closes, the
 * body ends, or at most `bytes` or `ms` have passed; only then is the socket destroyed. Call it
 * before the answer is sent, with the answer's `connection: close` header set.
 *
 * @example
 * if (!(await drainBriefly(request.raw))) {
 *   reply.header('connection', 'close');
 *   closeLingering(request.raw);
 * }
 */
export function closeLingering(request: IncomingMessage, bytes = DRAIN_BYTES, ms = DRAIN_MS): void {
  const { socket } = request;
  // Node ends a `connection: close` answer with socket.destroySoon(), which destroys the socket as
  // soon as the answer is written, the client's bytes unread.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    let read = 0;
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, ms);
    socket.once('close', () => clearTimeout(timer));
    request.on('data', (chunk: Uint8Array) => {
      read += chunk.length;
      if (read > bytes) close();
    });
    request.once('end', close);
    request.resume();
  };
}
