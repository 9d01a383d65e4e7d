// Changes of our extensions between two contracts: `x-gap` marks (a gap closed: the specification now
// says; opened; reworded) and `x-known-values` (the documented values of an open set, such as the error
// codes: a new one is listed as non-breaking, since the open schema already allowed it).
import { escapePointer } from '../../../common/src/index.ts';
import { directionOf, targetsFor } from './classify.ts';
import type { Judge } from './counterexample.ts';
import type { Direction, Finding, Json } from './types.ts';

/** Every value of one extension, by the pointer of the node that carries it. */
function collect(node: unknown, key: string, pointer: string, out: Map<string, unknown>): Map<string, unknown> {
  if (Array.isArray(node)) node.forEach((v, i) => collect(v, key, `${pointer}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === key) out.set(pointer || '/', v);
      else collect(v, key, `${pointer}/${escapePointer(k)}`, out);
    }
  }
  return out;
}

/**
 * The marks of a contract's document, read once per document and key: a contract compared with many
 * (the corpus's unedited one, a release in the changelog) is one document of its cached exchanges.
 */
const marksOf = new WeakMap<Json, Map<string, Map<string, unknown>>>();

function marks(doc: Json, key: string): Map<string, unknown> {
  let byKey = marksOf.get(doc);
  if (!byKey) marksOf.set(doc, (byKey = new Map()));
  let found = byKey.get(key);
  if (!found) byKey.set(key, (found = collect(doc, key, '', new Map())));
  return found;
}

/** The direction of the exchanges a node shapes (an error code is in answers), else read from the pointer. */
function directionAt(judge: Judge, pointer: string): Direction {
  const target = targetsFor(judge.head, `#${pointer}`)[0] ?? targetsFor(judge.base, `#${pointer}`)[0];
  return (target && judge.siteOf(target.site)?.direction) ?? directionOf(pointer);
}

export function knownValueChanges(judge: Judge): Finding[] {
  const before = marks(judge.base.doc, 'x-known-values');
  const after = marks(judge.head.doc, 'x-known-values');
  const findings: Finding[] = [];
  for (const pointer of new Set([...before.keys(), ...after.keys()])) {
    const was = new Set((before.get(pointer) as unknown[] | undefined) ?? []);
    const now = new Set((after.get(pointer) as unknown[] | undefined) ?? []);
    const added = [...now].filter((v) => !was.has(v));
    const removed = [...was].filter((v) => !now.has(v));
    const location = `${pointer === '/' ? '' : pointer}/x-known-values`;
    const direction = directionAt(judge, pointer);
    if (added.length > 0)
      findings.push({
        id: `known-values-added-${findings.length + 1}`,
        severity: 'non-breaking',
        direction,
        location,
        message: `Documented values added: ${JSON.stringify(added)}. The set is open: readers already had to accept values they do not know.`,
      });
    if (removed.length > 0)
      findings.push({
        id: `known-values-removed-${findings.length + 1}`,
        severity: 'info',
        direction,
        location,
        message: `Documented values no longer listed: ${JSON.stringify(removed)}.`,
      });
  }
  return findings;
}

export function gapChanges(judge: Judge): Finding[] {
  const before = marks(judge.base.doc, 'x-gap') as Map<string, string>;
  const after = marks(judge.head.doc, 'x-gap') as Map<string, string>;
  const findings: Finding[] = [];
  const add = (kind: string, pointer: string, message: string) =>
    findings.push({
      id: `x-gap-${kind}-${findings.length + 1}`,
      severity: 'info',
      direction: directionAt(judge, pointer),
      location: `${pointer === '/' ? '' : pointer}/x-gap`,
      message,
    });
  for (const [pointer, text] of before) {
    const now = after.get(pointer);
    if (now === undefined) add('closed', pointer, `Gap closed: ${text}`);
    else if (now !== text) add('reworded', pointer, `Gap reworded: ${text} -> ${now}`);
  }
  for (const [pointer, text] of after) if (!before.has(pointer)) add('opened', pointer, `Gap opened: ${text}`);
  return findings;
}
