// The contract's two security schemes over the users of the mock state: `apiKey` (the key as the
// whole Authorization header) and `sessionBearer` (`Bearer <access token>`, webhook calls only).
import type { FastifyRequest } from 'fastify';
import type { UserRecord } from '../domain/records.ts';
import { errors } from './errors.ts';

const SCHEMES: Record<string, (header: string, users: UserRecord[]) => UserRecord | string> = {
  apiKey(header, users) {
    return users.find((u) => u.apiKey === header) ?? 'The API key is not valid';
  },
  sessionBearer(header, users) {
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    if (!token) return 'This call takes a session access token (Authorization: Bearer <token>), not an API key';
    return users.find((u) => u.accessToken === token) ?? 'The access token is not valid';
  },
};

/** The user a request authenticates as under one of the security alternatives; 401 / 4010 otherwise. */
export function authenticateUser(security: string[][], request: FastifyRequest, users: UserRecord[]): UserRecord {
  const header = request.headers.authorization;
  if (!header) throw errors.unauthorized('The Authorization header is missing');
  let reason = 'Invalid credentials';
  for (const alternative of security) {
    let user: UserRecord | undefined;
    for (const scheme of alternative) {
      const check = SCHEMES[scheme];
      if (!check) throw new Error(`The mock has no check for security scheme ${scheme}`);
      const result = check(header, users);
      if (typeof result === 'string') {
        reason = result;
        user = undefined;
        break;
      }
      user = result;
    }
    if (user) return user;
  }
  throw errors.unauthorized(reason);
}
