// The projects by id, also kept as an array in insertion order, so a search can resume where an
// earlier one stopped instead of copying the whole map per request (see keyword-matches.ts).
// Projects read back and not built yet (tracked-map.ts) stand in that array as their position:
// a list filters by owner and counts without building them, and builds only the projects of its page.
// Until they are all built, they are the first places in their own order and are not listed.
import type { LazyPrefix, LazyRecords, Positions } from './lazy-records.ts';
import type { ProjectRecord } from './records.ts';
import { TrackedMap } from './tracked-map.ts';

export class ProjectTable extends TrackedMap<ProjectRecord> {
  /**
   * The first places of the insertion order: the projects read back, in their positions' order, not
   * listed (an array of a million positions made at the read-back cost 20 to 80 ms).
   */
  private readBack = 0;
  /** The places after them; a number is the position of a project read back (the prefix's). */
  private ordered: (ProjectRecord | number)[] = [];
  /** Changes when a project is replaced; appending leaves it alone. */
  generation = 0;
  /**
   * While no project read back was given another owner, the first places of the order
   * are the records' positions and their owners are the index's: a user's projects among them are
   * found by the index's search, not by a walk of every place.
   */
  private placesKept = false;

  override adopt(records: LazyRecords<ProjectRecord>): void {
    super.adopt(records);
    this.readBack = records.count;
    this.ordered = [];
    this.placesKept = true;
  }

  /** Lists the places of the projects read back (once they are all built). */
  private listReadBack(): void {
    if (!this.readBack) return;
    // A loop, not Array.from with a callback: 82 ms of a 1,000,000-project restart's profile.
    const listed = new Array<ProjectRecord | number>(this.readBack + this.ordered.length);
    for (let i = 0; i < this.readBack; i++) listed[i] = i;
    for (let i = 0; i < this.ordered.length; i++) listed[this.readBack + i] = this.ordered[i]!;
    this.ordered = listed;
    this.readBack = 0;
  }

  /** The slot of a place: a project, or the position of one read back. */
  private slotAt(place: number): ProjectRecord | number {
    return place < this.readBack ? place : this.ordered[place - this.readBack]!;
  }

  override set(id: string, project: ProjectRecord): this {
    const at = this.prefix?.find(id);
    if (at !== undefined) {
      // The order holds its position, which now builds to this project.
      this.generation += 1;
      if (project.ownerUserId !== this.prefix!.records.field(at)) this.placesKept = false;
    } else {
      const previous = this.own.get(id);
      if (previous) {
        this.ordered[this.ordered.indexOf(previous)] = project;
        this.generation += 1;
      } else {
        this.ordered.push(project);
      }
    }
    return super.set(id, project);
  }

  /** Every project in insertion order (the map's own order); builds every project read back. */
  inOrder(): readonly ProjectRecord[] {
    this.materialize();
    return this.ordered as ProjectRecord[];
  }

  /** How many projects there are. */
  get count(): number {
    return this.readBack + this.ordered.length;
  }

  /** The project at a place of the insertion order, built on first touch. */
  atPlace(place: number): ProjectRecord {
    const slot = this.slotAt(place);
    return typeof slot === 'number' ? this.prefix!.at(slot) : slot;
  }

  /** The owner of the project at a place of the insertion order, without building it. */
  ownerAtPlace(place: number): string {
    const slot = this.slotAt(place);
    if (typeof slot !== 'number') return slot.ownerUserId;
    const prefix = this.prefix!;
    return prefix.peek(slot)?.ownerUserId ?? prefix.records.field(slot);
  }

  /**
   * The places of an owner's projects among the first `through` places (the projects read back),
   * from the index without building or walking them; undefined once those places moved.
   */
  ownedAmongReadBack(owner: string): { places: Positions; through: number } | undefined {
    const prefix = this.prefix;
    if (!prefix || !this.placesKept) return undefined;
    return { places: prefix.records.withField(owner), through: prefix.records.count };
  }

  /**
   * Resolves once an owner's projects read back can be counted and those from `from` to before `to`
   * of them found (`ownedAmongReadBack`; nothing to fetch once the places moved).
   */
  async fetchOwnedReadBack(owner: string, from: number, to: number): Promise<void> {
    if (this.placesKept) await this.fetchReadBack({ matches: [{ value: owner, from, to }] });
  }

  /**
   * Resolves once every project of an owner among those read back can be built (a keyword search
   * or a sorted list reads them all): the parts the owner's index names, or every part once the
   * places moved (a search then walks every place).
   */
  async fetchEveryOwned(owner: string): Promise<void> {
    const prefix = this.prefix;
    if (!prefix?.records.fetch) return;
    if (!this.placesKept) return this.fetchEveryReadBack();
    await this.fetchReadBack({ matches: [{ value: owner, from: 0, to: prefix.records.count }] });
    const owned = prefix.records.withField(owner);
    const positions = new Array<number>(owned.length);
    for (let k = 0; k < owned.length; k++) positions[k] = owned.at(k);
    await this.fetchToBuild(positions);
  }

  /** The positions of the projects read back at these places of the insertion order (the others left out). */
  readBackAt(places: readonly number[]): number[] {
    const positions: number[] = [];
    for (const place of places) {
      const slot = this.slotAt(place);
      if (typeof slot === 'number') positions.push(slot);
    }
    return positions;
  }

  protected override materialized(prefix: LazyPrefix<ProjectRecord>): void {
    this.placesKept = false;
    this.listReadBack();
    this.ordered = this.ordered.map((slot) => (typeof slot === 'number' ? prefix.at(slot) : slot));
  }
}
