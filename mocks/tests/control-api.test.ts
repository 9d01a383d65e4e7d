// The control API against its own document: reset (deterministic with a seed), state, settle,
// project status, engine switch; and the default seed is a valid MockSeed of that document.
import { describe, expect, it } from 'vitest';
import { defaultSeed } from '../domain/default-seed.ts';
import { controlValidator } from './support/control-validator.ts';
import { TEST_SEED, useMock } from './support/mock-under-test.ts';

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
      const { data } = await mock.client().createProject({ companyName: 'Repeatable', companyWebsite: 'https://r.example', projectType: 'projectAnalysisNoFile' });
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
    await mock.client().createProject({ companyName: 'Busy', companyWebsite: 'https://b.example', projectType: 'projectAnalysisNoFile' });
    expect((await mock.control.state()).pendingJobs).toBe(2);
    const settled = await mock.control.settle();
    expect(settled.pendingJobs).toBe(0);
    expect(settled.analyses.every((a: any) => a.status === 'completed')).toBe(true);
  });

  it('changes a project status and answers the changedStatus event it built', async () => {
    const { data } = await mock.client().createProject({ companyName: 'Mover', projectType: 'projectNoAnalysis' });
    const changed = await mock.control.changeStatus(data.project.id, { code: 'archived', name: 'Archived', order: 9 });
    expect(changed.body.data).toEqual({
      event: 'changedStatus',
      data: { projectId: data.project.id, projectName: 'Mover', previousStatus: 'active', newStatus: 'archived', stage: 'dueDiligence', changedAt: expect.any(String) },
    });
    const project = (await mock.client().getProject(data.project.id)).data as any;
    expect(project.projectstatus).toEqual({ name: 'Archived', code: 'archived', order: 9, isVisible: true, hasProjectPhase: true });
  });

  it('switches the engine off and on', async () => {
    await mock.control.setEngine(false);
    expect((await mock.control.state()).engineAvailable).toBe(false);
    await mock.control.setEngine(true);
    expect((await mock.control.state()).engineAvailable).toBe(true);
  });
});
