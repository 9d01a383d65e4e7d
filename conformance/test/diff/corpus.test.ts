// The change corpus judged end to end (Redocly's walk, our verdicts, counterexamples): no breaking
// change missed, every false alarm the one the corpus explains, every counterexample re-checked against
// both contracts by a judge of this file's own (its own exchanges and Ajv instances, never those of the
// comparison that found it).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Judge } from '../../src/diff/counterexample.ts';
import { CORPUS, type ChangePair, type Expectation } from './corpus.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { buildExchanges, type Exchanges } from '../../src/diff/exchanges.ts';
import type { DiffReport, Json } from '../../src/diff/types.ts';

const realText = readFileSync(new URL('../../../generated/openapi.json', import.meta.url), 'utf8');
const real = JSON.parse(realText) as Json;

// The re-checking judge's exchanges: the unedited contract's built once for the file; an edited one's
// once for its pair (kept from the forward run for the reversed one, then let go).
let realChecked: Exchanges | undefined;
const editedChecked = new Map<string, Exchanges>();

function checker(pair: ChangePair, edited: Json, reversed: boolean): Judge {
  const unedited = (realChecked ??= buildExchanges(real, 'https://real.test/c.json'));
  const ex = editedChecked.get(pair.name) ?? buildExchanges(edited, 'https://edited.test/c.json');
  if (pair.reverse && !reversed) editedChecked.set(pair.name, ex);
  else editedChecked.delete(pair.name);
  return reversed ? new Judge(ex, unedited) : new Judge(unedited, ex);
}

const runs = CORPUS.flatMap((pair) => {
  const edited = JSON.parse(realText) as Json;
  pair.edit(edited);
  return [
    { name: pair.name, base: real, head: edited, expect: pair.expect, checker: () => checker(pair, edited, false) },
    ...(pair.reverse
      ? [
          {
            name: `${pair.name} (reversed)`,
            base: edited,
            head: real,
            expect: pair.reverse,
            checker: () => checker(pair, edited, true),
          },
        ]
      : []),
  ];
});

function worst(report: DiffReport): Expectation['severity'] {
  for (const s of ['breaking', 'non-breaking', 'info'] as const)
    if (report.findings.some((f) => f.severity === s)) return s;
  return 'none';
}

describe('change corpus', () => {
  test('has at least 40 pairs made from the real contract', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  test.each(runs)(
    '$name',
    async ({ base, head, expect: want, checker }) => {
      const report = await diffContracts(
        { label: 'base', doc: base },
        { label: 'head', doc: head },
        '/nonexistent-pacts',
      );
      const breaking = report.findings.filter((f) => f.severity === 'breaking');
      const summary = breaking.map((f) => `${f.direction} ${f.location}: ${f.message}`).join('\n');
      expect(worst(report), summary).toBe(want.severity);
      if (want.message)
        expect(report.findings.map((f) => f.message)).toContainEqual(expect.stringMatching(want.message));
      if (want.direction)
        expect(
          breaking.map((f) => f.direction),
          summary,
        ).toContain(want.direction);
      if (want.counterexample !== undefined)
        expect(
          breaking.some((f) => f.counterexample),
          summary,
        ).toBe(want.counterexample);
      // A false alarm is explained by the corpus, and is still one: no breaking finding has a counterexample.
      if (want.falseAlarm)
        expect(
          breaking.every((f) => !f.counterexample && f.noCounterexample),
          summary,
        ).toBe(true);
      for (const f of breaking)
        expect(!!f.counterexample !== !!f.noCounterexample, `${f.id}: a counterexample or a reason`).toBe(true);

      // Every counterexample holds for the file's own judge of the same two contracts.
      let judge: Judge | undefined;
      for (const f of breaking.filter((x) => x.counterexample)) {
        judge ??= checker();
        const c = f.counterexample!;
        const consumerSends = judge.siteOf(c.exchange)!.consumerSends;
        const [accepting, refusing] = consumerSends ? [judge.base, judge.head] : [judge.head, judge.base];
        expect(judge.check(accepting, c.exchange, c.instance).valid, `${f.id} accepted`).toBe(true);
        expect(judge.check(refusing, c.exchange, c.instance).valid, `${f.id} refused`).toBe(false);
      }
    },
    120_000,
  );
});
