// A project's phase in a status change: its `code` alone (a string, or an object with only a code)
// names one of the seed's phases; a full object is taken as given.
import type { components } from '../../../openapi/index.ts';
import { controlErrors } from './control-errors.ts';

type Phase = components['schemas']['ProjectPhase'];
export type PhaseChange = string | (Pick<Phase, 'code'> & Partial<Phase>);

export function phaseFor(known: Phase[], change: PhaseChange): Phase {
  const given = typeof change === 'string' ? { code: change } : change;
  const seeded = known.find((p) => p.code === given.code);
  const phase = { ...seeded, ...given };
  if (phase.name === undefined || phase.order === undefined || phase.isVisible === undefined) {
    throw controlErrors.invalidRequest(
      `phase ${given.code} is not one of the seed's phases (${known.map((p) => p.code).join(', ')}); give name, order and isVisible with it, or add it to the seed's phases`,
    );
  }
  return phase as Phase;
}
