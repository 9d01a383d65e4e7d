// A TypeScript consumer of every package's types (compiled with node16, nodenext; strict flags).
import {
  createIntegrationClient,
  IntegrationError,
  type components,
  type IntegrationClientOptions,
  type RetryOptions,
} from '@portfolio-integration/client';
import { createIntegrationClient as createNodeClient } from '@portfolio-integration/client/node';
import type { paths } from '@portfolio-integration/contract';
import { startMock, type MockSeed } from '@portfolio-integration/mock';

type Project = components['schemas']['Project'];
const retry: RetryOptions = { retries: 1, baseDelayMs: 100 };
const options: IntegrationClientOptions = {
  baseUrl: 'http://127.0.0.1:4010/api',
  apiKey: 'mock-api-key',
  timeoutMs: 5_000,
  retry,
};

export async function companyNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const page of createIntegrationClient(options).listProjects({ pageSize: 10 }))
    for (const p of page.data) names.push(p.companyName);
  return names;
}

export async function uploadFromDisk(path: string): Promise<string> {
  const { data } = await createNodeClient(options).uploadFundFiles([path], { retry: false });
  return data.folderPath;
}

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof IntegrationError && error.kind === 'unauthorized';
export const firstName = (projects: Project[]): string | undefined => projects[0]?.companyName;
export type CompanyListQuery = NonNullable<paths['/integration/projects']['get']['parameters']['query']>;

export async function seededMock(seed: MockSeed): Promise<string> {
  const mock = await startMock({ port: 0, seed });
  await mock.close();
  return mock.baseUrl;
}
