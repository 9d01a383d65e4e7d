// What the generator check knows about each third-party client generator.
export interface ClientGenerator {
  /** Display name, e.g. `orval`. */
  name: string;
  /** Module imported to generate, and the package whose version is checked against `pinned`. */
  specifier: string;
  versionOf: string;
  /** Version prefix the project pins in package.json. */
  pinned: string;
  /** Writes a client for `spec` (a bundled OpenAPI JSON file) into `outDir` with the loaded module; throws with the reason. */
  generate(module: unknown, spec: string, outDir: string): Promise<void>;
  /** Typed calls against the output, in a file next to it, with @ts-expect-error lines that prove required inputs are enforced. */
  consumer: string;
}
