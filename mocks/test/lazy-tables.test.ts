// Projects and analyses read back lazily from an image (persistence/lazy-image.ts into the tables of
// domain/) answer exactly like tables built record by record: the same look-ups, lists, searches,
// analyses by project, sizes and order, through a random run of replaces, removals and additions;
// and a list's first page builds only the parts it shows.
import { describe, expect, it } from 'vitest';
import { AnalysisTable } from '../src/domain/analysis-table.ts';
import { projectMatches } from '../src/domain/keyword-matches.ts';
import { fetchMatching, fetchPendingWork, fetchProject, fetchProjectPage } from '../src/persistence/fetch-parts.ts';
import type { ProcessingJob } from '../src/domain/processing-job.ts';
import { checkControlParts } from '../src/handlers/control-parts.ts';
import { readOperations } from '../src/http/contract-operations.ts';
import controlDocument from '../../generated/control-api.json' with { type: 'json' };
import { ProjectTable } from '../src/domain/project-table.ts';
import type { AnalysisRecord, ProjectRecord, UserRecord } from '../src/domain/records.ts';
import type { MockState } from '../src/domain/state.ts';
import { adoptImage, sectionPiece, splitImage, type SectionedIndex } from '../src/persistence/lazy-image.ts';
import { toColumns } from '../src/persistence/record-columns.ts';
import type { RecordOp } from '../src/persistence/session-records.ts';
import { splitImageV2 } from './support/image-v2.ts';
import { seededRandom } from './support/seeded-random.ts';

const USERS = ['u1', 'u2', 'u3'];
const WORDS = ['Robotics', 'Energy', 'Fintech', 'Health'];

function project(id: string, owner: string, word: string, n: number): ProjectRecord {
  return {
    id,
    ownerUserId: owner,
    projectType: null,
    name: `${word} ${n}`,
    companyName: `${word} Company ${n}`,
    companyWebsite: n % 3 ? `https://co${n}.example` : null,
    companyLegalName: null,
    companyEmail: null,
    companyIndustry: word,
    companyCountry: 'DE',
    companyBusinessModel: '',
    companyStage: '',
    companyRevenueRange: '',
    description: n % 5 ? '' : `About ${word.toLowerCase()}`,
    isVisible: true,
    isPending: false,
    isUnread: n % 2 === 0,
    status: { name: 'Active', code: 'active', order: 1, isVisible: true, hasProjectPhase: true },
    phase: { name: 'Due diligence', code: 'dueDiligence', order: 1, isVisible: true },
    extraConfig: {},
    platformEntityCompanyId: `entity-${n}`,
    messages: [],
    createdAt: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
  };
}

function analysis(id: string, projectId: string, status: AnalysisRecord['status']): AnalysisRecord {
  return {
    id,
    projectId,
    type: 'company',
    status,
    sources: [`source-${id}`],
    awaitingUpload: false,
    unreadable: false,
    score: status === 'completed' ? { status: 'done', scoreText: `Score ${id}`, score: 7.5 } : null,
    createdAt: '2026-01-02T00:00:00.000Z',
  };
}

/** How a run's records are made: ids of one width or not, owners taking turns or in runs. */
interface Shape {
  /** Every id of one width (the index reads values in place); else one in 97 is longer. */
  fixedIds?: boolean;
  /** Owners in runs of 300 projects (the index keeps runs); else they take turns. */
  ownerRuns?: boolean;
  /** Ids made in random order (the index's order by value is sorted when written), not in sequence. */
  shuffled?: boolean;
}

/** A session's records in the order a state writes them: projects, then analyses (some of early projects late). */
function records(count: number, next: () => number, shape: Shape = {}): RecordOp[] {
  const projects: RecordOp[] = [];
  const analyses: RecordOp[] = [];
  const numbers = Array.from({ length: count }, (_, n) => n);
  if (shape.shuffled) numbers.sort(() => next() - 0.5);
  for (let n = 0; n < count; n++) {
    // Ids of one width, and of another now and then (the index then searches without its fixed width).
    const id = n % 97 === 5 && !shape.fixedIds ? `project-long-${n}` : `project-${String(numbers[n]).padStart(6, '0')}`;
    const owner = shape.ownerRuns ? USERS[Math.floor(n / 300) % 3]! : USERS[n % 3]!;
    projects.push(['project', id, project(id, owner, WORDS[Math.floor(next() * 4)]!, n)]);
    const made = Math.floor(next() * 3);
    for (let a = 0; a < made; a++) {
      const of = next() < 0.2 ? (projects[Math.floor(next() * projects.length)]![1] as string) : id;
      const aid = `analysis-${String(shape.shuffled ? numbers[n]! * 3 + a : analyses.length).padStart(6, '0')}`;
      analyses.push(['analysis', aid, analysis(aid, of, next() < 0.7 ? 'completed' : 'pending')]);
    }
  }
  return [...projects, ...analyses];
}

interface Tables {
  projects: ProjectTable;
  analyses: AnalysisTable;
}

function eager(ops: RecordOp[]): Tables {
  const tables = { projects: new ProjectTable(), analyses: new AnalysisTable() };
  for (const [kind, key, value] of structuredClone(ops)) {
    if (kind === 'project') tables.projects.set(key, value as ProjectRecord);
    else tables.analyses.set(key, value as AnalysisRecord);
  }
  return tables;
}

/** How an image is written: by this release (sections of this many values), or as a release before wrote it. */
type Written = { sections: number } | 'v2' | 'v2 without order';

/** Values a section holds in these tests: small, so a column has many sections (twice a part, as in a release). */
const SECTION = 200;
const PART = 100;

/**
 * The tables as a restart reads them: index, sections and parts through JSON, each counted when
 * read (a part as its number, a section as `s<n>`, a version 2 image's keys as -1). `written`: by
 * this release, or as the release before wrote it (version 2: the whole index at once, keys apart),
 * or as the release before that one (version 2 without the order by value).
 */
function lazy(ops: RecordOp[], written: Written = { sections: SECTION }): Tables & { parsed: (number | string)[] } {
  const parsed: (number | string)[] = [];
  const tables = { projects: new ProjectTable(), analyses: new AnalysisTable() };
  const counted = (list: unknown[], name: (i: number) => number | string) =>
    list.map((item, i) => () => {
      parsed.push(name(i));
      return structuredClone(item);
    });
  if (typeof written === 'object') {
    const { eager: rest, index, sections, parts } = splitImage(ops, PART, written.sections);
    expect(rest).toEqual([]);
    const stored = JSON.parse(JSON.stringify({ index, sections, parts: parts.map((part) => toColumns(part)) }));
    adoptImage(tables as unknown as MockState, {
      index: stored.index,
      keys: () => undefined,
      sections: counted(stored.sections, (i) => `s${i}`),
      parts: counted(stored.parts, (i) => i),
    });
  } else {
    const { index, keys, parts } = splitImageV2(ops, 1000, written === 'v2 without order');
    const stored = JSON.parse(JSON.stringify({ index, keys, parts: parts.map((part) => toColumns(part)) }));
    adoptImage(tables as unknown as MockState, {
      index: stored.index,
      keys: () => {
        parsed.push(-1);
        return structuredClone(stored.keys);
      },
      parts: counted(stored.parts, (i) => i),
    });
  }
  return { ...tables, parsed };
}

const user = (id: string) => ({ id }) as UserRecord;
const ids = (list: readonly { id: string }[]) => list.map((r) => r.id);

/** What a client could learn of the tables without walking all of them. */
function looks(tables: Tables, next: () => number, keys: string[]): unknown[] {
  const seen: unknown[] = [];
  for (let i = 0; i < 6; i++) {
    const key = keys[Math.floor(next() * keys.length)]!;
    seen.push(
      tables.projects.get(key) ?? null,
      tables.projects.has(key),
      tables.analyses.ofProject(key).map((a) => a),
    );
  }
  const owner = USERS[Math.floor(next() * 3)]!;
  const word = next() < 0.5 ? '' : WORDS[Math.floor(next() * 4)]!.toLowerCase();
  const matches = projectMatches(tables.projects, user(owner), word);
  const start = Math.floor(next() * Math.max(1, matches.length - 10));
  seen.push(matches.length, ids(matches.slice(start, start + 10)), tables.projects.count);
  return seen;
}

function everything(tables: Tables): unknown {
  return {
    projects: [...tables.projects],
    inOrder: ids(tables.projects.inOrder()),
    analyses: [...tables.analyses],
    byProject: [...tables.projects.keys()].map((id) => ids(tables.analyses.ofProject(id))),
  };
}

/** The sections of a version 3 header's columns that hold keys. */
function keySections(index: SectionedIndex): Set<string> {
  const found = new Set<string>();
  for (const kind of ['project', 'analysis'] as const) {
    const col = index[kind]?.key;
    if (!col || 'r' in col) continue;
    const sections = col.d.length;
    for (let s = 0; s < sections; s++) found.add(`s${col.p + s}`);
    if (col.q !== undefined) for (let s = 0; s < sections; s++) found.add(`s${col.q + s}`);
  }
  return found;
}

/** Images as stored, written once per list of records. */
const images = new WeakMap<RecordOp[], { index: SectionedIndex; sections: unknown[]; parts: unknown[] }>();

/** The tables of an image whose pieces are fetched apart (PostgreSQL): reading one not fetched throws. */
function fetchedApart(ops: RecordOp[]): { tables: Tables; fetched: Set<number>; stored: { index: SectionedIndex } } {
  let stored = images.get(ops)!;
  if (!images.has(ops)) {
    const { index, sections, parts } = splitImage(ops, PART, SECTION);
    stored = JSON.parse(JSON.stringify({ index, sections, parts: parts.map((part) => toColumns(part)) }));
    images.set(ops, stored);
  }
  const fetched = new Set<number>();
  const reader = (piece: number, item: unknown) => () => {
    if (!fetched.has(piece)) throw new Error(`piece ${piece} is not fetched`);
    return structuredClone(item);
  };
  const tables = { projects: new ProjectTable(), analyses: new AnalysisTable() };
  adoptImage(tables as unknown as MockState, {
    index: stored.index,
    keys: () => undefined,
    sections: stored.sections.map((section, s) => reader(sectionPiece(s), section)),
    parts: stored.parts.map((part, i) => reader(i, part)),
    fetch: async (wanted) => {
      for (const piece of wanted) fetched.add(piece);
    },
  });
  return { tables, fetched, stored };
}

describe('tables read back lazily', () => {
  for (const written of [{ sections: SECTION }, 'v2'] as const)
    it(`answer a first page building only the parts it shows, reading only the sections it asks for (${typeof written === 'object' ? 'version 3' : 'as the release before wrote it'})`, () => {
      const ops = records(3500, seededRandom(1));
      const read = lazy(ops, written);
      const built = eager(ops);
      for (const tables of [read, built]) {
        const page = projectMatches(tables.projects, user('u2'), '').slice(0, 10);
        expect(page.map((p) => tables.analyses.ofProject(p.id).map((a) => a.status))).toEqual(
          projectMatches(built.projects, user('u2'), '')
            .slice(0, 10)
            .map((p) => built.analyses.ofProject(p.id).map((a) => a.status)),
        );
      }
      expect(projectMatches(read.projects, user('u2'), '').length).toBe(
        projectMatches(built.projects, user('u2'), '').length,
      );
      // The first part of projects, and the parts of analyses those ten name: not the other parts,
      // nor the keys (no look-up by key).
      const parts = read.parsed.filter((n) => typeof n === 'number');
      expect(parts.length).toBeLessThan(typeof written === 'object' ? 10 : 5);
      expect(parts).toContain(0);
      expect(read.parsed).not.toContain(-1);
      if (typeof written === 'object') {
        // Of about 140 sections: the owner's first and last sorted sections, the analyses' sections
        // those ten projects' searches read, and (to check the parts built) the keys and fields at
        // their positions.
        const { index } = splitImage(ops, PART, SECTION);
        expect(index!.sections).toBeGreaterThan(120);
        const sections = new Set(read.parsed.filter((n) => typeof n === 'string'));
        expect(sections.size).toBeGreaterThan(2);
        expect(sections.size).toBeLessThan(24);
        // A key section read only for a part's check: at most one per part built.
        expect([...sections].filter((s) => keySections(index!).has(s)).length).toBeLessThanOrEqual(parts.length * 2);
      }
      // A project read back given to another owner: both owners' lists follow it.
      const moved = projectMatches(built.projects, user('u2'), '').slice(3, 4)[0]!;
      for (const tables of [read, built])
        tables.projects.set(moved.id, { ...structuredClone(moved), ownerUserId: 'u1' });
      for (const owner of ['u1', 'u2'])
        expect(ids(projectMatches(read.projects, user(owner), '').slice(0, 1300))).toEqual(
          ids(projectMatches(built.projects, user(owner), '').slice(0, 1300)),
        );
    });

  it('fetch apart only the parts and sections a page reads (PostgreSQL), and never read one not fetched', async () => {
    const ops = records(3500, seededRandom(8), { fixedIds: true });
    const { index, sections, parts } = splitImage(ops, PART, SECTION);
    const stored = JSON.parse(JSON.stringify({ index, sections, parts: parts.map((part) => toColumns(part)) }));
    const fetched = new Set<number>();
    const notFetched = (piece: number) => new Error(`piece ${piece} is not fetched`);
    const tables = { projects: new ProjectTable(), analyses: new AnalysisTable() };
    const reader = (piece: number, item: unknown) => () => {
      if (!fetched.has(piece)) throw notFetched(piece);
      return structuredClone(item);
    };
    adoptImage(tables as unknown as MockState, {
      index: stored.index,
      keys: () => undefined,
      sections: stored.sections.map((section: unknown, s: number) => reader(sectionPiece(s), section)),
      parts: stored.parts.map((part: unknown, i: number) => reader(i, part)),
      fetch: async (wanted) => {
        await new Promise((r) => setTimeout(r, 1));
        for (const piece of wanted) fetched.add(piece);
      },
    });
    const built = eager(ops);
    const shown = (t: Tables, start: number) =>
      projectMatches(t.projects, user('u2'), '')
        .slice(start, start + 10)
        .map((p) => [p.id, ids(t.analyses.ofProject(p.id))]);
    // Read before its parts are fetched: an error, not an answer.
    expect(() => shown(tables, 500)).toThrow(/not fetched/);
    await fetchProjectPage(tables as unknown as MockState, user('u2'), 500, 510);
    expect(shown(tables, 500)).toEqual(shown(built, 500));
    expect(projectMatches(tables.projects, user('u2'), '').length).toBe(
      projectMatches(built.projects, user('u2'), '').length,
    );
    // The part of those ten projects and of their analyses; of about 140 sections, the owner's
    // sorted sections (7: owners take turns here), those of the ten projects' analyses, and per part
    // built the sections at its positions.
    expect([...fetched].filter((p) => p >= 0).length).toBeLessThan(10);
    expect([...fetched].filter((p) => p < 0).length).toBeLessThan(26);
    // Of the owner's sorted sections (7), the first and the last (to count) and the one holding the
    // page's matches: an owner spread over the index fetches its page's, not all of them.
    const owners = index!.project!.field as unknown as { q: number; d: string[] };
    const ownerSorted = new Set(owners.d.map((_, s) => sectionPiece(owners.q + s)));
    expect([...fetched].filter((p) => ownerSorted.has(p)).length).toBeLessThanOrEqual(3);
    expect(() => tables.projects.get('project-000001')).toThrow(/not fetched/);
    // A look-up by id: its key's section, its project's part and its analyses' parts and sections.
    const far = built.projects.inOrder()[3300]!.id;
    expect(() => tables.projects.get(far)).toThrow(/not fetched/);
    const before = fetched.size;
    await fetchProject(tables as unknown as MockState, far);
    expect(tables.projects.get(far)).toEqual(built.projects.get(far));
    expect(tables.analyses.ofProject(far)).toEqual(built.analyses.ofProject(far));
    expect(fetched.size - before).toBeLessThan(12);
  });

  it("fetch the sorted sections holding any page of an owner's matches, wherever the page falls", async () => {
    const ops = records(3500, seededRandom(8), { fixedIds: true });
    const built = eager(ops);
    const total = projectMatches(built.projects, user('u2'), '').length;
    // Pages across the boundaries of the owner's sorted sections (a match's section found from the first).
    for (let start = 0; start < total; start += 31) {
      const { tables } = fetchedApart(ops);
      await fetchProjectPage(tables as unknown as MockState, user('u2'), start, start + 40);
      const page = (t: Tables) =>
        projectMatches(t.projects, user('u2'), '')
          .slice(start, start + 40)
          .map((p) => p.id);
      expect(page(tables)).toEqual(page(built));
    }
  });

  it('fetch for a list with keywords or an order, a search and a settle only what they read (PostgreSQL)', async () => {
    for (const ownerRuns of [false, true]) {
      const ops = records(3500, seededRandom(8), { fixedIds: true, ownerRuns });
      const built = eager(ops);
      const shown = (t: Tables, owner: string, keywords: string, from: number, to?: number) =>
        projectMatches(t.projects, user(owner), keywords)
          .slice(from, to)
          .map((p) => [p.id, ids(t.analyses.ofProject(p.id))]);
      // A page of a keyword list: the caller's projects, and the analyses of the ten shown.
      const keywords = fetchedApart(ops);
      expect(() => shown(keywords.tables, 'u2', 'energy', 20, 30)).toThrow(/not fetched/);
      await fetchMatching(keywords.tables as unknown as MockState, user('u2'), 'energy', [20, 30]);
      expect(shown(keywords.tables, 'u2', 'energy', 20, 30)).toEqual(shown(built, 'u2', 'energy', 20, 30));
      const projectParts = keywords.stored.index.project!.parts.length;
      const parts = (fetched: Set<number>) => [...fetched].filter((p) => p >= 0);
      expect(parts(keywords.fetched).filter((p) => p >= projectParts).length).toBeLessThan(10);
      // Owners in runs: only the parts holding the caller's projects (a third of them).
      if (ownerRuns)
        expect(parts(keywords.fetched).filter((p) => p < projectParts).length).toBeLessThan(projectParts / 2);
      // A sorted list: every view of the caller's projects, their analyses included.
      const sorted = fetchedApart(ops);
      await fetchMatching(sorted.tables as unknown as MockState, user('u1'), '', undefined);
      expect(shown(sorted.tables, 'u1', '', 0)).toEqual(shown(built, 'u1', '', 0));
      // A search (ids only): no analysis.
      const search = fetchedApart(ops);
      await fetchMatching(search.tables as unknown as MockState, user('u3'), 'health', [0, 0]);
      const found = (t: Tables) =>
        projectMatches(t.projects, user('u3'), 'health')
          .slice(0)
          .map((p) => p.id);
      expect(found(search.tables)).toEqual(found(built));
      expect(parts(search.fetched).filter((p) => p >= projectParts)).toEqual([]);
    }
    // Settling: the pending jobs' analyses and projects; a fund run finishing with companies, all of it.
    const ops = records(3500, seededRandom(8), { fixedIds: true });
    const pending = fetchedApart(ops);
    const analysisId = ops.filter(([kind]) => kind === 'analysis').at(-1)![1];
    let whole = 0;
    const jobs: { job: ProcessingJob }[] = [{ job: { kind: 'analysisFinish', analysisId } }];
    const state = {
      ...pending.tables,
      scheduler: { pendingJobs: () => jobs.values() },
      fundRuns: new Map([['run', { projectMode: 'bookmark' }]]),
    } as unknown as MockState;
    expect(() => pending.tables.analyses.get(analysisId)).toThrow(/not fetched/);
    await fetchPendingWork(state, async () => void (whole += 1));
    const read = pending.tables.analyses.get(analysisId)!;
    expect(read).toEqual(eager(ops).analyses.get(analysisId));
    expect(pending.tables.projects.get(read.projectId)).toEqual(eager(ops).projects.get(read.projectId));
    expect(whole).toBe(0);
    jobs.push({ job: { kind: 'runFinish', fundExtractionId: 'run' } });
    await fetchPendingWork(state, async () => void (whole += 1));
    expect(whole).toBe(1);
  });

  it('name in control-parts.ts only operations of the control contract', () => {
    const operations = readOperations(controlDocument as Record<string, unknown>);
    expect(() => checkControlParts(operations)).not.toThrow();
    // A call renamed in the contract (or misspelt in the table): refused at start, never a call that silently waits.
    expect(() => checkControlParts(operations.filter((o) => o.operationId !== 'resetMock'))).toThrow(
      /control contract lacks: resetMock/,
    );
  });

  it('answer a damaged or cut short section with an error, never a wrong answer', () => {
    const ops = records(600, seededRandom(9), { shuffled: true });
    const { index, sections, parts } = splitImage(ops, 100, 50);
    const stored = JSON.parse(JSON.stringify({ index, sections, parts: parts.map((part) => toColumns(part)) }));
    const built = eager(ops);
    const answers = (t: Tables) => [
      projectMatches(t.projects, user('u2'), '').length,
      projectMatches(t.projects, user('u2'), '')
        .slice(0, 10)
        .map((p) => [p.id, ids(t.analyses.ofProject(p.id))]),
      t.projects.get(ops[300]![1])?.id,
    ];
    const expected = answers(built);
    const readWith = (damage?: { section: number; change: (section: any) => unknown }) => {
      const read: number[] = [];
      const tables = { projects: new ProjectTable(), analyses: new AnalysisTable() };
      adoptImage(tables as unknown as MockState, {
        index: structuredClone(stored.index),
        keys: () => undefined,
        sections: stored.sections.map((section: unknown, s: number) => () => {
          read.push(s);
          const copy = structuredClone(section);
          return s === damage?.section ? damage.change(copy) : copy;
        }),
        parts: stored.parts.map((part: unknown) => () => part),
      });
      return { tables, read };
    };
    const clean = readWith();
    expect(answers(clean.tables)).toEqual(expected);
    // Every section these answers read, damaged each way: each answer is an error.
    const damages: [string, (section: any) => unknown][] = [
      ['cut short', (x) => (Array.isArray(x) ? x.slice(0, -1) : { v: x.v.slice(0, -1), o: x.o.slice(0, -1) })],
      ['a value not a string', (x) => (Array.isArray(x) ? [7, ...x.slice(1)] : { ...x, v: [7, ...x.v.slice(1)] })],
      [
        'two entries swapped',
        (x) => {
          const list = Array.isArray(x) ? x : x.o;
          const other = list.findIndex((v: unknown) => v !== list[0]);
          [list[0], list[other]] = [list[other], list[0]];
          return x;
        },
      ],
      ['not a section', () => null],
    ];
    const tried = [...new Set(clean.read)];
    expect(tried.length).toBeGreaterThan(3);
    let errors = 0;
    for (const section of tried)
      for (const [what, change] of damages) {
        const { tables } = readWith({ section, change });
        let answered: unknown;
        try {
          answered = answers(tables);
        } catch (error) {
          expect(String(error), `section ${section} ${what}`).toMatch(/section|part|index/);
          errors += 1;
          continue;
        }
        // Two positions swapped where these answers do not look: the right answer, never another.
        expect(what, `section ${section}: ${what}`).toBe('two entries swapped');
        expect(answered, `section ${section} ${what}`).toEqual(expected);
      }
    expect(errors).toBeGreaterThan(tried.length * 3);
  });

  // Seed, projects, how they are made, and how the image is written.
  const runs: [number, number, Shape, Written, string][] = [
    [2, 1500, {}, { sections: SECTION }, ''],
    [3, 700, {}, { sections: 7 }, ', sections of 7 values'],
    [4, 700, {}, { sections: 2000 }, ', one section a column'],
    [5, 1500, { fixedIds: true, ownerRuns: true }, { sections: SECTION }, ', ids of one width, owners in runs'],
    [6, 700, { fixedIds: true, shuffled: true }, { sections: SECTION }, ', ids of one width in random order'],
    [10, 700, { shuffled: true }, 'v2', ', as the release before wrote it'],
    [7, 700, { shuffled: true }, 'v2 without order', ', as the release before that one wrote it'],
  ];
  for (const [seed, count, shape, written, what] of runs) {
    it(`answer like tables built record by record through replaces, owner changes and additions (run ${seed}${what})`, () => {
      const next = seededRandom(seed);
      const ops = records(count, next, shape);
      const a = eager(ops);
      const b = lazy(ops, written);
      const keys = [...ops.map((op) => op[1]), 'project-missing', 'analysis-missing'];
      const projectKeys = ops.filter((op) => op[0] === 'project').map((op) => op[1]);
      const analysisKeys = ops.filter((op) => op[0] === 'analysis').map((op) => op[1]);
      const check = () => {
        const at = next();
        const nextA = seededRandom(Math.floor(at * 1e9));
        const nextB = seededRandom(Math.floor(at * 1e9));
        expect(looks(b, nextB, keys)).toEqual(looks(a, nextA, keys));
      };
      check();
      for (let step = 0; step < 300; step++) {
        const roll = next();
        const n = 10_000 + step;
        if (roll < 0.2) {
          const key = projectKeys[Math.floor(next() * projectKeys.length)]!;
          const word = WORDS[Math.floor(next() * 4)]!;
          for (const t of [a, b]) if (t.projects.has(key)) t.projects.set(key, project(key, 'u1', word, n));
        } else if (roll < 0.35) {
          // Given another owner: the places read back no longer follow the index's owners.
          const key = projectKeys[Math.floor(next() * projectKeys.length)]!;
          const word = WORDS[Math.floor(next() * 4)]!;
          for (const t of [a, b]) t.projects.set(key, project(key, USERS[n % 3]!, word, n));
        } else if (roll < 0.5) {
          const key = `project-new-${n}`;
          projectKeys.push(key);
          const word = WORDS[Math.floor(next() * 4)]!;
          for (const t of [a, b]) t.projects.set(key, project(key, USERS[n % 3]!, word, n));
        } else if (roll < 0.7) {
          const key = analysisKeys[Math.floor(next() * analysisKeys.length)]!;
          const of = projectKeys[Math.floor(next() * projectKeys.length)]!;
          for (const t of [a, b]) if (t.analyses.has(key)) t.analyses.set(key, analysis(key, of, 'failed'));
        } else if (roll < 0.8) {
          // Set again in its own project: it moves to the end of the project's list.
          const key = analysisKeys[Math.floor(next() * analysisKeys.length)]!;
          const of = a.analyses.get(key)!.projectId;
          for (const t of [a, b]) t.analyses.set(key, analysis(key, of, 'completed'));
        } else if (roll < 0.9) {
          const key = `analysis-new-${n}`;
          analysisKeys.push(key);
          const of = projectKeys[Math.floor(next() * projectKeys.length)]!;
          for (const t of [a, b]) t.analyses.set(key, analysis(key, of, 'progress'));
        } else {
          // A record changed in place, as a rule does after a look-up.
          const key = projectKeys[Math.floor(next() * projectKeys.length)]!;
          for (const t of [a, b]) {
            const found = t.projects.get(key);
            if (found) found.isUnread = !found.isUnread;
          }
        }
        if (step % 25 === 0) check();
      }
      check();
      expect(everything(b)).toEqual(everything(a));
      // Built through and through now: more changes behave as an ordinary map's.
      b.projects.set('project-last', project('project-last', 'u3', 'Energy', 1));
      a.projects.set('project-last', project('project-last', 'u3', 'Energy', 1));
      b.analyses.set(analysisKeys[0]!, analysis(analysisKeys[0]!, 'project-last', 'completed'));
      a.analyses.set(analysisKeys[0]!, analysis(analysisKeys[0]!, 'project-last', 'completed'));
      expect(everything(b)).toEqual(everything(a));
      check();
    });
  }
});
