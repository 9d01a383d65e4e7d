// What is left of a streamed body the mock answers before reading it all (a 413, a 400 mid-way):
// read and dropped for a little while, so a client that sends its whole body before it reads the
// answer still gets the answer, then, if the body has not ended, the connection is closed after the
// answer instead of being read to its end (a client could send without end; Node would read it all
// to keep the connection alive).
import type { Readable } from 'node:stream';

/** How much of a refused body is read at most before the connection is closed instead. */
export const DRAIN_BYTES = 4 * 2 ** 20;
/** How long a refused body is read at most before the connection is closed instead. */
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
