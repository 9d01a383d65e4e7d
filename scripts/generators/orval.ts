// orval: one file of fetch functions and model types.
import { join } from 'node:path';
import type { ClientGenerator } from './generator.ts';

type Orval = { generate: (options: Record<string, unknown>) => Promise<void> };

export const orval: ClientGenerator = {
  name: 'orval',
  specifier: 'orval',
  versionOf: 'orval',
  pinned: '8.38.',
  async generate(module, spec, outDir) {
    await (module as Orval).generate({
      input: { target: spec },
      output: { target: join(outDir, 'client.ts'), client: 'fetch', mode: 'single' },
    });
  },
  consumer: `
import { getFundRunSummary, listProjects, startFundRun, type FundRunSummary } from './client/client.js';

export async function consume(): Promise<void> {
  const init = { headers: { Authorization: 'mock-api-key' } };
  const page = await listProjects({ page: 0, pageSize: 100 }, init);
  const summary = await getFundRunSummary({ fundExtractionId: '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d' }, init);
  const status: FundRunSummary['status'] | undefined = summary.status === 200 ? summary.data.data.status : undefined;
  await startFundRun({ name: 'Fund', folderPath: 'uploads/x', projectMode: 'bookmark' }, init);
  // @ts-expect-error fundExtractionId is required
  await getFundRunSummary({}, init);
  // @ts-expect-error projectMode is an enum
  await startFundRun({ name: 'Fund', folderPath: 'uploads/x', projectMode: 'everything' }, init);
  console.log(page.status, status);
}
`,
};
