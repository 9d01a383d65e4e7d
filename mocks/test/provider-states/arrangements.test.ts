// The mock arranges exactly the provider states the pacts declare, and its control API describes the
// set-up call as the document for service teams does (so the two cannot drift apart).
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { httpPactStates } from '../../../common/src/index.ts';
import { arrangements } from '../../src/provider-states/arrangements.ts';

const schemasOf = (url: URL) =>
  (load(readFileSync(url, 'utf8')) as { components: { schemas: Record<string, unknown> } }).components.schemas;

describe('the mock provider states', () => {
  it('arranges exactly the states the pacts declare', () => {
    expect(Object.keys(arrangements).sort()).toEqual(Object.keys(httpPactStates).sort());
  });

  it('describes the set-up call as the document for service teams does', () => {
    const control = schemasOf(new URL('../../control-api.openapi.yaml', import.meta.url));
    const forTeams = schemasOf(new URL('../../../contract-tests/pact/provider-states.openapi.yaml', import.meta.url));
    expect(control.ProviderStateChange).toEqual(forTeams.ProviderStateChange);
    expect(control.ProviderStateValues).toEqual(forTeams.ProviderStateValues);
  });
});
