// A difference between the deployment and the model: the observable, the rule that covers it and
// what each side answered. Thrown so that fast-check shrinks the sequence that shows it.
import { OBSERVABLES, type Observable, sentenceOf } from './observables.ts';

export class OracleDifference extends Error {
  readonly ruleId: string;
  readonly sentence: string;

  constructor(observable: Observable, detail: string) {
    super(`${OBSERVABLES[observable]}: ${detail}`);
    this.ruleId = OBSERVABLES[observable];
    this.sentence = sentenceOf(observable);
  }
}

const shown = (value: unknown) => JSON.stringify(value) ?? 'nothing';

/** Throws an OracleDifference unless both sides give the same value (compared as JSON). */
export function same(observable: Observable, what: string, deployment: unknown, model: unknown): void {
  if (JSON.stringify(deployment) !== JSON.stringify(model))
    throw new OracleDifference(
      observable,
      `${what}: the deployment answered ${shown(deployment)}, the model ${shown(model)}`,
    );
}

/** Throws an OracleDifference unless the condition holds. */
export function holds(observable: Observable, condition: boolean, detail: () => string): void {
  if (!condition) throw new OracleDifference(observable, detail());
}
