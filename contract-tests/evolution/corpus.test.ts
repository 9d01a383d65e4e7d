// The change corpus judged end to end (Redocly's walk, our verdicts, counterexamples): no breaking
// change missed, every false alarm the one the corpus explains, every counterexample re-checked by a
// fresh Ajv against both contracts. Pairs run a few at a time: the walk is a child process each.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Judge } from './counterexample.ts';
import { CORPUS, type Expectation } from './corpus.ts';
import { diffContracts } from './diff-contracts.ts';
import { buildExchanges } from './exchanges.ts';
import type { DiffReport, Json } from './types.ts';

const real = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')) as Json;

const runs = CORPUS.flatMap((pair) => {
  const edited = structuredClone(real);
  pair.edit(edited);
  return [
    { name: pair.name, base: real, head: edited, expect: pair.expect },
    ...(pair.reverse ? [{ name: `${pair.name} (reversed)`, base: edited, head: real, expect: pair.reverse }] : []),
  ];
});

function worst(report: DiffReport): Expectation['severity'] {
  for (const s of ['breaking', 'non-breaking', 'info'] as const) if (report.findings.some((f) => f.severity === s)) return s;
  return 'none';
}

describe.concurrent('change corpus', () => {
  test('has at least 40 pairs made from the real contract', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  test.each(runs)('$name', async ({ base, head, expect: want }) => {
    const report = await diffContracts({ label: 'base', doc: base }, { label: 'head', doc: head }, '/nonexistent-pacts');
    const breaking = report.findings.filter((f) => f.severity === 'breaking');
    const summary = breaking.map((f) => `${f.direction} ${f.location}: ${f.message}`).join('\n');
    expect(worst(report), summary).toBe(want.severity);
    if (want.message) expect(report.findings.map((f) => f.message)).toContainEqual(expect.stringMatching(want.message));
    if (want.direction) expect(breaking.map((f) => f.direction), summary).toContain(want.direction);
    if (want.counterexample !== undefined) expect(breaking.some((f) => f.counterexample), summary).toBe(want.counterexample);
    // A false alarm is explained by the corpus, and is still one: no breaking finding has a counterexample.
    if (want.falseAlarm) expect(breaking.every((f) => !f.counterexample && f.noCounterexample), summary).toBe(true);
    for (const f of breaking) expect(!!f.counterexample !== !!f.noCounterexample, `${f.id}: a counterexample or a reason`).toBe(true);

    // Every counterexample holds for a judge compiled afresh.
    const judge = new Judge(buildExchanges(base, 'https://b.test/c.json'), buildExchanges(head, 'https://h.test/c.json'));
    for (const f of breaking.filter((x) => x.counterexample)) {
      const c = f.counterexample!;
      const consumerSends = judge.siteOf(c.exchange)!.consumerSends;
      const [accepting, refusing] = consumerSends ? [judge.base, judge.head] : [judge.head, judge.base];
      expect(judge.check(accepting, c.exchange, c.instance).valid, `${f.id} accepted`).toBe(true);
      expect(judge.check(refusing, c.exchange, c.instance).valid, `${f.id} refused`).toBe(false);
    }
  }, 120_000);
});
