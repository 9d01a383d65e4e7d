// What the suite has learned so far from the service's own answers, used to chain calls.
import type { components } from '../../generated/types.ts';

type Schemas = components['schemas'];

export interface Discovered {
  /** The first company of the list. */
  listedProject?: { id: string; name: string };
  /** A completed analysis found in the list, with its project. */
  completedAnalysis?: { projectId: string; analysisId: string };
  /** The company this run created (only with writes allowed). */
  createdProject?: { id: string; name: string; analysisId?: string };
  folderPath?: string;
  fundExtractionId?: string;
  /** The saved webhook configuration as read (null: none saved; undefined: not read). */
  webhook?: Schemas['WebhookConfiguration'] | null;
}

/** The company later checks should use: the one created by this run, else the listed one. */
export function knownProjectId(found: Discovered): string | undefined {
  return found.createdProject?.id ?? found.listedProject?.id;
}
