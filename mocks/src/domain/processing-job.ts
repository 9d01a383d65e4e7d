// A processing job as data (what the scheduler holds and a state file keeps): each names the
// record it moves on. What running one does is jobs.ts's.
export type ProcessingJob =
  | { kind: 'analysisProgress' | 'analysisFinish'; analysisId: string }
  | { kind: 'runRunning' | 'runFinish'; fundExtractionId: string };
