// The TypeScript settings a consumer may use: each module/moduleResolution pair with every strict
// flag the issue names and skipLibCheck off, so the packages' declarations are checked too.
export const STRICT = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'es2022',
};

/** Node consumers: @types/node, no DOM; the ESM and the CommonJS consumer. Bundler: DOM, no Node types. */
export const TS_CONSUMERS = {
  node16: {
    compilerOptions: { ...STRICT, module: 'node16', moduleResolution: 'node16', lib: ['es2023'], types: ['node'] },
    files: ['typed.ts', 'typed-require.cts'],
  },
  nodenext: {
    compilerOptions: { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2023'], types: ['node'] },
    files: ['typed.ts', 'typed-require.cts'],
  },
  bundler: {
    compilerOptions: {
      ...STRICT,
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2023', 'dom', 'dom.iterable'],
      types: [],
    },
    files: ['browser.ts'],
  },
} as const;

export type TsConsumer = keyof typeof TS_CONSUMERS;

/**
 * The setting whose run also compiles `misuse.ts`, which must be refused: one tsc run shows the
 * consumer files compiling and the same check failing on a misuse of the client.
 */
export const MISUSE_MODE: TsConsumer = 'nodenext';

/** tsconfig.<mode>.json of the consumer project. */
export function tsConfigOf(mode: TsConsumer): { compilerOptions: object; files: readonly string[] } {
  const config = TS_CONSUMERS[mode];
  return mode === MISUSE_MODE ? { ...config, files: [...config.files, 'misuse.ts'] } : config;
}
