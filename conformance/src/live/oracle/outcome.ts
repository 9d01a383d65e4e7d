// The first thing compared of every call: the deployment succeeds where the model does, and where
// the model refuses, the deployment refuses with the same status and envelope code.
import { codeOf, describeAnswer, isSuccess } from '../answers.ts';
import type { Exchange } from '../exchange.ts';
import { holds } from './difference.ts';
import type { Observable } from './observables.ts';

export function sameOutcome(
  observable: Observable,
  what: string,
  answers: { deployment: Exchange; model: Exchange },
): void {
  const { deployment, model } = answers;
  // The success code (1000) and each refusal's status and code are fixed by the specification.
  const agree =
    isSuccess(model) === isSuccess(deployment) &&
    (isSuccess(model) || deployment.status === model.status) &&
    codeOf(deployment) === codeOf(model);
  holds(
    observable,
    agree,
    () => `${what}: the deployment answered ${describeAnswer(deployment)}, the model ${describeAnswer(model)}`,
  );
}
