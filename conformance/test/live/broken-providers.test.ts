// Tests of the tests: for every rule of the catalogue, the stateful mock behind a proxy that
// breaks exactly that rule (broken-rules.ts); the suite must report the rule as failed (warned
// for a rule resting on a gap), and the CLI must exit 1 naming it.
import { describe, expect, it } from 'vitest';
import { BREAKS } from '../doubles/broken-rules.ts';
import { startBrokenProxy } from '../doubles/broken-proxy.ts';
import { catalogue } from '../../src/live/catalogue/index.ts';
import { main } from '../../src/live/cli.ts';
import { useSeededMock } from '../support/seeded-mock.ts';
import { fullRun, fullRunArgs } from '../support/conformance-mock.ts';
import { runConformance } from '../../src/live/run-conformance.ts';

/** The rules over every answer of a run need a rule that makes the calls they judge. */
const COMPANIONS: Record<string, string[]> = {
  'contract.responses-conform': ['analysis.detail-of-its-project'],
  'contract.no-undocumented-5xx': ['contract.unsupported-method-not-2xx'],
  'contract.every-operation-succeeds': ['messages.answer-data-null'],
};

const mock = useSeededMock();

describe('a broken provider for every rule', () => {
  it('has a break for each rule of the catalogue and none for a rule that does not exist', () => {
    expect(Object.keys(BREAKS).sort()).toEqual(catalogue.map((r) => r.id).sort());
  });

  // That the proxy with no break breaks nothing (every rule passes through it, with writes) is
  // live-suite-mock.test.ts's full run, which goes through it.

  for (const rule of catalogue) {
    it(`${rule.gap ? 'warns' : 'fails'} on ${rule.id}`, async () => {
      const proxy = await startBrokenProxy(mock.origin, BREAKS[rule.id]);
      try {
        // A fixed seed: the stateful sequences are the same on every test run.
        const report = await runConformance({
          ...fullRun(proxy.baseUrl),
          pollTimeoutMs: 500,
          deliveryTimeoutMs: 500,
          seed: 7,
          only: [...(COMPANIONS[rule.id] ?? []), rule.id],
        });
        const result = report.results.find((r) => r.id === rule.id);
        expect({ status: result?.status, reason: result?.reason }).toEqual({
          status: rule.gap ? 'warned' : 'failed',
          reason: undefined,
        });
        expect(result?.violations.length).toBeGreaterThan(0);
      } finally {
        await proxy.close();
      }
    });
  }
});

describe('the stateful sequences against a broken provider', () => {
  it('print the shortest failing sequence and a seed and path that replay it', async () => {
    const proxy = await startBrokenProxy(mock.origin, BREAKS['sequences.invariants-hold']);
    try {
      const options = { ...fullRun(proxy.baseUrl), only: ['sequences.invariants-hold'], seed: 42 };
      const first = (await runConformance(options)).results[0];
      expect(first?.status).toBe('failed');
      const message = first?.violations[0] ?? '';
      expect(message).toMatch(
        /^pages do not overlap and together hold totalCount companies: pages of \d hold \d+ companies, totalCount is \d+/,
      );
      // Shrunk to the one call that shows it.
      expect(message).toMatch(/shortest sequence: readPages\(\d\)\n/);
      const [, seed, path] = /replay: --seed=(-?\d+) --sequence-path=(\S+@\S*)$/.exec(message) ?? [];
      expect(seed).toBe('42');
      const replayed = (await runConformance({ ...options, seed: Number(seed), sequencePath: path })).results[0];
      expect(replayed?.violations[0]?.split('\n')[1]).toBe(message.split('\n')[1]);
    } finally {
      await proxy.close();
    }
  });
});

describe('an answer the rules cannot read', () => {
  it('fails the rule that read it, and the run goes on and puts the webhook back', async () => {
    const proxy = await startBrokenProxy(mock.origin, {
      response: (req, answer) =>
        void (req.path === '/api/integrationfund/fund' && answer.status === 200 && delete answer.body.data.fundRuns),
    });
    try {
      const report = await runConformance({
        ...fullRun(proxy.baseUrl),
        only: ['webhooks.save-read-back', 'funds.run-in-own-fund-runs', 'funds.detail-unknown-404'],
      });
      expect(report.results.map((r) => [r.id, r.status])).toEqual([
        ['webhooks.save-read-back', 'passed'],
        ['funds.run-in-own-fund-runs', 'failed'],
        ['funds.detail-unknown-404', 'passed'],
      ]);
      expect(report.results[1]?.violations[0]).toMatch(/^the rule stopped on an answer it could not read: /);
      expect(report.restored).toMatch(/^webhook configuration put back/);
    } finally {
      await proxy.close();
    }
  });
});

describe('the command line against a broken provider', () => {
  it('exits 1 and names the violated rule in its output', async () => {
    const proxy = await startBrokenProxy(mock.origin, BREAKS['funds.run-over-50-files-refused']);
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      expect(await main([...fullRunArgs(proxy.baseUrl), '--rule', 'funds.run-over-50-files-refused'])).toBe(1);
    } finally {
      console.log = log;
      await proxy.close();
    }
    const output = lines.join('\n');
    expect(output).toMatch(/FAIL\s+funds\.run-over-50-files-refused/);
    expect(output).toContain('expected HTTP 400 Error209, got HTTP 200 1000');
    expect(output).toContain('RESULT: FAIL (1 rule(s) violated)');
  });
});
