// The projects by id, also kept as an array in insertion order, so a search can resume where an
// earlier one stopped instead of copying the whole map per request (see keyword-matches.ts).
import type { ProjectRecord } from './records.ts';
import { TrackedMap } from './tracked-map.ts';

export class ProjectTable extends TrackedMap<ProjectRecord> {
  private readonly ordered: ProjectRecord[] = [];
  /** Changes when a project is replaced or removed; appending leaves it alone. */
  generation = 0;

  override set(id: string, project: ProjectRecord): this {
    const previous = super.get(id);
    if (previous) {
      this.ordered[this.ordered.indexOf(previous)] = project;
      this.generation += 1;
    } else {
      this.ordered.push(project);
    }
    return super.set(id, project);
  }

  override delete(id: string): boolean {
    const previous = super.get(id);
    if (!previous) return false;
    this.ordered.splice(this.ordered.indexOf(previous), 1);
    this.generation += 1;
    return super.delete(id);
  }

  override clear(): void {
    this.ordered.length = 0;
    this.generation += 1;
    super.clear();
  }

  /** Every project in insertion order (the map's own order). */
  inOrder(): readonly ProjectRecord[] {
    return this.ordered;
  }
}
