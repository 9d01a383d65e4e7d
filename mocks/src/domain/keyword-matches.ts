// The projects of a user that match a keyword search, remembered per user and keywords and
// extended by the projects added since. Scanning every project on every request kept the search
// over 100,000 projects far above the benchmark's p99 target (bench/README.md). Sound because
// projects are only appended (a replace or removal changes the table's generation and drops the
// remembered results) and the fields a search reads are readonly in ProjectRecord.
import type { ProjectTable } from './project-table.ts';
import type { ProjectRecord, UserRecord } from './records.ts';

interface Remembered {
  generation: number;
  /** How many projects of the table this result has seen. */
  scanned: number;
  matches: ProjectRecord[];
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
  if (!needle) return () => true;
  return (project) => lowerCaseSearchFields(project).some((field) => field.includes(needle));
}

/** The user's projects matching `keywords`, in creation order. Read-only: shared between calls. */
export function matchingProjects(projects: ProjectTable, user: UserRecord, keywords: string): readonly ProjectRecord[] {
  let byKey = remembered.get(projects);
  if (!byKey) remembered.set(projects, (byKey = new Map()));
  const key = `${user.id}\u0000${keywords.trim().toLowerCase()}`;
  let entry = byKey.get(key);
  if (!entry || entry.generation !== projects.generation) {
    if (byKey.size >= MAX_REMEMBERED) byKey.clear();
    entry = { generation: projects.generation, scanned: 0, matches: [] };
    byKey.set(key, entry);
  }
  const all = projects.inOrder();
  if (entry.scanned < all.length) {
    const matches = keywordFilter(keywords);
    for (let i = entry.scanned; i < all.length; i++) {
      const project = all[i]!;
      if (project.ownerUserId === user.id && matches(project)) entry.matches.push(project);
    }
    entry.scanned = all.length;
  }
  return entry.matches;
}
