// The processing jobs the scheduler runs, as data: a state file keeps the pending ones and a
// restarted mock resumes them. Each names the record it moves on.
import { finishAnalysis, progressAnalysis } from './analyses.ts';
import { finishRun, progressRun } from './funds.ts';
import type { ProcessingJob } from './processing-job.ts';
import type { MockState } from './state.ts';

export function runJob(state: MockState, job: ProcessingJob): void {
  if ('analysisId' in job) {
    const analysis = state.analyses.get(job.analysisId);
    if (!analysis) return;
    if (job.kind === 'analysisProgress') progressAnalysis(state, analysis);
    else finishAnalysis(state, analysis);
    state.changed('analysis', analysis.id);
  } else {
    const run = state.fundRuns.get(job.fundExtractionId);
    if (!run) return;
    if (job.kind === 'runRunning') progressRun(state, run);
    else finishRun(state, run);
    state.changed('fundRun', run.fundExtractionId);
  }
}
