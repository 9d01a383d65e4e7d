// The behaviours of the connected drive parity observes with --allow-writes: which spellings of a
// folder's name (--drive-folder-name) and which forms of its link (--drive-folder-id) a company's
// creation finds. Each spelling creates one company (projectNoAnalysis, no credits) read back for
// its driveFolderLink status; the first one found links the folder, later ones find it linked.
import type { GapProbeId } from '../../../common/src/index.ts';
import { isObject } from '../live/answers.ts';
import { lookedUp, type ProbeOutcome, projectOf, valueWord } from './probe-values.ts';
import type { ParitySender, RecordedParityExchange } from './sender.ts';

export interface DriveProbeContext {
  sender: ParitySender;
  allowWrites: boolean;
  driveFolderName?: string;
  driveFolderId?: string;
  driveSharedFolderName?: string;
}

type DriveProbeId = Extract<
  GapProbeId,
  'drive.folder-name-matching' | 'drive.folder-link-forms' | 'drive.shared-folder-name'
>;

/** A link status as parity compares it: found (linked now or before), ambiguous, not found, or the status. */
function found(status: unknown): string {
  if (status === 'linked' || status === 'already_linked' || status === 'linked_to_other_project') return 'matched';
  if (status === 'ambiguous_folder') return 'ambiguous';
  if (status === 'not_found') return 'not found';
  return valueWord({ status }, 'status');
}

/** Creates one company per spelling, in order, naming the folder by `field`; each read back. */
async function trySpellings(
  ctx: DriveProbeContext,
  field: 'folderName' | 'folderLink',
  spellings: [string, string][],
): Promise<ProbeOutcome> {
  const stamp = Date.now().toString(36);
  const values: Record<string, string> = {};
  let exchange: RecordedParityExchange | undefined;
  for (const [i, [label, spelled]] of spellings.entries()) {
    const created = await ctx.sender.send({
      method: 'POST',
      path: '/integration/project',
      json: { companyName: `parity-${stamp} ${field} ${i + 1}`, projectType: 'projectNoAnalysis', [field]: spelled },
    });
    exchange ??= created.recorded;
    const project = projectOf(created.answer);
    if (!project || typeof project.id !== 'string') {
      values[label] = `HTTP ${created.answer.status}`;
      continue;
    }
    const read = await ctx.sender.send({ method: 'GET', path: '/integration/projects', query: { id: project.id } });
    const link = lookedUp(read.answer)?.extraConfig;
    values[label] = found(isObject(link) && isObject(link.driveFolderLink) ? link.driveFolderLink.status : undefined);
  }
  return { touched: true, observation: { kind: 'values', values }, exchange: exchange! };
}

export const DRIVE_PROBES: Record<DriveProbeId, (ctx: DriveProbeContext) => Promise<ProbeOutcome>> = {
  'drive.folder-name-matching': async (ctx) => {
    const name = ctx.driveFolderName;
    if (!ctx.allowWrites || name === undefined)
      return {
        touched: false,
        reason: 'creates companies naming a folder of the drive: pass --allow-writes and --drive-folder-name',
      };
    // The spelling least likely to match first: a match links the folder, and later matches find it linked.
    return trySpellings(ctx, 'folderName', [
      ['its first half', name.slice(0, Math.ceil(name.length / 2))],
      ['in upper case', name.toUpperCase()],
      ['with spaces around', `  ${name}  `],
      ['as given', name],
    ]);
  },
  'drive.folder-link-forms': async (ctx) => {
    const id = ctx.driveFolderId;
    if (!ctx.allowWrites || id === undefined)
      return {
        touched: false,
        reason: 'creates companies linking a folder of the drive: pass --allow-writes and --drive-folder-id',
      };
    // The specification names a folder URL and the bare id; the other forms are the deployment's choice.
    return trySpellings(ctx, 'folderLink', [
      ['open?id= url', `https://drive.google.com/open?id=${encodeURIComponent(id)}`],
      ['open?id= url, id not last', `https://drive.google.com/open?id=${encodeURIComponent(id)}&authuser=0`],
      ['bare id with spaces around', `  ${id}  `],
      ['folders url with a query', `https://drive.google.com/drive/folders/${encodeURIComponent(id)}?usp=sharing`],
      ['bare id', id],
    ]);
  },
  'drive.shared-folder-name': async (ctx) => {
    const name = ctx.driveSharedFolderName;
    if (!ctx.allowWrites || name === undefined)
      return {
        touched: false,
        reason:
          'creates a company naming a folder name two folders of the drive share: pass --allow-writes and --drive-shared-folder-name',
      };
    const tried = await trySpellings(ctx, 'folderName', [['outcome', name]]);
    return tried;
  },
};
