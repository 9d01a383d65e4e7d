// The analyses by id, indexed by project as well: every company list entry reads its project's
// analyses, and filtering all analyses for each entry made the list quadratic in the number of
// projects (12 requests/s over 1,000 projects; see bench/README.md). Analyses read back and not
// built yet (tracked-map.ts) stand in the index as their position; the index itself is made on
// first use, from the project each of them names.
import type { LazyPrefix, LazyRecords } from './lazy-records.ts';
import type { AnalysisRecord } from './records.ts';
import { TrackedMap } from './tracked-map.ts';

/** An analysis, or the position of one read back and not built yet. */
type Slot = AnalysisRecord | number;

export class AnalysisTable extends TrackedMap<AnalysisRecord> {
  /** Undefined while records read back are not indexed yet (made before any change reaches them). */
  private byProject: Map<string, Slot[]> | undefined = new Map();
  /**
   * Until then, the analyses of the projects asked for, found by a search of the records read back
   * (unchanged while there is no index): a list's page asks for ten, and indexing 100,000 analyses
   * to answer them cost more than the rest of the list.
   */
  private searched = new Map<string, AnalysisRecord[]>();

  override adopt(records: LazyRecords<AnalysisRecord>): void {
    super.adopt(records);
    if (this.prefix) this.byProject = undefined;
  }

  override set(id: string, analysis: AnalysisRecord): this {
    const byProject = this.index();
    this.unindex(id);
    super.set(id, analysis);
    const list = byProject.get(analysis.projectId);
    if (list) list.push(analysis);
    else byProject.set(analysis.projectId, [analysis]);
    return this;
  }

  override delete(id: string): boolean {
    this.index();
    this.unindex(id);
    return super.delete(id);
  }

  override clear(): void {
    this.byProject = new Map();
    this.searched = new Map();
    super.clear();
  }

  /** A project's analyses in the order they were added. */
  ofProject(projectId: string): readonly AnalysisRecord[] {
    if (!this.byProject && this.prefix) {
      let found = this.searched.get(projectId);
      if (!found) {
        const prefix = this.prefix;
        found = prefix.records.positionsOf(projectId).map((at) => prefix.at(at));
        // The index found them by project: a damaged index is an error, never another project's analyses.
        if (found.some((analysis) => analysis.projectId !== projectId))
          throw new Error(`the index of the analyses read back names another project's analysis for ${projectId}`);
        this.searched.set(projectId, found);
      }
      return found;
    }
    const list = this.index().get(projectId);
    if (!list) return [];
    for (let i = 0; i < list.length; i++) {
      const slot = list[i]!;
      if (typeof slot === 'number') list[i] = this.prefix!.at(slot);
    }
    return list as AnalysisRecord[];
  }

  /** Where parts are fetched apart: resolves once these projects' analyses can be built. */
  async fetchOf(projectIds: readonly string[]): Promise<void> {
    const prefix = this.prefix;
    if (!prefix?.records.fetch) return;
    if (!this.byProject) await prefix.records.fetch({ values: projectIds.filter((id) => !this.searched.has(id)) });
    const positions: number[] = [];
    for (const projectId of projectIds) {
      if (this.byProject) {
        for (const slot of this.byProject.get(projectId) ?? []) if (typeof slot === 'number') positions.push(slot);
      } else if (!this.searched.has(projectId)) positions.push(...prefix.records.positionsOf(projectId));
    }
    const unbuilt = positions.filter((at) => prefix.isLive(at) && prefix.peek(at) === undefined);
    if (unbuilt.length) await prefix.records.fetch({ parts: prefix.records.partsOf(unbuilt) });
  }

  /** The index by project, made from the records read back (in their order) on first use. */
  private index(): Map<string, Slot[]> {
    if (this.byProject) return this.byProject;
    const byProject = new Map<string, Slot[]>();
    const add = (projectId: string, slot: Slot) => {
      const list = byProject.get(projectId);
      if (list) list.push(slot);
      else byProject.set(projectId, [slot]);
    };
    const prefix = this.prefix;
    if (prefix) {
      const { records } = prefix;
      for (let i = 0; i < records.count; i++) {
        if (!prefix.isLive(i)) continue;
        const built = prefix.peek(i);
        add(built ? built.projectId : records.field(i), built ?? i);
      }
    } else for (const analysis of super.values()) add(analysis.projectId, analysis);
    this.byProject = byProject;
    this.searched = new Map();
    return byProject;
  }

  private unindex(id: string): void {
    const at = this.prefix?.find(id);
    const previous = at === undefined ? super.get(id) : this.prefix!.peek(at);
    if (at === undefined && !previous) return;
    const projectId = previous ? previous.projectId : this.prefix!.records.field(at!);
    const list = this.byProject!.get(projectId);
    if (!list) return;
    let place = previous ? list.indexOf(previous) : -1;
    if (place < 0 && at !== undefined) place = list.indexOf(at);
    if (place >= 0) list.splice(place, 1);
  }

  protected override materialized(prefix: LazyPrefix<AnalysisRecord>): void {
    if (!this.byProject) return;
    for (const list of this.byProject.values())
      for (let i = 0; i < list.length; i++) {
        const slot = list[i]!;
        if (typeof slot === 'number') list[i] = prefix.at(slot);
      }
  }
}
