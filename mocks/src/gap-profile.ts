// `--gap-profile <parity.json>`: the mock answers like a team's deployment where the specification
// is silent, for the behaviours of GAP_PROBES that a profile can set (common/src/gap-profile.ts):
// error statuses and codes (matched by the mock's X-Mock-Gap text, its own code and, for some, the
// operation), the shape of the company list called with id, extra fields of search entries and of
// the full report's projectDetail, and a rate limit. Each answer so
// changed says so in X-Mock-Gap: "<open fact>: as in the gap profile of <deployment>". The answers
// themselves are http/gap-profile-answers.ts, shared with the MSW handlers; the profile is read by
// gap-profile-file.ts. The values of records a profile holds (fund runs, analyses, scores, emails,
// drive links) are not rewritten here: the sessions make their records so (gap-profile-choices.ts,
// given to the runtime by server.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GapProfile } from '../../common/src/index.ts';
import { listedCompanyFields } from './gap-profile-fields.ts';
import { mockRequestOf } from './http/fastify-request.ts';
import { GAP_HEADER } from './http/gap-header.ts';
import { gapProfileAnswers } from './http/gap-profile-answers.ts';
import type { SessionSource } from './sessions/session-source.ts';

/** Installs the profile's answers on the app's service routes under apiPrefix. */
export function installGapProfile(
  app: FastifyInstance,
  profile: GapProfile,
  sessions: SessionSource,
  apiPrefix: string,
): void {
  const answers = gapProfileAnswers(profile);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith(`${apiPrefix}/`)) return;
    const caller = `${String(request.headers['x-mock-session'] ?? '')} ${String(request.headers.authorization ?? '')}`;
    const limited = answers.rateLimited(caller, Date.now());
    if (limited) return reply.code(limited.status).headers(limited.headers).type('application/json').send(limited.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const gapHeader = reply.getHeader(GAP_HEADER);
    if (typeof gapHeader !== 'string' || typeof payload !== 'string' || !request.url.startsWith(`${apiPrefix}/`))
      return payload;
    const profiled = answers.rewrite({
      status: reply.statusCode,
      path: request.url.slice(apiPrefix.length).split('?')[0] ?? '',
      gapHeader,
      body: payload,
      companyView: listedCompanyFields(() => sessions.sessionFor(mockRequestOf(request)).state),
    });
    if (!profiled) return payload;
    reply.code(profiled.status).header(GAP_HEADER, profiled.gapHeader);
    return profiled.body;
  });
}
