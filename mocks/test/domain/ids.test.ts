// The ids a store fetches for before a creation (`IdSource.upcoming`) are the ids the next draws
// give, random or deterministic; a persistence fetch relies on it (persistence/fetch-parts.ts).
import { describe, expect, it } from 'vitest';
import { deterministicIds } from '../../src/control/seed-records.ts';
import { randomIds } from '../../src/domain/ids.ts';

describe('upcoming ids', () => {
  it('are the ids the next draws give, random ids included, and asking again draws nothing new', () => {
    const ids = randomIds();
    const ahead = ids.upcoming(3, 'project');
    expect(ids.upcoming(2, 'analysis')).toEqual(ahead.slice(0, 2));
    expect([ids.uuid('project'), ids.uuid('entity'), ids.uuid('analysis')]).toEqual(ahead);
    const next = ids.upcoming(1, 'project')[0];
    expect(next).not.toBe(ahead[2]);
    expect(ids.uuid('project')).toBe(next);
  });

  it('name each kind at the counter it would be drawn at (deterministic ids)', () => {
    const ids = deterministicIds('2026-03-01T00:00:00.000Z');
    ids.uuid('project');
    const projects = ids.upcoming(3, 'project');
    const analyses = ids.upcoming(3, 'analysis');
    expect(ids.uuid('project')).toBe(projects[0]);
    ids.uuid('entity');
    expect(ids.uuid('analysis')).toBe(analyses[2]);
  });
});
