// The analyses by id, indexed by project as well: every company list entry reads its project's
// analyses, and filtering all analyses for each entry made the list quadratic in the number of
// projects (12 requests/s over 1,000 projects; see bench/README.md).
import type { AnalysisRecord } from './records.ts';
import { TrackedMap } from './tracked-map.ts';

export class AnalysisTable extends TrackedMap<AnalysisRecord> {
  private readonly byProject = new Map<string, AnalysisRecord[]>();

  override set(id: string, analysis: AnalysisRecord): this {
    this.unindex(id);
    super.set(id, analysis);
    const list = this.byProject.get(analysis.projectId);
    if (list) list.push(analysis);
    else this.byProject.set(analysis.projectId, [analysis]);
    return this;
  }

  override delete(id: string): boolean {
    this.unindex(id);
    return super.delete(id);
  }

  override clear(): void {
    this.byProject.clear();
    super.clear();
  }

  /** A project's analyses in the order they were added. */
  ofProject(projectId: string): readonly AnalysisRecord[] {
    return this.byProject.get(projectId) ?? [];
  }

  private unindex(id: string): void {
    const previous = super.get(id);
    if (!previous) return;
    const list = this.byProject.get(previous.projectId);
    const at = list?.indexOf(previous) ?? -1;
    if (list && at >= 0) list.splice(at, 1);
  }
}
