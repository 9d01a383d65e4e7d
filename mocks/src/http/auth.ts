// The contract's two security schemes over the users of the mock state: `apiKey` (the key as the
// whole Authorization header) and `sessionBearer` (`Bearer <access token>`, webhook calls only).
import type { UserRecord } from '../domain/records.ts';
import { errors } from './errors.ts';
import type { MockRequest } from './mock-request.ts';

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

/**
 * The user a request authenticates as under one of the security alternatives; 401 / 4010 otherwise.
 * Two Authorization headers are refused rather than the first one used: which credentials the
 * caller meant is unknown, and a proxy that adds its own header must not authenticate by accident.
 * 401 `4010` (not 400): the caller's credential handling already knows it, and it is what a
 * credentials problem answers everywhere else.
 */
export function authenticateUser(security: string[][], request: MockRequest, users: UserRecord[]): UserRecord {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header) throw errors.unauthorized('The Authorization header is missing');
  const count = request.authorizationCount;
  if (count > 1) {
    throw errors
      .unauthorized(`The request carries ${count} Authorization headers; send exactly one`)
      .withGap('answer to a request with more than one Authorization header');
  }
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
