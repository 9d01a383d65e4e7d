// The suite covers every operation of the contract, and only the calls that create data or spend
// credits are gated behind --allow-writes.
import { describe, expect, it } from 'vitest';
import { liveChecks } from './live-checks.ts';
import { contractOperations, locateOperation } from './operation-index.ts';

describe('live checks', () => {
  it('have unique ids', () => {
    const ids = liveChecks.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('cover every operation under paths in the contract', () => {
    const covered = new Set(liveChecks.map((c) => c.operationId));
    const missing = contractOperations().filter((op) => !covered.has(op.operationId)).map((op) => op.operationId);
    expect(missing).toEqual([]);
  });

  it('gate exactly the operations that create data or spend credits', () => {
    const writes = new Set(liveChecks.filter((c) => c.writes).map((c) => c.operationId));
    expect([...writes].sort()).toEqual(
      ['createProject', 'createWebhookConfiguration', 'processMessage', 'startFundRun', 'updateWebhookConfiguration', 'uploadAnalysisFiles', 'uploadFundFiles'].sort(),
    );
    for (const check of liveChecks.filter((c) => !c.writes)) expect(locateOperation(check.operationId).method, check.id).toBe('GET');
  });

  it('send the webhook calls with the bearer token and everything else with the API key, apart from the deliberate refusals', () => {
    for (const check of liveChecks) {
      const bearerOperation = ['getWebhookConfiguration', 'createWebhookConfiguration', 'updateWebhookConfiguration', 'listWebhookDeliveries'].includes(check.operationId);
      if (check.expectStatus === 401) expect(check.auth, check.id).not.toMatch(/^(apiKey|bearer)$/);
      else expect(check.auth, check.id).toBe(bearerOperation ? 'bearer' : 'apiKey');
    }
  });
});
