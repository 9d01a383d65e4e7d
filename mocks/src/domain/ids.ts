// Identifiers and timestamps: random ids and the real (or a manual processing) clock. A seed's
// `startTime` gives deterministic ones instead (../control/seed-records.ts). Web Crypto
// (globalThis.crypto), not node:crypto: the same domain runs in a browser (the MSW handlers).

/** The kinds of records an id names. */
export type IdKind = 'project' | 'analysis' | 'entity' | 'fundRun' | 'webhook' | 'folder';

export interface IdSource {
  uuid(kind: IdKind): string;
  /**
   * The ids the next `count` calls of `uuid` give, were each of them for `kind` (a store fetches
   * what finding them reads before a request that creates records runs: persistence/fetch-parts.ts).
   */
  upcoming(count: number, kind: IdKind): string[];
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
  /** Drawn by `upcoming` and not given yet, in order. */
  const ahead: string[] = [];
  return {
    uuid: () => ahead.shift() ?? globalThis.crypto.randomUUID(),
    upcoming(count) {
      while (ahead.length < count) ahead.push(globalThis.crypto.randomUUID());
      return ahead.slice(0, count);
    },
    now: () => new Date(clock()).toISOString(),
    position: () => undefined,
    resume: () => {},
  };
}
