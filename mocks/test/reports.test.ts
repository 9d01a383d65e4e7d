// Analysis reads: analysis detail, retrieve report and the full report, consistent with the
// project and analysis that were created, with `sections` selecting exactly the documented parts.
import { describe, expect, it } from 'vitest';
import { failure } from './support/failure.ts';
import { API_KEY, SECOND_API_KEY, useMock } from '../../contract-tests/support/mock-under-test.ts';

const mock = useMock();

async function completedCompany() {
  const client = mock.client();
  const { data } = await client.createProject({
    name: 'Helio',
    companyName: 'Helio Grid Technologies',
    companyWebsite: 'https://heliogrid.example',
    projectType: 'projectAnalysisNoFile',
  });
  await mock.control.settle();
  return { client, projectId: data.project.id, analysisId: data.analysisId! };
}

describe('analysis detail and retrieve report', () => {
  it('describe the analysis and the project that were created', async () => {
    const { client, projectId, analysisId } = await completedCompany();
    const { data: detail } = await client.getAnalysisDetail(analysisId);
    expect(detail.projectId).toBe(projectId);
    expect(detail.project).toMatchObject({
      id: projectId,
      name: 'Helio',
      companyName: 'Helio Grid Technologies',
      companyWebsite: 'https://heliogrid.example',
    });
    expect(detail.project.analyses).toEqual([
      expect.objectContaining({ id: analysisId, status: 'completed', type: 'company' }),
    ]);
    expect(detail.platformEntityCompanyDomainsCsv).toBe('heliogrid.example');
    const codes = detail.projectcompanyfit.projectcompanyfitdimensions.map((d) => d.code);
    expect(codes).toEqual(['team', 'market']);
    for (const code of codes) {
      expect(detail.analysisObject).toHaveProperty(`projectfit_${code}_score`);
      expect(detail.analysisObject).toHaveProperty(`projectfit_${code}_scoreColor`);
    }
    expect(Object.keys(detail.analysisData)).toEqual(['businessModel', 'market', 'team']);
    expect(detail.analysisData.team?.sources).toEqual(['https://heliogrid.example']);

    const { data: report } = await client.retrieveReport({ projectId, analysisId });
    expect(report).toEqual(detail);
  });

  it('answer 409 before the analysis completes, 404 for an unknown or foreign analysis', async () => {
    const client = mock.client();
    const { data } = await client.createProject({
      companyName: 'Slow',
      companyWebsite: 'https://slow.example',
      projectType: 'projectAnalysisNoFile',
    });
    expect(await failure(client.getAnalysisDetail(data.analysisId!))).toEqual({
      status: 409,
      code: 'MOCK_ANALYSIS_NOT_COMPLETED',
    });
    expect(await failure(client.getAnalysisDetail('00000000-0000-4000-8000-000000000000'))).toEqual({
      status: 404,
      code: 'MOCK_NOT_FOUND',
    });
    const other = mock.client({ apiKey: SECOND_API_KEY });
    await mock.control.settle();
    expect(await failure(other.getAnalysisDetail(data.analysisId!))).toEqual({ status: 404, code: 'MOCK_NOT_FOUND' });
    const seeded = (await mock.control.state()).projects.find((p: any) => p.companyName === 'Seeded Company');
    expect(await failure(client.retrieveReport({ projectId: seeded.id, analysisId: data.analysisId! }))).toEqual({
      status: 404,
      code: 'MOCK_NOT_FOUND',
    });
  });
});

describe('full report', () => {
  it('returns every part and every chapter without sections', async () => {
    const { client, projectId, analysisId } = await completedCompany();
    const { data } = await client.getFullReport({ projectId });
    expect(data.projectDetail).toMatchObject({
      companyName: 'Helio Grid Technologies',
      processing: 'completed',
      projectstatus: { code: 'active' },
    });
    expect(data.analysisDetail?.projectId).toBe(projectId);
    expect(Object.keys(data.analysisDetail?.analysisData ?? {})).toEqual(['businessModel', 'market', 'team']);
    for (const part of [
      'projectvotesummary',
      'projectcompanyfit',
      'eventsConfigsRelevantCompanyEvent',
      'investments',
      'totalInvestment',
      'reportingCycle',
    ] as const) {
      expect(data[part], part).not.toBeNull();
    }
    expect(data.projectDetail.analyses.map((a) => a.id)).toEqual([analysisId]);
  });

  it.each([
    ['dealscore,investments', ['projectcompanyfit', 'investments', 'totalInvestment']],
    ['projectcompanyfit', ['projectcompanyfit']],
    ['relevantCompanyEvents', ['eventsConfigsRelevantCompanyEvent']],
    ['votes', ['projectvotesummary']],
    ['votesAndNotes,reportingCycle', ['projectvotesummary', 'reportingCycle']],
  ])('sections=%s selects exactly %j, analysisDetail null (no chapter key)', async (sections, selected) => {
    const { client, projectId } = await completedCompany();
    const { data } = await client.getFullReport({ projectId, sections });
    const parts = [
      'projectvotesummary',
      'projectcompanyfit',
      'eventsConfigsRelevantCompanyEvent',
      'investments',
      'totalInvestment',
      'reportingCycle',
    ] as const;
    expect(parts.filter((p) => data[p] !== null)).toEqual(parts.filter((p) => selected.includes(p)));
    expect(data.analysisDetail).toBeNull();
    expect(data.projectDetail.companyName).toBe('Helio Grid Technologies');
  });

  it('a chapter key keeps only those chapters in analysisDetail', async () => {
    const { client, projectId } = await completedCompany();
    const { data } = await client.getFullReport({ projectId, sections: 'team, dealscore ,unknownChapter' });
    expect(Object.keys(data.analysisDetail?.analysisData ?? {})).toEqual(['team']);
    expect(Object.keys(data.analysisDetail?.analysisStructure ?? {})).toEqual(['team']);
    expect(data.projectcompanyfit).not.toBeNull();
    expect(data.investments).toBeNull();
  });

  it("analysisDetail is null while no analysis has completed; analysisId selects that analysis' scores", async () => {
    const client = mock.client();
    const { data: created } = await client.createProject({
      companyName: 'Pending',
      companyWebsite: 'https://p.example',
      projectType: 'projectAnalysisNoFile',
    });
    const before = await client.getFullReport({ projectId: created.project.id });
    expect(before.data.analysisDetail).toBeNull();
    expect(before.data.projectDetail.projectscores).toEqual([]);
    await mock.control.settle();
    const after = await client.getFullReport({ projectId: created.project.id, analysisId: created.analysisId });
    expect(after.data.analysisDetail?.projectId).toBe(created.project.id);
    expect(after.data.projectDetail.projectscores).toHaveLength(1);
    const foreign = await mock.raw(
      `/api/integration/project/fullreport?projectId=${created.project.id}&analysisId=00000000-0000-4000-8000-000000000000`,
      {
        headers: { authorization: API_KEY },
      },
    );
    expect(foreign.status).toBe(404);
  });
});
