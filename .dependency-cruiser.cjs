// The repository's boundaries, checked by contract-tests/boundaries/boundaries.test.ts (part of
// npm test) and by `npx depcruise --config .dependency-cruiser.cjs <folders>`.
// Shipped code lives in <product>/src/ for the products client, mocks, conformance and the shared common; the
// contract's face is openapi/index.ts (over generated/, which npm run generate builds from openapi/).
const SHIPPED = '^(client|mocks|conformance|common)/src/';
const CONTRACT_FACE = '^openapi/index\\.ts$';
/** The mock's own control API document (npm run generate, from mocks/control-api.openapi.yaml): its MSW handlers bundle it. */
const CONTROL_DOCUMENT = '^generated/control-api\\.json$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a loop (type-only imports count: they tie the files as much).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shipped-imports-shipped-only',
      severity: 'error',
      comment:
        "Shipped code imports shipped code, the contract's face and packages: never a test, a test double, bench/, scripts/ or packages/.",
      from: { path: SHIPPED },
      to: {
        pathNot: [SHIPPED, CONTRACT_FACE, CONTROL_DOCUMENT, 'node_modules', '^node:'],
        dependencyTypesNot: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
      },
    },
    {
      name: 'product-through-its-face',
      severity: 'error',
      comment: "Shipped code of one product reaches another product only through that product's src/index.ts.",
      from: { path: '^(client|mocks|conformance|common)/src/' },
      to: { path: SHIPPED, pathNot: ['^$1/src/', '^(client|mocks|conformance|common)/src/index\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
