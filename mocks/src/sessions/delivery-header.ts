// The header a named session's webhook deliveries carry (X-Mock-Session), so a receiver shared by
// several sessions can tell their deliveries apart: the mock's own feature, not the service's. Kept
// out of the domain's dispatcher, in a file of its own so a mutation run can still name its code
// (docs/decisions/2026-11-mutation-boundary.md).
import { DEFAULT_SESSION, SESSION_HEADER } from './session-header.ts';

/** The headers a delivery of `session` carries besides its own: none for the default session. */
export function sessionDeliveryHeaders(session: string | undefined): Record<string, string> {
  return session && session !== DEFAULT_SESSION ? { [SESSION_HEADER]: session } : {};
}
