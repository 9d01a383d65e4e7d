// What a control call reads of a session whose stored image is still being fetched (PostgreSQL):
// the calls that read no project or analysis (a reset or an import replaces the state; switches,
// credits and the request journal are not in an image's lazy parts) do not wait; a project's status
// change fetches that project; any other call (the state, an export, settling, triggers) may read
// every record and waits for the whole image.
import { fetchProject } from '../persistence/fetch-parts.ts';
import type { MockSession } from '../session.ts';

/** Control calls (method and path, control-api.openapi.yaml) that read nothing of an image's lazy parts. */
const READS_NONE = new Set([
  'GET /__mock',
  'POST /__mock/reset',
  'POST /__mock/credits',
  'POST /__mock/engine',
  'POST /__mock/faults',
  'GET /__mock/webhooks/delivery',
  'POST /__mock/webhooks/delivery',
  'GET /__mock/requests',
  'DELETE /__mock/session',
]);
const PROJECT_STATUS = /^\/__mock\/projects\/([^/]+)\/status$/;
const SESSION_EXPORT = /^\/__mock\/sessions\/[^/]+\/export$/;

/** Resolves once what the control call reads of the session is at hand. */
export async function fetchForControl(method: string, url: string, session: MockSession): Promise<void> {
  if (!session.fetchRest) return;
  const path = url.split('?')[0]!.replace(/\/$/, '') || '/';
  if (READS_NONE.has(`${method} ${path}`)) return;
  // An import replaces the state whole (a failure keeps the state before: its image stays held).
  if (method === 'PUT' && SESSION_EXPORT.test(path)) return;
  const projectId = projectOf(path);
  if (projectId !== undefined) await fetchProject(session.state, projectId);
  else await session.whole();
}

/** The project a status change names (undefined for any other path, or one the router will refuse). */
function projectOf(path: string): string | undefined {
  const status = PROJECT_STATUS.exec(path);
  try {
    return status ? decodeURIComponent(status[1]!) : undefined;
  } catch {
    return undefined;
  }
}
