// The tests of the tests make the Pact verifier fail on purpose. Its report (FAILED, "There were N
// pact failures") is printed by the verifier's native core straight to the process's stdout, where
// a CI reader would take it for a real failure; these banners, written to the same file descriptor
// so they stay in order with it, say that the failure between them is the one the test requires.
import { writeSync } from 'node:fs';

export const expectedFailureBanner = (what: string, edge: 'begin' | 'end'): string =>
  edge === 'begin'
    ? `\n[expected failure: ${what}] begin: a deliberately broken provider; every FAILED up to the matching end line is what this test requires\n`
    : `[expected failure: ${what}] end\n\n`;

/** Runs a verification that must fail, between two banners naming it. */
export async function expectedFailure<T>(what: string, run: () => Promise<T>): Promise<T> {
  writeSync(1, expectedFailureBanner(what, 'begin'));
  try {
    return await run();
  } finally {
    writeSync(1, expectedFailureBanner(what, 'end'));
  }
}
