// @hey-api/openapi-ts: a fetch SDK with its own bundled client.
import { readFile } from 'node:fs/promises';
import type { ClientGenerator } from './generator.ts';

type HeyApi = { createClient: (config: Record<string, unknown>) => Promise<unknown> };

/** The underlying message: hey-api wraps failures in a JobError whose own message is empty. */
function reason(error: unknown): string {
  const wrapped = (error as { originalError?: { error?: unknown } } | undefined)?.originalError?.error;
  if (wrapped !== undefined) return reason(wrapped);
  return error instanceof Error ? error.message || error.name : String(error);
}

export const heyApi: ClientGenerator = {
  name: '@hey-api/openapi-ts',
  specifier: '@hey-api/openapi-ts',
  versionOf: '@hey-api/openapi-ts',
  pinned: '0.99.',
  async generate(module, spec, outDir) {
    // Passed parsed: a bare relative path would be read as a Hey API registry shorthand.
    const input = JSON.parse(await readFile(spec, 'utf8')) as unknown;
    try {
      await (module as HeyApi).createClient({ input, output: outDir, logs: { level: 'silent', path: outDir } });
    } catch (error) {
      throw new Error(reason(error));
    }
  },
  consumer: `
import { client } from './client/client.gen.js';
import { getFundRunSummary, listProjects, startFundRun, type FundRunSummary, type ProjectListPage } from './client/index.js';

client.setConfig({ baseUrl: 'http://127.0.0.1:4010/api', headers: { Authorization: 'mock-api-key' } });

export async function consume(): Promise<void> {
  const page = await listProjects({ query: { page: 0, pageSize: 100 } });
  const projects = (page.data as ProjectListPage | undefined)?.data;
  const summary = await getFundRunSummary({ query: { fundExtractionId: '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d' } });
  const status: FundRunSummary['status'] | undefined = summary.data?.data.status;
  await startFundRun({ body: { name: 'Fund', folderPath: 'uploads/x', projectMode: 'bookmark' } });
  // @ts-expect-error fundExtractionId is required
  await getFundRunSummary({ query: {} });
  // @ts-expect-error projectMode is an enum
  await startFundRun({ body: { name: 'Fund', folderPath: 'uploads/x', projectMode: 'everything' } });
  console.log(projects?.[0]?.companyName, status);
}
`,
};
