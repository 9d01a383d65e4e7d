// The MSW handlers' fetch with a team's gap profile (`createHandlers({ gapProfile })`): the same
// answers as the HTTP mock's `--gap-profile` (http/gap-profile-answers.ts) on the service calls
// under /api; the control API is left as it is.
import type { GapProfile } from '../../../common/src/index.ts';
import { listedCompanyFields } from '../gap-profile-fields.ts';
import { GAP_HEADER } from '../http/gap-header.ts';
import { gapProfileAnswers } from '../http/gap-profile-answers.ts';
import { SESSION_HEADER } from '../sessions/session-header.ts';
import type { SessionSource } from '../sessions/session-source.ts';

type Fetch = (request: Request) => Promise<Response>;

/** `handle` answering like the profile's deployment where the specification is silent. */
export function profiledFetch(handle: Fetch, profile: GapProfile, sessions: SessionSource): Fetch {
  const answers = gapProfileAnswers(profile);
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith('/api/')) return handle(request);
    const caller = `${request.headers.get(SESSION_HEADER) ?? ''} ${request.headers.get('authorization') ?? ''}`;
    const limited = answers.rateLimited(caller, Date.now());
    if (limited)
      return new Response(limited.body, {
        status: limited.status,
        headers: { ...limited.headers, 'content-type': 'application/json; charset=utf-8' },
      });
    const response = await handle(request);
    const gapHeader = response.headers.get(GAP_HEADER);
    if (gapHeader === null || request.method === 'HEAD') return response;
    const body = await response.text();
    const profiled = answers.rewrite({
      status: response.status,
      path: pathname.slice('/api'.length),
      gapHeader,
      body,
      companyView: listedCompanyFields(
        () => sessions.sessionFor({ headers: Object.fromEntries(request.headers) }).state,
      ),
    });
    const headers = new Headers(response.headers);
    if (!profiled) return new Response(body, { status: response.status, headers });
    headers.set(GAP_HEADER, profiled.gapHeader);
    headers.delete('content-length');
    return new Response(profiled.body, { status: profiled.status, headers });
  };
}
