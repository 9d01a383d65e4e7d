// One session as a document (`GET/PUT /__mock/sessions/{id}/export`): its seed, meta values and
// every record, the same records a state file or the database keeps, so a CI job's session can be
// taken home and put into a mock on a laptop. Uploaded file contents are not part of it.
import type { MockSeed } from '../domain/seed.ts';
import type { MockSession } from '../session.ts';
import { allRecords, applyMeta, applyRecord, metaOf, seedOfLine, type Meta, type RecordOp } from './session-records.ts';

export const EXPORT_FORMAT = 'portfolio-mock-session/1';

export interface SessionExport {
  format: typeof EXPORT_FORMAT;
  seed: MockSeed | null;
  meta: Meta;
  records: RecordOp[];
}

/** The session as a document. */
export function exportSession(session: MockSession): SessionExport {
  const { state } = session;
  return { format: EXPORT_FORMAT, seed: seedOfLine(state.seed), meta: metaOf(state), records: [...allRecords(state)] };
}

/** Replaces the session by the document (as a reset does); answers how many records it read. */
export async function importSession(session: MockSession, document: SessionExport): Promise<number> {
  await session.replace(document.seed ?? undefined, (state) => {
    const jobs = new Map<number, { due: number; job: never }>();
    applyMeta(state, document.meta);
    for (const op of document.records) applyRecord(state, session.storage, jobs, op);
    for (const [seq, { due, job }] of jobs) state.scheduler.restore(seq, due, job);
    // Deliveries the exporting mock had under way are not sent from here.
    state.webhooks.interrupted();
  });
  return document.records.length;
}
