// Prepares the mock for a fuzz run and returns the fuzzer's context: the first user's credentials
// and, per property or parameter name, values that name real records (a project, a completed
// analysis, a folder, a fund run, the webhook receiver), mixed with random ones, so generated
// requests reach past the "not found" answers.
import fc from 'fast-check';
import { resolveSchema, type Hints } from './schema-arbitrary.ts';
import { callService, mockState, resetMock, settleMock } from '../support/control-api.ts';
import { SAMPLE_FILES } from './file-samples.ts';
import { contractOperations } from './contract-operations.ts';
import type { FuzzContext } from './valid-request.ts';

const known = (values: string[], random: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 3 }, { arbitrary: random, weight: 1 });

/** Section keys the contract shows (x-known-values) plus unknown chapter keys, comma-joined. */
function sectionsHint(): fc.Arbitrary<string> {
  const param = contractOperations()
    .flatMap((op) => op.parameters)
    .find((p) => p.name === 'sections');
  const keys = (resolveSchema(param?.schema ?? {})['x-known-values'] as string[] | undefined) ?? [];
  return fc
    .tuple(
      fc.subarray(keys),
      fc.array(fc.constantFrom('businessModel', 'market', 'team', 'unknownChapter'), { maxLength: 2 }),
    )
    .map(([a, b]) => [...a, ...b].join(','));
}

export async function prepareFuzzContext(origin: string, receiverOrigin: string): Promise<FuzzContext> {
  const initial = await resetMock(origin);
  const user = initial.users[0];
  if (!user) throw new Error('the mock state has no user');
  const { apiKey, accessToken } = user;
  const withNotes = await callService(origin, apiKey, 'POST', '/integration/project', {
    companyName: 'Fuzz Notes',
    projectType: 'projectAnalysisWithFile',
    notesText: 'notes',
  });
  const manual = await callService(origin, apiKey, 'POST', '/integration/project', {
    companyName: 'Fuzz Manual',
    projectType: 'projectAnalysisWithFile',
  });
  const files = new FormData();
  files.append('files', new Blob([SAMPLE_FILES.pdf.content], { type: SAMPLE_FILES.pdf.contentType }), 'fund.pdf');
  const folderPath = (await callService(origin, apiKey, 'POST', '/integrationfund/fund/upload', files))
    .folderPath as string;
  const run = await callService(origin, apiKey, 'POST', '/integrationfund/fund/run', { name: 'Fuzz Fund', folderPath });
  await settleMock(origin);
  const state = await mockState(origin);
  const projectIds = state.projects.map((p) => p.id);
  const analysisIds = [withNotes.analysisId as string, manual.analysisId as string, ...state.analyses.map((a) => a.id)];
  const folders = state.users[0]?.drive?.folders ?? [];
  const hints: Hints = {
    projectId: known(projectIds, fc.uuid()),
    id: known(projectIds, fc.uuid()),
    analysisId: known(analysisIds, fc.uuid()),
    analysisid: known([manual.analysisId as string], fc.uuid()),
    fundExtractionId: known(
      [run.fundExtractionId as string, ...state.fundRuns.map((r) => r.fundExtractionId)],
      fc.uuid(),
    ),
    folderPath: known([folderPath], fc.string({ maxLength: 30 })),
    fundstageId: known(
      state.seed.fundStages.map((s) => s.id),
      fc.uuid(),
    ),
    url: fc.constantFrom(`${receiverOrigin}/hook`, `${receiverOrigin}/hook?user=1`, `${receiverOrigin}/other/path`),
    folderLink: known(
      folders.flatMap((f) => [f.id, `https://drive.google.com/drive/folders/${f.id}`]),
      fc.string({ maxLength: 30 }),
    ),
    folderName: known(
      folders.map((f) => f.name),
      fc.string({ maxLength: 30 }),
    ),
    sections: sectionsHint(),
  };
  return { apiKey, accessToken, hints };
}
