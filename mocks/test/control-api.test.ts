// The control API against its own document: reset (deterministic with a seed), state, settle,
// project status, engine switch; and the default seed is a valid MockSeed of that document.
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../src/domain/default-seed.ts';
import { controlValidator } from './support/control-validator.ts';
import { TEST_SEED, useMock } from '../../contract-tests/support/mock-under-test.ts';

const mock = useMock();

describe('control API', () => {
  it('the default seed and the test seed are valid MockSeeds of control-api.openapi.yaml', async () => {
    expect(controlValidator().validateSchema('MockSeed', defaultSeed())).toEqual([]);
    expect(controlValidator().validateSchema('MockSeed', TEST_SEED)).toEqual([]);
    expect(controlValidator().validateSchema('MockSeed', { credits: 'many' })).not.toEqual([]);
    expect((await mock.control.state()).seed.processingMs).toBe(TEST_SEED.processingMs);
  });

  it('gives the same ids and times after every reset with the same seed', async () => {
    const run = async () => {
      await mock.control.reset({ ...TEST_SEED, startTime: '2026-03-01T09:00:00.000Z' });
      const { data } = await mock.client().createProject({
        companyName: 'Repeatable',
        companyWebsite: 'https://r.example',
        projectType: 'projectAnalysisNoFile',
      });
      await mock.control.settle();
      return { data, state: await mock.control.state() };
    };
    const first = await run();
    const second = await run();
    expect(second.data).toEqual(first.data);
    expect(second.state.projects).toEqual(first.state.projects);
    expect(first.data.project.id).toMatch(/^a0000000-0000-4000-8000-/);
    expect(first.state.projects[0].analyses[0].createdAt).toBe('2026-03-01T09:00:00.000Z');
  });

  it('reset without a body restores the default seed with random ids', async () => {
    const reset = await mock.raw('/__mock/reset', { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(reset.body.data.seed.processingMs).toBe(3000);
    const { data } = await mock.client().createProject({ companyName: 'Random', projectType: 'projectNoAnalysis' });
    expect(data.project.id).not.toMatch(/^a0000000-/);
  });

  it('settle finishes all processing at once and reports no pending work', async () => {
    await mock.client().createProject({
      companyName: 'Busy',
      companyWebsite: 'https://b.example',
      projectType: 'projectAnalysisNoFile',
    });
    expect((await mock.control.state()).pendingJobs).toBe(2);
    expect(await mock.control.settle()).toEqual({ jobsRun: 2, deliveries: 0, pendingJobs: 0 });
    expect((await mock.control.state()).analyses.every((a: any) => a.status === 'completed')).toBe(true);
  });

  it('changes a project status and answers the changedStatus event it built', async () => {
    const { data } = await mock.client().createProject({ companyName: 'Mover', projectType: 'projectNoAnalysis' });
    const changed = await mock.control.changeStatus(data.project.id, { code: 'archived', name: 'Archived', order: 9 });
    expect(changed.body.data).toEqual({
      event: 'changedStatus',
      data: {
        projectId: data.project.id,
        projectName: 'Mover',
        previousStatus: 'active',
        newStatus: 'archived',
        stage: 'dueDiligence',
        changedAt: expect.any(String),
      },
    });
    const project = (await mock.client().getProject(data.project.id)).data as any;
    expect(project.projectstatus).toEqual({
      name: 'Archived',
      code: 'archived',
      order: 9,
      isVisible: true,
      hasProjectPhase: true,
    });
  });

  it('lists every call of control-api.openapi.yaml with a one-line description at GET /__mock (and /__mock/)', async () => {
    const index = await mock.checker.fetch(`${mock.origin}/__mock/`);
    expect(index.url).toBe(`${mock.origin}/__mock`);
    const body = await index.json();
    expect(controlValidator().validateResponse('GET', '/__mock', 200, body)).toEqual([]);
    const doc = controlValidator().doc.paths as Record<string, Record<string, unknown>>;
    const operations = Object.entries(doc).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => k !== 'parameters')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(body.data.calls.map((c: any) => `${c.method} ${c.path}`).sort()).toEqual(operations.sort());
    for (const call of body.data.calls) expect(call.does).toMatch(/^[^\n]{10,120}$/);
    expect(body.data.sessionHeader).toBe('x-mock-session');
  });

  it('sets the credits without a reset: records stay, charges start from the new balance', async () => {
    const { data } = await mock.client().createProject({ companyName: 'Kept', projectType: 'projectNoAnalysis' });
    expect(await mock.control.setCredits(1)).toEqual({ credits: 1 });
    await mock.client().createProject({
      companyName: 'Charged',
      companyWebsite: 'https://c.example',
      projectType: 'projectAnalysisNoFile',
    });
    const state = await mock.control.state();
    expect(state.credits).toBe(0);
    expect(state.projects.map((p: any) => p.id)).toContain(data.project.id);
    const refused = await mock.raw('/__mock/credits', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credits: -5 }),
    });
    expect(refused.status).toBe(400);
  });

  it("takes a phase by its code alone, from the seed's phases, and refuses an unknown code", async () => {
    const { data } = await mock.client().createProject({ companyName: 'Phased', projectType: 'projectNoAnalysis' });
    expect((await mock.control.changeStatus(data.project.id, { code: 'won', phase: 'closing' })).status).toBe(200);
    expect(((await mock.client().getProject(data.project.id)).data as any).projectphase).toEqual({
      name: 'Closing',
      code: 'closing',
      order: 2,
      isVisible: true,
    });
    expect(
      (await mock.control.changeStatus(data.project.id, { code: 'won', phase: { code: 'portfolio', name: 'Held' } }))
        .status,
    ).toBe(200);
    expect(((await mock.client().getProject(data.project.id)).data as any).projectphase).toEqual({
      name: 'Held',
      code: 'portfolio',
      order: 3,
      isVisible: true,
    });
    const unknown = await mock.control.changeStatus(data.project.id, { code: 'won', phase: 'nowhere' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.description).toContain('sourcing, dueDiligence, closing, portfolio');
  });

  it('keeps the real clock unless the seed has startTime', async () => {
    await mock.control.reset({ processingMs: 600_000 });
    const before = Date.now();
    const createdAt = async (companyName: string) => {
      const { data } = await mock
        .client()
        .createProject({ companyName, companyWebsite: 'https://t.example', projectType: 'projectAnalysisNoFile' });
      return (await mock.control.state()).analyses.find((a: any) => a.id === data.analysisId).createdAt as string;
    };
    expect(Date.parse(await createdAt('Now'))).toBeGreaterThanOrEqual(before - 1000);
    await mock.control.reset({ processingMs: 600_000, startTime: '2030-05-01T00:00:00.000Z' });
    expect(await createdAt('Then')).toMatch(/^2030-05-01T00:00/);
  });

  it('switches the engine off and on', async () => {
    await mock.control.setEngine(false);
    expect((await mock.control.state()).engineAvailable).toBe(false);
    await mock.control.setEngine(true);
    expect((await mock.control.state()).engineAvailable).toBe(true);
  });
});
