// The projects of a user that match a keyword search, remembered per user and keywords and
// extended by the projects added since. Scanning every project on every request kept the search
// over 100,000 projects far above the benchmark's p99 target (bench/README.md). Sound because
// projects are only appended (a replace or removal changes the table's generation and drops the
// remembered results) and the fields a search reads are readonly in ProjectRecord. Results are
// places in the table's insertion order, so a list without keywords filters by owner and counts
// without building projects read back and not touched yet (project-table.ts).
import type { Positions } from './lazy-records.ts';
import type { ProjectTable } from './project-table.ts';
import type { ProjectRecord, UserRecord } from './records.ts';

interface Remembered {
  generation: number;
  /** How many projects of the table this result has seen. */
  scanned: number;
  /** The first matching places, from the index of projects read back (a million stay unlisted). */
  head?: Positions;
  /** Places in the table's insertion order (stable while the generation is), after `head`'s. */
  matches: number[];
}

/** A user's matching projects in creation order: counted without building them, built by the page. */
export interface ProjectMatches {
  readonly length: number;
  /** The projects from `start` to before `end`, built. */
  slice(start: number, end?: number): ProjectRecord[];
  /** Their places in the table's insertion order, not built. */
  places(start: number, end: number): number[];
}

/** Distinct searches remembered per table; past it they are forgotten together (bounded memory). */
const MAX_REMEMBERED = 256;
const remembered = new WeakMap<ProjectTable, Map<string, Remembered>>();

const searchFields = new WeakMap<ProjectRecord, readonly string[]>();

/** Company name, website, industry, country and description (and nickname), lower-cased once per project. */
function lowerCaseSearchFields(project: ProjectRecord): readonly string[] {
  let fields = searchFields.get(project);
  if (!fields) {
    fields = [
      project.name,
      project.companyName,
      project.companyWebsite ?? '',
      project.companyIndustry,
      project.companyCountry,
      project.description,
    ].map((field) => field.toLowerCase());
    searchFields.set(project, fields);
  }
  return fields;
}

/** Case-insensitive substring match, the keywords prepared once; empty keywords match everything. */
export function keywordFilter(keywords: string): (project: ProjectRecord) => boolean {
  const needle = keywords.trim().toLowerCase();
  // An empty needle is in every field: no case of its own.
  return (project) => lowerCaseSearchFields(project).some((field) => field.includes(needle));
}

/** The user's projects matching `keywords`, in creation order, built only when sliced. */
export function projectMatches(projects: ProjectTable, user: UserRecord, keywords: string): ProjectMatches {
  let byKey = remembered.get(projects);
  if (!byKey) remembered.set(projects, (byKey = new Map()));
  const search = keywords.trim().toLowerCase();
  const matches = keywordFilter(keywords);
  const key = `${user.id}\u0000${search}`;
  let entry = byKey.get(key);
  if (!entry || entry.generation !== projects.generation) {
    if (byKey.size >= MAX_REMEMBERED) byKey.clear();
    entry = { generation: projects.generation, scanned: 0, matches: [] };
    // The owner's projects read back are the index's places: no walk of them (without keywords
    // none is built; with keywords only the owner's are, and a session's other owners are not read).
    const readBack = projects.ownedAmongReadBack(user.id);
    if (readBack && !search) entry.head = readBack.places;
    else if (readBack) {
      for (let k = 0; k < readBack.places.length; k++) {
        const place = readBack.places.at(k);
        const project = projects.atPlace(place);
        // A damaged index is an error, never another user's project.
        if (project.ownerUserId !== user.id)
          throw new Error(`the index of the projects read back names another user's project for ${user.id}`);
        if (matches(project)) entry.matches.push(place);
      }
    }
    if (readBack) entry.scanned = readBack.through;
    byKey.set(key, entry);
  }
  // The projects added since this search last ran (often none).
  const count = projects.count;
  for (let place = entry.scanned; place < count; place++) {
    // The owner first: without keywords no project is built.
    if (projects.ownerAtPlace(place) === user.id && (!search || matches(projects.atPlace(place))))
      entry.matches.push(place);
  }
  entry.scanned = count;
  const { head, matches: places } = entry;
  const headLength = head?.length ?? 0;
  // Later projects may extend the remembered places: this answer keeps its own length.
  const length = headLength + places.length;
  const placesOf = (start: number, end: number) => {
    const found: number[] = [];
    for (let k = Math.max(0, start); k < Math.min(end, length); k++)
      found.push(k < headLength ? head!.at(k) : places[k - headLength]!);
    return found;
  };
  return {
    length,
    places: placesOf,
    slice: (start, end = length) =>
      placesOf(start, end).map((place, k) => {
        const project = projects.atPlace(place);
        // Places from the index of projects read back: a damaged index is an error, never another user's project.
        if (start + k < headLength && project.ownerUserId !== user.id)
          throw new Error(`the index of the projects read back names another user's project for ${user.id}`);
        return project;
      }),
  };
}
