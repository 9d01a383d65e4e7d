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
  node16: { compilerOptions: { ...STRICT, module: 'node16', moduleResolution: 'node16', lib: ['es2023'], types: ['node'] }, files: ['typed.ts', 'typed-require.cts'] },
  nodenext: { compilerOptions: { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2023'], types: ['node'] }, files: ['typed.ts', 'typed-require.cts'] },
  bundler: { compilerOptions: { ...STRICT, module: 'esnext', moduleResolution: 'bundler', lib: ['es2023', 'dom', 'dom.iterable'], types: [] }, files: ['browser.ts'] },
} as const;
