// Changes of `x-gap` marks between two contracts: a gap closed (the specification now says), opened, or reworded.
import { escapePointer } from '../../client/json-pointer.ts';
import { directionOf } from './classify.ts';
import type { Finding, Json } from './types.ts';

function gaps(node: unknown, pointer: string, out: Map<string, string>): Map<string, string> {
  if (Array.isArray(node)) node.forEach((v, i) => gaps(v, `${pointer}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === 'x-gap' && typeof v === 'string') out.set(pointer || '/', v);
      else gaps(v, `${pointer}/${escapePointer(k)}`, out);
    }
  }
  return out;
}

export function gapChanges(base: Json, head: Json): Finding[] {
  const before = gaps(base, '', new Map());
  const after = gaps(head, '', new Map());
  const findings: Finding[] = [];
  const add = (kind: string, pointer: string, message: string) =>
    findings.push({ id: `x-gap-${kind}-${findings.length + 1}`, severity: 'info', direction: directionOf(pointer), location: `${pointer === '/' ? '' : pointer}/x-gap`, message });
  for (const [pointer, text] of before) {
    const now = after.get(pointer);
    if (now === undefined) add('closed', pointer, `Gap closed: ${text}`);
    else if (now !== text) add('reworded', pointer, `Gap reworded: ${text} -> ${now}`);
  }
  for (const [pointer, text] of after) if (!before.has(pointer)) add('opened', pointer, `Gap opened: ${text}`);
  return findings;
}
