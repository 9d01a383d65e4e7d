// The mock's face, and the package's main entry: startMock() and its types, and the documentation
// site the package ships (dist/docs/, beside the bundle; absent in the repository).
import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export { startMock } from './server.ts';
export { startInProcessMock, type InProcessMock } from './in-process.ts';
export type {
  MockSeed,
  RunningMock,
  SeedDriveFolder,
  SeedPortfolioCompany,
  SeedProject,
  SeedUser,
  StartMockOptions,
} from './server.ts';
export type { CorsSetting } from './http/cors-setting.ts';
export { readGapProfile, type GapProfile } from './gap-profile-file.ts';

/** The shipped documentation site (pass it as `startMock({ docsDir })`), or undefined when it is missing. */
export async function bundledDocsDir(): Promise<string | undefined> {
  const dir = fileURLToPath(new URL('./docs/', import.meta.url));
  return access(`${dir}index.html`).then(
    () => dir,
    () => undefined,
  );
}
