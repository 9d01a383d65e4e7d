// Replays every example of the base contract (each in its exchange: a request, an answer or a delivery)
// against the head contract and lists the ones the head contract refuses.
import type { Judge } from './counterexample.ts';
import type { ReplayFailure } from './types.ts';

export function replayExamples(judge: Judge): { checked: number; failures: ReplayFailure[] } {
  const failures: ReplayFailure[] = [];
  let checked = 0;
  for (const site of judge.base.sites.values()) {
    const examples = site.seeds.filter((s) => s.fromExample);
    // An exchange that reads the same in both contracts gives every example the same verdict twice.
    if (judge.unchanged(site.key)) {
      checked += examples.length;
      continue;
    }
    for (const seed of examples) {
      // An example the base contract itself refuses is the base's problem, not a change.
      if (!judge.check(judge.base, site.key, seed.instance).valid) continue;
      checked++;
      const result = judge.check(judge.head, site.key, seed.instance);
      if (result.valid) continue;
      failures.push({
        source: seed.label,
        exchange: site.key,
        affected: site.consumerSends
          ? 'consumers that send this: the head contract refuses it'
          : 'services that send this: no longer conforming; consumers built on the head contract do not expect it',
        reason: result.error,
      });
    }
  }
  return { checked, failures };
}
