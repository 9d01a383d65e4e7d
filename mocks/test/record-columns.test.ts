// Records in columns (a compacted state file's blocks): read back as the same records in the same
// order, field order kept; a group not in the shape they are written in is refused.
import { describe, expect, it } from 'vitest';
import { fromColumns, toColumns } from '../src/persistence/record-columns.ts';
import type { RecordOp } from '../src/persistence/session-records.ts';

function roundTrip(ops: RecordOp[]): RecordOp[] {
  const read: RecordOp[] = [];
  fromColumns(JSON.parse(JSON.stringify(toColumns(ops))), (op) => read.push(op));
  return read;
}

describe('records in columns', () => {
  it('reads back the records JSON would, in order, with their fields in order', () => {
    const project = (n: number, extra: Record<string, unknown> = {}) => ({
      id: `p${n}`,
      ownerUserId: 'user-mock',
      name: `Co ${n}`,
      website: n % 2 ? null : `https://co${n}.example`,
      isVisible: true,
      status: { name: 'Active', code: 'active' },
      messages: [],
      ...extra,
    });
    const ops: RecordOp[] = [
      ['user', 'u1', { id: 'u1', fundRoles: {}, drive: null }],
      ['project', 'p1', project(1)],
      ['project', 'p2', project(2)],
      ['project', 'p3', project(3, { later: undefined, score: 1.5 })],
      ['project', 'p4', { ownerUserId: 'user-mock', id: 'p4' }],
      ['analysis', 'a1', { id: 'a1', projectId: 'p1', score: null }],
      ['deliveries', 'u1', [{ id: 'd1' }]],
      ['job', '3', { due: 5, job: { kind: 'analysis' } }],
      ['outbox', 'o1', null],
      ['webhook', 'key-not-id', { id: 'w1', url: 'https://hook.example' }],
      ['fundRun', 'f1', { id: 'f1', constructor: 'c', toString: 7 }],
    ];
    const read = roundTrip(ops);
    expect(read).toEqual(JSON.parse(JSON.stringify(ops)));
    expect(read.map((op) => (op[2] && typeof op[2] === 'object' ? Object.keys(op[2]) : op[2]))).toEqual(
      ops.map((op) => (op[2] && typeof op[2] === 'object' ? Object.keys(JSON.parse(JSON.stringify(op[2]))) : op[2])),
    );
    // Records read back are their own objects: changing one changes no other.
    (read[1]![2] as { status: { code: string } }).status.code = 'closed';
    expect((read[2]![2] as { status: { code: string } }).status.code).toBe('active');
  });

  it('holds a field every record of a group shares once, and a key that is the id not at all', () => {
    const ops: RecordOp[] = Array.from({ length: 50 }, (_, i) => [
      'project',
      `p${i}`,
      { id: `p${i}`, ownerUserId: 'user-mock', isVisible: true, description: `Company ${i}` },
    ]);
    const text = JSON.stringify(toColumns(ops));
    expect(text.match(/user-mock/g)).toHaveLength(1);
    expect(text).not.toContain('"keys"');
    expect(text.length).toBeLessThan(JSON.stringify(ops).length / 2);
  });

  it('refuses a group that is not in the shape it is written in', () => {
    const [group] = JSON.parse(JSON.stringify(toColumns([['project', 'p1', { id: 'p1', name: 'A' }]])));
    const broken = [
      { ...group, v: [['p1']] },
      { ...group, f: ['__proto__', 'name'] },
      { ...group, f: ['name', 'name'] },
      { ...group, same: { other: 1 } },
      { ...group, keys: ['p1', 'p2'] },
      { ...group, f: ['key', 'name'], v: [['p1', 'A']] },
      { ...group, v: 'rows' },
    ];
    for (const part of broken) expect(() => fromColumns([part], () => {}), JSON.stringify(part)).toThrow();
    expect(() => fromColumns({}, () => {})).toThrow();
    expect(() => fromColumns([{ r: 1 }], () => {})).toThrow();
  });
});
