// The whole comparison: the structural walk, a verdict and counterexample per change, gap marks,
// a sweep of every exchange for breaks the walk did not report, and the replays.
import { createHash } from 'node:crypto';
import { classify } from './classify.ts';
import { Judge } from './counterexample.ts';
import { buildExchanges, type Exchanges } from './exchanges.ts';
import { gapChanges, knownValueChanges } from './gap-changes.ts';
import type { LoadedContract } from './load-contract.ts';
import { replayExamples } from './replay-examples.ts';
import { replayPacts } from './replay-pacts.ts';
import { structuralWalk, type RedoclyChange } from './structural-walk.ts';
import type { DiffReport, Finding, Json } from './types.ts';

export async function diffContracts(base: LoadedContract, head: LoadedContract, pactDir: string): Promise<DiffReport> {
  // Each contract's text serves both the walk's file and the exchanges' key and copy.
  const [baseText, headText] = [JSON.stringify(base.doc), JSON.stringify(head.doc)];
  // Redocly's walk runs in this process too: started first, it proceeds at its awaits (loading, files).
  const walking = structuralWalk(baseText, headText);
  const judge = judgeOf(baseText, headText);
  const examples = replayExamples(judge);
  let lenient: Judge | undefined;
  const pacts = replayPacts(
    judge,
    () => (lenient ??= judgeOf(JSON.stringify(withoutRequired(base.doc)), JSON.stringify(withoutRequired(head.doc)))),
    pactDir,
  );
  const changes = await walking;
  // Our extension marks are compared by gap-changes.ts, with their meaning; the walk's copies would repeat them.
  const walked = changes.filter((c) => !OWN_EXTENSIONS.has(c.property ?? ''));
  const findings: Finding[] = walked.map((c, i) => classify(c, judge, i + 1));
  shareCounterexamples(walked, findings);
  findings.push(...sweep(judge, findings), ...gapChanges(judge), ...knownValueChanges(judge));
  return {
    base: { label: base.label, version: versionOf(base.doc) },
    head: { label: head.label, version: versionOf(head.doc) },
    findings,
    replay: {
      checked: examples.checked + pacts.checked,
      failures: [...examples.failures, ...pacts.failures],
      notes: pacts.notes,
    },
  };
}

const OWN_EXTENSIONS = new Set(['x-gap', 'x-known-values']);

const judgeOf = (baseText: string, headText: string) => new Judge(exchangesOf(baseText), exchangesOf(headText));

/**
 * The exchanges of the last 8 contracts compared, by content, with the validators compiled from them:
 * the change corpus and the changelog compare one contract with many, as base and as head (a reversed
 * pair reuses both). The id names the content, so two different contracts never share one; each is
 * built from its own copy of the document, so a caller that edits its document later changes nothing here.
 */
const recent = new Map<string, Exchanges>();
const RECENT = 8;

function exchangesOf(text: string): Exchanges {
  const key = createHash('sha256').update(text).digest('hex');
  const ex =
    recent.get(key) ??
    buildExchanges(JSON.parse(text) as Json, `https://contract.test/${key.slice(0, 16)}/openapi.json`);
  recent.delete(key);
  recent.set(key, ex);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value as string);
  return ex;
}

/** The contract with every schema's `required` list lifted, for judging the parts of answers a pact holds. */
function withoutRequired<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutRequired) as T;
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === 'required' && Array.isArray(v)))
      .map(([k, v]) => [k, withoutRequired(v)]),
  ) as T;
}

export const versionOf = (doc: Json) => String((doc.info as Json | undefined)?.version ?? '');

/**
 * A replacement is two changes (a security requirement removed and another added): the same
 * counterexample proves the break once, on the change the walk rates major; the other half keeps the
 * walk's own rating.
 */
function shareCounterexamples(changes: RedoclyChange[], findings: Finding[]): void {
  const key = (f: Finding) =>
    f.counterexample ? `${f.counterexample.exchange} ${JSON.stringify(f.counterexample.instance)}` : '';
  const proven = new Set(findings.filter((f, i) => changes[i]?.impact === 'major').map(key));
  findings.forEach((f, i) => {
    if (changes[i]?.impact === 'major' || !f.counterexample || !proven.has(key(f))) return;
    delete f.counterexample;
    f.severity = changes[i]?.impact === 'minor' ? 'non-breaking' : 'info';
    f.message += ' (part of the change above that breaks, with its counterexample)';
  });
}

/** Breaks no reported change explains: each exchange's seeds judged as they are on both sides. */
function sweep(judge: Judge, findings: Finding[]): Finding[] {
  const explained = new Set(findings.filter((f) => f.severity === 'breaking').flatMap((f) => f.affects ?? []));
  const out: Finding[] = [];
  for (const key of new Set([...judge.base.sites.keys(), ...judge.head.sites.keys()])) {
    if (explained.has(key)) continue;
    const counterexample = judge.find({ site: key, path: [] });
    if (!counterexample) continue;
    const site = judge.siteOf(key)!;
    out.push({
      id: `unreported-break-${out.length + 1}`,
      severity: 'breaking',
      direction: site.direction,
      location: site.pointer,
      message: `${key}: an instance changes verdict between the contracts, and no change of the structural walk explains it.`,
      counterexample,
      affects: [key],
    });
  }
  return out;
}
