// `parity --baseline <parity.json>`: the answers of an earlier parity run to compare with instead of
// the mock's own choices: a mock started with that file as its gap profile must show no
// difference, and the same deployment run again shows what changed.
import { readFile } from 'node:fs/promises';
import {
  GAP_PROBES,
  GAP_PROFILE_KIND,
  type GapObservation,
  type GapProbeFacts,
  type GapProbeId,
  isGapProbeId,
} from '../../../common/src/index.ts';

export interface Baseline {
  /** The deployment the earlier run observed. */
  source: string;
  answers: Partial<Record<GapProbeId, GapObservation>>;
}

/** The touched answers of a parity report file; an Error with a one-line message otherwise. */
export async function readBaseline(file: string): Promise<Baseline> {
  let json: unknown;
  try {
    json = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new Error(`cannot read --baseline ${file}: ${code ?? message.split('\n')[0]}`);
  }
  const report = json as { kind?: unknown; baseUrl?: unknown; gaps?: unknown };
  if (report?.kind !== GAP_PROFILE_KIND || !Array.isArray(report.gaps))
    throw new Error(`--baseline ${file} is not the parity.json of a parity run`);
  const answers: Baseline['answers'] = {};
  for (const entry of report.gaps as { id?: unknown; touched?: unknown; deployment?: unknown }[]) {
    if (!isGapProbeId(entry?.id) || entry.touched !== true) continue;
    const facts: GapProbeFacts = GAP_PROBES[entry.id];
    const observation = entry.deployment as GapObservation | null;
    if (observation?.kind !== facts.mock.kind)
      throw new Error(`--baseline ${file}: ${entry.id} holds no observation of kind "${facts.mock.kind}"`);
    answers[entry.id] = observation;
  }
  return { source: typeof report.baseUrl === 'string' ? report.baseUrl : file, answers };
}
