// Where the mock reads the two documents it serves (openapi.json, control-api.json): the repository's
// generated/. The package build swaps this module for one naming the package's own generated/ folder,
// beside its dist/ (scripts/build-packages.ts, documentsDirOfPackage).
export const DOCUMENTS_DIR = new URL('../../generated/', import.meta.url);
