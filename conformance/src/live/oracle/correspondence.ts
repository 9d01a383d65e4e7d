// Identifiers matched by correspondence: the deployment and the model each mint their own ids; the
// oracle pairs them when a write answers and compares later reads through the pairing.
import { OracleDifference } from './difference.ts';
import type { Observable } from './observables.ts';

export class Correspondence {
  private readonly toModel = new Map<string, string>();
  private readonly toDeployment = new Map<string, string>();

  /** Pairs a deployment id with the model's; an id already paired with another is a difference. */
  pair(observable: Observable, what: string, deployment: string, model: string): void {
    const known = this.toModel.get(deployment);
    const back = this.toDeployment.get(model);
    if ((known !== undefined && known !== model) || (back !== undefined && back !== deployment))
      throw new OracleDifference(
        observable,
        `${what}: the deployment answered ${deployment}, which stands for ${known ?? 'another record'} of the model, not ${model}`,
      );
    this.toModel.set(deployment, model);
    this.toDeployment.set(model, deployment);
  }

  /** The model's id for a deployment id; an unpaired id stays recognisable in a difference. */
  model(deployment: string): string {
    return this.toModel.get(deployment) ?? `(unpaired ${deployment})`;
  }
}
