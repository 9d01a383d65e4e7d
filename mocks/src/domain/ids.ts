// Identifiers and timestamps. With a seed both are deterministic (counter-based uuids, a clock
// that advances one second per reading) so tests and recorded examples are reproducible. Web Crypto
// (globalThis.crypto), not node:crypto: the same domain runs in a browser (the MSW handlers).

/** Hex prefix per kind of record, so deterministic ids say what they name. */
const KIND_PREFIX = {
  project: 'a0000000',
  analysis: 'b0000000',
  entity: 'c0000000',
  fundRun: 'd0000000',
  webhook: 'e0000000',
  folder: 'f0000000',
} as const;
export type IdKind = keyof typeof KIND_PREFIX;

export interface IdSource {
  uuid(kind: IdKind): string;
  /** Current time as ISO 8601. */
  now(): string;
  /** Where a deterministic source is (a state file keeps it); undefined for random ids. */
  position(): IdPosition | undefined;
  resume(position: IdPosition): void;
}

export interface IdPosition {
  counter: number;
  clock: number;
}

/** Random ids; times from `clock` (default the real one; a manual processing clock's in the MSW handlers). */
export function randomIds(clock: () => number = Date.now): IdSource {
  return {
    uuid: () => globalThis.crypto.randomUUID(),
    now: () => new Date(clock()).toISOString(),
    position: () => undefined,
    resume: () => {},
  };
}

export function deterministicIds(startTime: string): IdSource {
  let counter = 0;
  let clock = Date.parse(startTime);
  if (Number.isNaN(clock)) throw new Error(`startTime is not an ISO 8601 timestamp: ${startTime}`);
  return {
    uuid(kind) {
      counter += 1;
      return `${KIND_PREFIX[kind]}-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
    },
    now() {
      const iso = new Date(clock).toISOString();
      clock += 1000;
      return iso;
    },
    position: () => ({ counter, clock }),
    resume(position) {
      ({ counter, clock } = position);
    },
  };
}
