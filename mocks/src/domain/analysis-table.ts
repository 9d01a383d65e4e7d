// The analyses by id, indexed by project as well: every company list entry reads its project's
// analyses, and filtering all analyses for each entry made the list quadratic in the number of
// projects (12 requests/s over 1,000 projects; see bench/README.md). Analyses read back and not
// built yet (tracked-map.ts) are found by a search of the index they were read with, and stay
// there until changed: the table's own index holds only the analyses set since (a changed one
// moves to the end of its project's list), so no index of every analysis is made, at the first
// list or at the first change (1.1 s of CPU for 1,000,000 analyses when it was).
import type { LazyPrefix, LazyRecords } from './lazy-records.ts';
import type { AnalysisRecord } from './records.ts';
import { TrackedMap } from './tracked-map.ts';

export class AnalysisTable extends TrackedMap<AnalysisRecord> {
  /** The analyses set in this table (not those read back and unchanged), by project, in the order they were set. */
  private byProject = new Map<string, AnalysisRecord[]>();
  /** Positions of analyses read back that were set again since: they are in `byProject` now. */
  private moved = new Set<number>();
  /**
   * The unchanged analyses read back of the projects asked for, found by a search of their index:
   * a list's page asks for ten; dropped for a project when one of them changes.
   */
  private searched = new Map<string, AnalysisRecord[]>();

  override set(id: string, analysis: AnalysisRecord): this {
    this.unindex(id);
    super.set(id, analysis);
    const list = this.byProject.get(analysis.projectId);
    if (list) list.push(analysis);
    else this.byProject.set(analysis.projectId, [analysis]);
    return this;
  }

  /** A project's analyses in the order they were added. */
  ofProject(projectId: string): readonly AnalysisRecord[] {
    const own = this.byProject.get(projectId) ?? [];
    const prefix = this.prefix;
    if (!prefix) return own;
    let found = this.searched.get(projectId);
    if (!found) {
      found = this.readBack(prefix, projectId).map((at) => prefix.at(at));
      // The index found them by project: a damaged index is an error, never another project's analyses.
      if (found.some((analysis) => analysis.projectId !== projectId))
        throw new Error(`the index of the analyses read back names another project's analysis for ${projectId}`);
      this.searched.set(projectId, found);
    }
    return own.length ? [...found, ...own] : found;
  }

  /** Whether a project's analyses read back were found already (their records are built). */
  searchedAlready(projectId: string): boolean {
    return this.searched.has(projectId);
  }

  /** The positions of a project's analyses read back and not set again since (none without any read back). */
  readBackOf(projectId: string): number[] {
    return this.prefix ? this.readBack(this.prefix, projectId) : [];
  }

  private readBack(prefix: LazyPrefix<AnalysisRecord>, projectId: string): number[] {
    return prefix.records.positionsOf(projectId).filter((at) => !this.moved.has(at));
  }

  /** Takes an analysis out of its project's list (before it is set again). */
  private unindex(id: string): void {
    const at = this.prefix?.find(id);
    if (at !== undefined) {
      const prefix = this.prefix!;
      if (this.moved.has(at)) {
        this.unlist(prefix.at(at));
        return;
      }
      this.searched.delete(prefix.peek(at)?.projectId ?? prefix.records.field(at));
      this.moved.add(at);
      return;
    }
    const previous = this.own.get(id);
    if (previous) this.unlist(previous);
  }

  private unlist(analysis: AnalysisRecord): void {
    const list = this.byProject.get(analysis.projectId);
    const place = list ? list.indexOf(analysis) : -1;
    if (place >= 0) list!.splice(place, 1);
  }

  protected override materialized(prefix: LazyPrefix<AnalysisRecord>): void {
    // The analyses read back and unchanged come first in their project's list, in their order.
    const byProject = new Map<string, AnalysisRecord[]>();
    for (let at = 0; at < prefix.records.count; at++) {
      if (this.moved.has(at)) continue;
      const analysis = prefix.at(at);
      const list = byProject.get(analysis.projectId);
      if (list) list.push(analysis);
      else byProject.set(analysis.projectId, [analysis]);
    }
    for (const [projectId, own] of this.byProject) {
      const list = byProject.get(projectId);
      if (list) list.push(...own);
      else byProject.set(projectId, own);
    }
    this.byProject = byProject;
    this.moved = new Set();
    this.searched = new Map();
  }
}
