// kubb: types (plugin-ts) and a fetch client (plugin-client, bundled), one file per operation.
import type { ClientGenerator } from './generator.ts';

type Kubb = {
  build: (options: {
    config: Record<string, unknown>;
  }) => Promise<{ failedPlugins: Set<{ error: Error }>; error?: Error }>;
  memoryStorage: () => unknown;
};
type PluginFactory = (options?: Record<string, unknown>) => unknown;

export const kubb: ClientGenerator = {
  name: 'kubb',
  specifier: '@kubb/core',
  versionOf: '@kubb/core',
  pinned: '4.39.',
  async generate(module, spec, outDir) {
    const [{ pluginOas }, { pluginTs }, { pluginClient }] = (await Promise.all([
      import('@kubb/plugin-oas'),
      import('@kubb/plugin-ts'),
      import('@kubb/plugin-client'),
    ])) as [{ pluginOas: PluginFactory }, { pluginTs: PluginFactory }, { pluginClient: PluginFactory }];
    const result = await (module as Kubb).build({
      config: {
        root: outDir,
        input: { path: spec },
        // Kubb writes each file to its path and, through its default storage, once more relative to
        // the working directory (a second copy in the repository); memory storage keeps only the first.
        output: { path: outDir, storage: (module as Kubb).memoryStorage() },
        plugins: [pluginOas({ validate: false }), pluginTs(), pluginClient({ client: 'fetch', bundle: true })],
      },
    });
    const failure = result.error ?? [...result.failedPlugins][0]?.error;
    if (failure) throw failure;
  },
  consumer: `
import { getFundRunSummary, listProjects, startFundRun } from './client/index.ts';
import type { FundRunSummary } from './client/index.ts';

export async function consume(): Promise<void> {
  const config = { baseURL: 'http://127.0.0.1:4010/api', headers: { Authorization: 'mock-api-key' } };
  const page = await listProjects({ page: 0, pageSize: 100 }, config);
  const summary = await getFundRunSummary({ fundExtractionId: '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d' }, config);
  const status: FundRunSummary['status'] = summary.data.status;
  await startFundRun({ name: 'Fund', folderPath: 'uploads/x', projectMode: 'bookmark' }, config);
  // @ts-expect-error fundExtractionId is required
  await getFundRunSummary({}, config);
  // @ts-expect-error projectMode is an enum
  await startFundRun({ name: 'Fund', folderPath: 'uploads/x', projectMode: 'everything' }, config);
  console.log(page, status);
}
`,
};
