// The credentials the consumer suites send. They are the stateful mock's defaults, so a pact replays
// against the mock as written; any other provider gets them swapped for its own (see provider-target.ts).
export const CONSUMER_API_KEY = 'mock-api-key';
export const CONSUMER_ACCESS_TOKEN = 'mock-access-token';
/** Credentials no provider issues: the 401 interactions send them. */
export const UNKNOWN_API_KEY = 'unknown-api-key-0000';
export const UNKNOWN_ACCESS_TOKEN = 'unknown-session-token-0000';
