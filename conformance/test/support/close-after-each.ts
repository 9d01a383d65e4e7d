// The harness's legs start servers (the mutated mock, the model, receivers) inside a test and close
// them after it, whether it passed or not: the last started first, so a mock is closed before the
// receivers it delivers to.
import { afterEach } from 'vitest';

/**
 * Registers an `afterEach` that closes everything handed over during the test, the last handed over
 * first. Handing over returns a close for use within the test: it closes at once, and not again after.
 *
 * @example
 * const closeAfterTest = closeAfterEach();
 * const mock = await startMock({ port: 0 });
 * const stop = closeAfterTest(() => mock.close());
 * await stop(); // a restart: the next mock starts on the same file
 */
export function closeAfterEach(): (close: () => Promise<void>) => () => Promise<void> {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });
  return (close) => {
    closing.push(close);
    return async () => {
      const at = closing.indexOf(close);
      if (at < 0) return;
      closing.splice(at, 1);
      await close();
    };
  };
}
