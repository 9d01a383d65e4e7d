// Company records through the client: the three project types and their rules, credits, the
// manual upload, messages, and the company list (paging, clamp, search, orderby, id, the 5000
// fault) and search.
import { describe, expect, it } from 'vitest';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import { failure } from './support/failure.ts';
import { API_KEY, SECOND_API_KEY, TEST_SEED, useMock } from '../../contract-tests/support/mock-under-test.ts';

const mock = useMock();

describe('create company', () => {
  it('projectAnalysisWithFile with a docLink starts a charged analysis that settles to completed', async () => {
    const client = mock.client();
    const created = await client.createProject({
      name: 'Helio',
      companyName: 'Helio Grid Technologies',
      projectType: 'projectAnalysisWithFile',
      docLink: 'https://files.example/deck.pdf',
    });
    const { project, analysisId } = created.data;
    expect(project).toMatchObject({
      name: 'Helio',
      companyName: 'Helio Grid Technologies',
      companyWebsite: null,
      projectType: 'projectAnalysisWithFile',
    });
    expect(analysisId).toBeDefined();
    expect(created.data.driveFolderLink).toBeUndefined();

    let state = await mock.control.state();
    expect(state.credits).toBe(999);
    expect(state.analyses.find((a: any) => a.id === analysisId)).toMatchObject({
      status: 'pending',
      sources: ['https://files.example/deck.pdf'],
    });

    await mock.control.settle();
    state = await mock.control.state();
    expect(state.analyses.find((a: any) => a.id === analysisId).status).toBe('completed');
    const listed = await client.getProject(project.id);
    expect(listed.data).toMatchObject({
      id: project.id,
      processing: 'completed',
      analyses: [{ id: analysisId, status: 'completed' }],
    });
  });

  it('projectAnalysisWithFile with notesText analyses a notes file', async () => {
    const { data } = await mock
      .client()
      .createProject({ companyName: 'Notes Co', projectType: 'projectAnalysisWithFile', notesText: 'Met at a fair.' });
    const state = await mock.control.state();
    expect(state.analyses.find((a: any) => a.id === data.analysisId).sources).toEqual(['notes.txt']);
  });

  it('projectAnalysisWithFile without files waits for a manual upload, then is processed', async () => {
    const client = mock.client();
    const { data } = await client.createProject({ companyName: 'Manual Co', projectType: 'projectAnalysisWithFile' });
    const analysisId = data.analysisId!;
    await mock.control.settle();
    expect((await mock.control.state()).analyses.find((a: any) => a.id === analysisId).status).toBe('pending');

    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.7 deck')]), 'deck.pdf');
    await client.uploadAnalysisFiles(analysisId, form);
    await mock.control.settle();
    const analysis = (await mock.control.state()).analyses.find((a: any) => a.id === analysisId);
    expect(analysis).toMatchObject({ status: 'completed', sources: ['deck.pdf'] });
  });

  it('a manual upload the engine cannot read (not PDF, XLSX or XLS) fails the analysis', async () => {
    const client = mock.client();
    const { data } = await client.createProject({ companyName: 'Odd Co', projectType: 'projectAnalysisWithFile' });
    const form = new FormData();
    form.append('file', new Blob(['plain text']), 'notes.txt');
    await client.uploadAnalysisFiles(data.analysisId!, form);
    await mock.control.settle();
    expect((await mock.control.state()).analyses.find((a: any) => a.id === data.analysisId).status).toBe('failed');
  });

  it('an unreadable docLink ends the analysis failed, through progress', async () => {
    // An hour of processing: only the clock this test advances moves it, however busy the machine.
    await mock.control.reset({ processingMs: 3_600_000 });
    const { data } = await mock.client().createProject({
      companyName: 'Broken Deck',
      projectType: 'projectAnalysisWithFile',
      docLink: 'https://files.example/unreadable.pdf',
    });
    const status = async () =>
      (await mock.control.state()).analyses.find((a: any) => a.id === data.analysisId).status as string;
    const advance = (advanceMs: number) =>
      mock.raw('/__mock/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs }),
      });
    const seen = [await status()];
    await advance(1_800_001);
    seen.push(await status());
    await advance(1_800_000);
    seen.push(await status());
    expect(seen).toEqual(['pending', 'progress', 'failed']);
  });

  it('projectAnalysisNoFile requires companyWebsite and ignores the file fields', async () => {
    const client = mock.client();
    expect(
      await failure(client.createProject({ companyName: 'No Site', projectType: 'projectAnalysisNoFile' } as never)),
    ).toEqual({ status: 400, code: 'MOCK_INVALID_REQUEST' });
    const { data } = await client.createProject({
      companyName: 'Lumen Freight',
      companyWebsite: 'https://lumenfreight.example',
      projectType: 'projectAnalysisNoFile',
      docLink: 'https://files.example/ignored.pdf',
      notesText: 'ignored',
    });
    const state = await mock.control.state();
    expect(state.analyses.find((a: any) => a.id === data.analysisId).sources).toEqual(['https://lumenfreight.example']);
    expect(state.projects).toHaveLength(2);
  });

  it('projectNoAnalysis creates no analysis, charges nothing, and only links a folder with files', async () => {
    const { data } = await mock
      .client()
      .createProject({ companyName: 'Orbital Bakery', projectType: 'projectNoAnalysis', folderName: 'Helio Grid' });
    expect(data.analysisId).toBeUndefined();
    const state = await mock.control.state();
    expect(state.credits).toBe(1000);
    expect(state.analyses.filter((a: any) => a.projectId === data.project.id)).toEqual([]);
    expect(state.projects.find((p: any) => p.id === data.project.id).extraConfig).toEqual({
      driveFolderLink: { status: 'linked' },
    });
  });

  it('refuses an analysis without credits (402 Error131) and creates nothing', async () => {
    await mock.control.reset({ ...TEST_SEED, credits: 0 });
    expect(
      await failure(
        mock.client().createProject({
          companyName: 'Broke',
          companyWebsite: 'https://broke.example',
          projectType: 'projectAnalysisNoFile',
          folderName: 'Helio Grid',
        }),
      ),
    ).toEqual({ status: 402, code: 'Error131' });
    const state = await mock.control.state();
    expect(state.credits).toBe(0);
    expect(state.projects.map((p: any) => p.companyName)).toEqual(['Seeded Company']);
    expect(state.users[0].drive.folders.find((f: any) => f.id === 'folder-helio-grid').linkedProjectId).toBeUndefined();
  });
});

describe('drive folders', () => {
  const outcomes: [string, Record<string, unknown>, string?][] = [
    ['linked', { folderLink: 'https://drive.google.com/drive/folders/folder-helio-grid' }],
    ['already_linked', { folderName: 'Already Linked' }],
    ['linked_to_other_project', { folderLink: 'folder-seeded-company' }],
    ['not_found', { folderName: 'No Such Folder' }],
    ['ambiguous_folder', { folderName: 'duplicate name' }],
    ['no_connection', { folderName: 'Helio Grid' }, SECOND_API_KEY],
    ['provider_not_supported', { folderName: 'Helio Grid', driveProvider: 'one-drive' }],
    ['search_failed', { folderName: 'Search Failed' }],
    ['error', { folderLink: 'https://drive.google.com/drive/folders/folder-error?usp=sharing' }],
  ];

  it.each(outcomes)('gives %s, written to extraConfig.driveFolderLink', async (status, folder, apiKey) => {
    const client = mock.client({ apiKey });
    const { data } = await client.createProject({
      companyName: `Drive ${status}`,
      projectType: 'projectNoAnalysis',
      ...folder,
    });
    expect(data.driveFolderLink).toBeUndefined();
    const lookup = await client.getProject(data.project.id);
    expect((lookup.data as any).extraConfig).toEqual({ driveFolderLink: { status } });
  });

  it('returns data.driveFolderLink for projectAnalysisWithFile with no files at all', async () => {
    const { data } = await mock
      .client()
      .createProject({ companyName: 'Empty', projectType: 'projectAnalysisWithFile', folderName: 'Empty Folder' });
    expect(data.driveFolderLink).toEqual({ status: 'linked' });
  });

  it('analyses the files of a linked folder with the docLink, and a folder links one project only', async () => {
    const client = mock.client();
    const first = await client.createProject({
      companyName: 'Helio Grid',
      projectType: 'projectAnalysisWithFile',
      docLink: 'https://files.example/extra.pdf',
      folderLink: 'folder-helio-grid',
      folderName: 'Empty Folder',
    });
    expect(first.data.driveFolderLink).toBeUndefined();
    const state = await mock.control.state();
    expect(state.analyses.find((a: any) => a.id === first.data.analysisId).sources).toEqual([
      'https://files.example/extra.pdf',
      'pitch-deck.pdf',
      'financials.xlsx',
    ]);
    const second = await client.createProject({
      companyName: 'Helio again',
      projectType: 'projectAnalysisWithFile',
      folderLink: 'folder-helio-grid',
    });
    expect(second.data.driveFolderLink).toEqual({ status: 'linked_to_other_project' });
  });
});

describe('company list and search', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      ownerUserId: 'user-mock',
      companyName: `Company ${String(i).padStart(3, '0')}`,
      companyWebsite: `https://company-${i}.example`,
      companyIndustry: i % 2 ? 'Energy' : 'Retail',
      companyCountry: i % 3 ? 'DE' : 'FR',
      description: i === 7 ? 'Makes solar roof tiles' : 'Something else',
    }));

  it('pages from 0 with 10 by default, clamps pageSize at 100, and says when a next page exists', async () => {
    await mock.control.reset({ ...TEST_SEED, data: { projects: many(105) } });
    const client = mock.client();
    const first = await client.api.GET('/integration/projects', {});
    expect((first.data as any).data).toHaveLength(10);
    expect((first.data as any).pagination).toEqual({ page: 0, pageSize: 10, totalCount: 105, nextPage: true });

    const clamped = await mock.raw('/api/integration/projects?pageSize=500&page=1', {
      headers: { authorization: API_KEY },
    });
    expect(clamped.body.pagination).toEqual({ page: 1, pageSize: 100, totalCount: 105, nextPage: false });
    expect(clamped.body.data.map((p: any) => p.companyName)).toEqual([
      'Company 100',
      'Company 101',
      'Company 102',
      'Company 103',
      'Company 104',
    ]);
    expect(clamped.body).toMatchObject({ code: '1000', title: 'Successful', description: '' });
    expect(clamped.body.metadata).toBeUndefined();

    let total = 0;
    for await (const page of client.listProjects({ pageSize: 40 })) total += page.data.length;
    expect(total).toBe(105);
  });

  it('filters by search over name, website, industry, country and description', async () => {
    await mock.control.reset({ ...TEST_SEED, data: { projects: many(12) } });
    const client = mock.client();
    const names = async (search: string) => {
      const names: string[] = [];
      for await (const page of client.listProjects({ search, pageSize: 100 }))
        names.push(...page.data.map((p) => p.companyName));
      return names;
    };
    expect(await names('company 011')).toEqual(['Company 011']);
    expect(await names('company-3.example')).toEqual(['Company 003']);
    expect((await names('energy')).length).toBe(6);
    expect((await names('FR')).length).toBe(4);
    expect(await names('solar')).toEqual(['Company 007']);
    expect(await names('nothing matches this')).toEqual([]);
  });

  it('sorts by orderby ascending and refuses a field that is not sortable', async () => {
    await mock.control.reset({ ...TEST_SEED, data: { projects: many(4).reverse() } });
    const sorted = await mock.raw('/api/integration/projects?orderby=companyName', {
      headers: { authorization: API_KEY },
    });
    expect(sorted.body.data.map((p: any) => p.companyName)).toEqual([
      'Company 000',
      'Company 001',
      'Company 002',
      'Company 003',
    ]);
    expect(sorted.headers.get('x-mock-gap')).toContain('orderby');
    const refused = await mock.raw('/api/integration/projects?orderby=projectstatus', {
      headers: { authorization: API_KEY },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('MOCK_INVALID_REQUEST');
  });

  it('answers the id variant with the one project, and 404 for a project of another user', async () => {
    const client = mock.client();
    const { data } = await client.createProject({ companyName: 'Mine', projectType: 'projectNoAnalysis' });
    const lookup = await mock.raw(`/api/integration/projects?id=${data.project.id}`, {
      headers: { authorization: API_KEY },
    });
    expect(lookup.body.data).toMatchObject({
      id: data.project.id,
      companyName: 'Mine',
      projectUser: { role: 'owner' },
    });
    expect(lookup.headers.get('x-mock-gap')).toContain('id');
    const other = await mock.raw(`/api/integration/projects?id=${data.project.id}`, {
      headers: { authorization: SECOND_API_KEY },
    });
    expect(other.status).toBe(404);
    const list = await mock.raw('/api/integration/projects', { headers: { authorization: SECOND_API_KEY } });
    expect(list.body.data).toEqual([]);
  });

  it('marks the processing value it chose while an analysis runs, and the placeholders it filled in', async () => {
    await mock.client().createProject({
      companyName: 'Busy',
      projectType: 'projectAnalysisWithFile',
      docLink: 'https://x.example/d.pdf',
    });
    const running = await mock.raw('/api/integration/projects?search=busy', { headers: { authorization: API_KEY } });
    expect(running.body.data[0]).toMatchObject({
      processing: 'progress',
      companyWebsite: 'https://busy.example',
      companyEmail: 'contact@busy.example',
    });
    expect(running.headers.get('x-mock-gap')).toMatch(/processing.*placeholders|placeholders.*processing/);
    await mock.control.settle();
    const done = await mock.raw('/api/integration/projects?search=busy', { headers: { authorization: API_KEY } });
    expect(done.body.data[0].processing).toBe('completed');
    expect(done.headers.get('x-mock-gap')).not.toContain('processing');
    const seeded = await mock.raw('/api/integration/projects?search=seeded', { headers: { authorization: API_KEY } });
    // Only the keyword match the list's search used: nothing chosen or filled in for a seeded company.
    expect(seeded.headers.get('x-mock-gap')).toMatch(/^keyword matching: [^;]*$/);
    const all = await mock.raw('/api/integration/projects?pageSize=100', { headers: { authorization: API_KEY } });
    expect(all.headers.get('x-mock-gap') ?? '').not.toContain('keyword matching');
  });

  it('search returns the matching ids at data.data', async () => {
    const client = mock.client();
    const { data } = await client.createProject({
      companyName: 'Helio Grid Technologies',
      projectType: 'projectNoAnalysis',
    });
    const found = await client.searchProjects('helio');
    expect(found.data.data).toEqual([{ id: data.project.id }]);
    // Trimmed, in any letter case, a part of the name; the choice named in X-Mock-Gap.
    expect((await client.searchProjects('  GRID tech  ')).data.data).toEqual([{ id: data.project.id }]);
    const raw = await mock.raw('/api/integration/project/search?keywords=helio', {
      headers: { authorization: API_KEY },
    });
    expect(raw.headers.get('x-mock-gap')).toContain('keyword matching: the mock finds the text, trimmed');
    expect((await client.searchProjects('no such company')).data.data).toEqual([]);
  });
});

describe('company list fault', () => {
  it('answers the documented 500 5000 in the top-level envelope while switched on, until switched off or reset', async () => {
    const client = mock.client();
    const { data } = await client.createProject({ companyName: 'Listed', projectType: 'projectNoAnalysis' });
    expect(await mock.control.setFaults({ companyList: true })).toEqual({ companyList: true });
    expect((await mock.control.state()).faults).toEqual({ companyList: true });

    const listed = await mock.raw('/api/integration/projects?page=0', { headers: { authorization: API_KEY } });
    expect(listed.status).toBe(500);
    expect(listed.body).toEqual({
      code: '5000',
      title: 'Internal Server Error',
      description: expect.any(String),
      data: null,
    });
    expect(contractValidator().validateResponse('get', '/integration/projects', 500, listed.body)).toEqual({
      valid: true,
      violations: [],
      schemaPointer: '#/components/responses/CompanyListServerError/content/application~1json/schema',
    });
    expect(await failure(client.getProject(data.project.id))).toEqual({ status: 500, code: '5000' });
    // Credentials are judged first: a wrong key still gets its 401.
    expect(await failure(mock.client({ apiKey: 'wrong' }).getProject(data.project.id))).toEqual({
      status: 401,
      code: '4010',
    });
    // Only the company list fails.
    expect((await client.searchProjects('listed')).data.data).toEqual([{ id: data.project.id }]);

    expect(await mock.control.setFaults({})).toEqual({ companyList: true });
    expect(await mock.control.setFaults({ companyList: false })).toEqual({ companyList: false });
    expect((await client.getProject(data.project.id)).data).toMatchObject({ id: data.project.id });
    await mock.control.setFaults({ companyList: true });
    await mock.control.reset();
    expect((await mock.control.state()).faults).toEqual({ companyList: false });
  });

  it('refuses an unknown fault switch with 400, changing nothing', async () => {
    const refused = await mock.raw('/__mock/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ everything: true }),
    });
    expect(refused.status).toBe(400);
    expect((await mock.control.state()).faults).toEqual({ companyList: false });
  });
});

describe('process message', () => {
  it('stores the content on the project', async () => {
    const client = mock.client();
    const { data } = await client.createProject({ companyName: 'Talkative', projectType: 'projectNoAnalysis' });
    const answer = await client.processMessage({ projectId: data.project.id, content: 'Intro call went well.' });
    expect(answer.data).toBeNull();
    const state = await mock.control.state();
    expect(state.projects.find((p: any) => p.id === data.project.id).messages.map((m: any) => m.content)).toEqual([
      'Intro call went well.',
    ]);
  });

  it('answers 404 for a project the caller does not have', async () => {
    expect(
      await failure(mock.client().processMessage({ projectId: '00000000-0000-4000-8000-000000000000', content: 'x' })),
    ).toEqual({ status: 404, code: 'MOCK_NOT_FOUND' });
  });
});
