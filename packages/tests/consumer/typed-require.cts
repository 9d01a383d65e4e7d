// A CommonJS TypeScript consumer: the `require` types of the client (node16, nodenext).
import client = require('@portfolio-integration/client');
import nodeClient = require('@portfolio-integration/client/node');

export const make = (baseUrl: string): client.IntegrationClient =>
  nodeClient.createIntegrationClient({ baseUrl, apiKey: 'k' });
export const kindOf = (error: unknown): client.IntegrationErrorKind | undefined =>
  error instanceof client.IntegrationError ? error.kind : undefined;
