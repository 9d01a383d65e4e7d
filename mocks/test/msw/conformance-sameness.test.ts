// The same behaviour, proved: the conformance suite with writes runs against the HTTP mock and
// against the MSW handlers (msw/node intercepting fetch in this process); both must pass every
// rule, with the same outcome per rule. A difference between the two fails here.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_SEED, fullRun, readOnly } from '../../../conformance/test/support/conformance-mock.ts';
import type { ConformanceReport } from '../../../conformance/src/live/report-types.ts';
import { runConformance } from '../../../conformance/src/live/run-conformance.ts';
import { createHandlers } from '../../src/msw/index.ts';
import { startMock, type RunningMock } from '../../src/server.ts';

const MSW_ORIGIN = 'http://msw-mock.test';

/** Each rule's outcome and its violations, by rule id: what must not differ. */
function outcomes(report: ConformanceReport) {
  return Object.fromEntries(report.results.map((r) => [r.id, { status: r.status, violations: r.violations }]));
}

let http: RunningMock;
const msw = createHandlers({ origin: MSW_ORIGIN, seed: CONFORMANCE_SEED });
const server = setupServer(...msw.handlers);
beforeAll(async () => {
  http = await startMock({ port: 0, seed: CONFORMANCE_SEED });
});
afterAll(async () => {
  msw.close();
  await http?.close();
});

describe('the MSW handlers against the HTTP mock', () => {
  // Two whole runs with writes (about 6 s each on a quiet machine), beside the package and e2e runs
  // of npm test: 90 s, not the default 30.
  it('give the conformance suite (with writes) the same result: every rule passed on both', async () => {
    const overHttp = await runConformance({ ...fullRun(http.baseUrl), runId: 'same' });
    const overMsw = await intercepted(() => runConformance({ ...fullRun(`${MSW_ORIGIN}/api`), runId: 'same' }));
    expect(overHttp.summary.failed).toBe(0);
    expect(overHttp.summary.notChecked).toBe(0);
    expect(outcomes(overMsw)).toEqual(outcomes(overHttp));
    expect(overMsw.summary).toEqual(overHttp.summary);
  }, 90_000);

  it('differ, and the comparison fails, when the handlers break a rule (the company list fault on)', async () => {
    const broken = createHandlers({ origin: 'http://broken.test', seed: CONFORMANCE_SEED, session: 'broken' });
    const faults = await broken.fetch(
      new Request('http://broken.test/__mock/faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ companyList: true }),
      }),
    );
    expect(faults.status).toBe(200);
    const brokenServer = setupServer(...broken.handlers);
    brokenServer.listen({ onUnhandledFrame: 'bypass' });
    try {
      const overHttp = await runConformance({ ...readOnly(http.baseUrl), runId: 'same' });
      const overBroken = await runConformance({ ...readOnly('http://broken.test/api'), runId: 'same' });
      expect(outcomes(overBroken)).not.toEqual(outcomes(overHttp));
      expect(overBroken.summary.failed).toBeGreaterThan(0);
    } finally {
      brokenServer.close();
      broken.close();
    }
  });
});

/** Runs `run` with the MSW handlers intercepting fetch; unhandled requests (the suite's own webhook receiver) go to the network. */
async function intercepted<T>(run: () => Promise<T>): Promise<T> {
  server.listen({ onUnhandledFrame: 'bypass' });
  try {
    return await run();
  } finally {
    server.close();
  }
}
