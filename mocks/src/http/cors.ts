// Cross-origin calls from a page under development (a dev server on http://localhost:5173 calling
// the mock on :4010): preflights answered and the answers readable by the page, for the origins
// allowed. By default only loopback origins (localhost, 127.0.0.0/8, [::1], *.localhost), which are
// the developer's own machine; `*` allows any, `off` none (a same-origin proxy then does the job).
import type { FastifyInstance } from 'fastify';
import { type CorsSetting, isLoopbackOrigin } from './cors-setting.ts';

const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** Answer headers a page may read besides the safelisted ones: the mock's own and the service's. */
const EXPOSED = 'X-Mock-Gap, X-Mock-Session, Location, Retry-After, Content-Disposition';

function allows(setting: CorsSetting, origin: string): boolean {
  if (setting === 'off') return false;
  if (setting === '*') return true;
  if (setting === 'loopback') return isLoopbackOrigin(origin);
  return setting.includes(origin);
}

export function installCors(app: FastifyInstance, setting: CorsSetting): void {
  if (setting === 'off') return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allows(setting, origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    const preflightMethod = request.headers['access-control-request-method'];
    if (request.method === 'OPTIONS' && typeof preflightMethod === 'string') {
      const headers = request.headers['access-control-request-headers'];
      reply.header('access-control-allow-methods', METHODS);
      if (typeof headers === 'string' && headers !== '') reply.header('access-control-allow-headers', headers);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
    reply.header('access-control-expose-headers', EXPOSED);
  });
}
