// The simulated connected drive: resolves `folderLink` / `folderName` / `driveProvider` of a new
// company to one of the nine link outcomes. Resolution is pure; `commitDriveLink` applies it once
// the project is certain to be created.
import type { components } from '../../../openapi/index.ts';
import { type GapChoices, MOCK_GAP_CHOICES } from './gap-choices.ts';
import type { UserRecord } from './records.ts';
import type { SeedDriveFolder } from './seed.ts';

type Outcome = components['schemas']['DriveFolderLinkOutcome'];
type CreateProjectRequest = components['schemas']['CreateProjectRequest'];

export interface DriveResolution {
  outcome: Outcome;
  /** The folder the project is (or stays) linked to: set for `linked` and `already_linked`. */
  folder?: SeedDriveFolder;
}

/**
 * A drive link read once: the folder id of a folder URL (`.../folders/<id>`, `...?id=<id>`) or a
 * bare id, and its form among those parity tries where the reading is open (gap-profile-choices.ts
 * keeps a profile's unread forms; a folders url without a query always resolves: no form).
 */
export function driveLinkOf(folderLink: string): { id: string; form: string | undefined } {
  const fromPath = /\/folders\/([^/?#]+)/.exec(folderLink)?.[1];
  const query = /[?&]id=([^&#]+)(&)?/.exec(folderLink);
  const id = fromPath ? decodeURIComponent(fromPath) : query ? decodeURIComponent(query[1]!) : folderLink.trim();
  if (/\/folders\/[^/?#]+\?/.test(folderLink)) return { id, form: 'folders url with a query' };
  if (folderLink.includes('/folders/')) return { id, form: undefined };
  if (query) return { id, form: query[2] ? 'open?id= url, id not last' : 'open?id= url' };
  if (folderLink.includes('/')) return { id, form: undefined };
  return { id, form: folderLink.trim() === folderLink ? 'bare id' : 'bare id with spaces around' };
}

/** Undefined when the request names no folder; a link the choices' `linkRead` refuses finds no folder. */
export function resolveDriveFolder(
  user: UserRecord,
  request: CreateProjectRequest,
  { linkRead, sharedFolderName }: Pick<GapChoices, 'linkRead' | 'sharedFolderName'> = MOCK_GAP_CHOICES,
): DriveResolution | undefined {
  const { folderLink, folderName } = request;
  if (folderLink === undefined && folderName === undefined) return undefined;
  if ((request.driveProvider ?? 'google-drive') !== 'google-drive')
    return { outcome: { status: 'provider_not_supported' } };
  if (!user.drive) return { outcome: { status: 'no_connection' } };

  let folder: SeedDriveFolder | undefined;
  if (folderLink !== undefined) {
    const { id } = driveLinkOf(folderLink);
    folder = linkRead(folderLink) ? user.drive.folders.find((f) => f.id === id) : undefined;
  } else {
    const wanted = folderName!.trim().toLowerCase(); // given: without it and a link, undefined was returned
    const matches = user.drive.folders.filter((f) => f.name.trim().toLowerCase() === wanted);
    if (matches.length > 1 && sharedFolderName === 'ambiguous') return { outcome: { status: 'ambiguous_folder' } };
    folder = matches[0];
  }
  if (!folder) return { outcome: { status: 'not_found' } };
  if (folder.outcome === 'search_failed' || folder.outcome === 'error') return { outcome: { status: folder.outcome } };
  if (folder.outcome === 'already_linked') return { outcome: { status: 'already_linked' }, folder };
  if (folder.linkedProjectId) return { outcome: { status: 'linked_to_other_project' } };
  return { outcome: { status: 'linked' }, folder };
}

/** Links the folder to the project when the resolution says so; true when the user's drive changed. */
export function commitDriveLink(resolution: DriveResolution | undefined, projectId: string): boolean {
  if (resolution?.outcome.status !== 'linked' || !resolution.folder) return false;
  resolution.folder.linkedProjectId = projectId;
  return true;
}
