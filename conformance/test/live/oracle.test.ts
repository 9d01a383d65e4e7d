// The model oracle (oracle.matches-model): no false alarm against the mock over 2 seeds, read only
// and with writes, nor against doubles that differ only where the specification is silent; and
// strength on broken providers written for other rules. The whole measure (every broken provider,
// every correct double, 20 seeds) is `npx tsx conformance/test/oracle/measure-strength.ts`;
// `npm run conformance:sweep` runs it with the whole catalogue over 20 seeds.
import { describe, expect, it } from 'vitest';
import { resetMock } from '../../../contract-tests/support/control-api.ts';
import { SECOND_API_KEY } from '../../../contract-tests/support/mock-under-test.ts';
import type { ModelSource } from '../../src/live/oracle/model.ts';
import { ORACLE_RULE_ID } from '../../src/live/oracle/run-oracle.ts';
import { runConformance, type ConformanceOptions } from '../../src/live/run-conformance.ts';
import { type Break, startBrokenProxy } from '../doubles/broken-proxy.ts';
import { BREAKS } from '../doubles/broken-rules.ts';
import { CORRECT_DOUBLES } from '../doubles/spec-doubles.ts';
import { useSeededMock } from '../support/seeded-mock.ts';
import { CONFORMANCE_SEED, fullRun, readOnly } from '../support/conformance-mock.ts';

const mock = useSeededMock();

const oracleOnly = async (options: ConformanceOptions) => {
  const report = await runConformance({ ...options, pollTimeoutMs: 1_000, only: [ORACLE_RULE_ID] });
  return report.results[0];
};
/** With writes, without the receiver, the second key and the analysis cost: the list and fund comparisons only (faster). */
const listsAndFunds = (baseUrl: string): ConformanceOptions => ({
  ...fullRun(baseUrl),
  receiverHost: undefined,
  secondApiKey: undefined,
  analysisCost: undefined,
});

describe('the model oracle against the mock', () => {
  it('holds over 2 seeds, read only and with writes', async () => {
    for (const seed of [1, 2]) {
      for (const options of [readOnly(mock.baseUrl), fullRun(mock.baseUrl)]) {
        const result = await oracleOnly({ ...options, seed });
        expect([seed, options.allowWrites, result?.status, result?.violations]).toEqual([
          seed,
          options.allowWrites,
          'passed',
          [],
        ]);
      }
    }
  });
});

/** The doubles of the specification's permissive sentences the oracle's comparisons touch most (all of them: measure-strength.ts). */
const QUIET_ON = ['database collation', 'search index a moment behind'];

describe('the model oracle against doubles that differ only where the specification is silent', () => {
  for (const name of QUIET_ON) {
    const double = CORRECT_DOUBLES[name]!;
    it(`${name}: holds`, async () => {
      const proxy = await startBrokenProxy(mock.origin, double.make());
      try {
        const result = await oracleOnly({ ...listsAndFunds(proxy.baseUrl), seed: 3 });
        expect([result?.status, result?.violations]).toEqual(['passed', []]);
      } finally {
        await proxy.close();
      }
    });
  }
});

/** Broken providers written for other rules that the oracle alone must catch, naming the rule broken. */
const FUND_RUN_BREAK = 'funds.summary-echoes-run';
const CAUGHT = ['companies.pages-partition', 'companies.create-echoes-request', FUND_RUN_BREAK];

describe('the model oracle alone against broken providers written for other rules', () => {
  it(`fails each of ${CAUGHT.length} naming the rule of the sentence broken, with seed and replay`, async () => {
    const named: string[] = [];
    for (const ruleId of CAUGHT) {
      await resetMock(mock.origin, CONFORMANCE_SEED);
      const proxy = await startBrokenProxy(mock.origin, BREAKS[ruleId]);
      try {
        const result = await oracleOnly({ ...listsAndFunds(proxy.baseUrl), seed: 7 });
        expect(result?.status, ruleId).toBe('failed');
        expect(result?.violations[0]).toMatch(
          /seed: -?\d+\n.*replay: npx portfolio-conformance verify .* --rule oracle\.matches-model --seed=-?\d+ --sequence-path=\S+/s,
        );
        named.push(result?.violations[0]?.split(':')[0] ?? '');
        if (ruleId === FUND_RUN_BREAK) {
          // Shrunk although the difference needs a fund run (the replays get their own allowance),
          // and the replay printed shows it again.
          expect(result?.violations[0]).toContain('then no random call, then the closing calls');
          const sequencePath = /--sequence-path=(\S+)/.exec(result?.violations[0] ?? '')?.[1];
          const replayed = await oracleOnly({ ...listsAndFunds(proxy.baseUrl), seed: 7, sequencePath });
          expect(replayed?.violations[0]?.split('\n')[0]).toBe(result?.violations[0]?.split('\n')[0]);
        }
      } finally {
        await proxy.close();
      }
    }
    expect(named).toEqual(CAUGHT);
  });
});

/** A company that starts an analysis answered without its analysisId (the specification's `analysisId` (string)). */
const noAnalysisId: Break = {
  response: (req, answer) => {
    if (req.method === 'POST' && req.path === '/api/integration/project' && answer.status === 200)
      delete answer.body.data.analysisId;
  },
};

/**
 * Broken providers the oracle misses without one option (that comparison removed) and catches with
 * it, naming the rule broken: analyses (--analysis-cost), the history (--receiver-host and
 * --access-token), the other user (--second-api-key). The other delivery and history breaks it
 * catches only with the receiver are in measure-strength.ts (each failing run shrinks through up to
 * 10 replays, seconds each with deliveries awaited).
 */
const CAUGHT_WITH: [string, Break, (baseUrl: string) => ConformanceOptions, string][] = [
  [
    'company analyses',
    noAnalysisId,
    (baseUrl) => ({ ...listsAndFunds(baseUrl), analysisCost: 1 }),
    'companies.create-echoes-request',
  ],
  ['deliveries and history', BREAKS['webhooks.delivery-in-history']!, fullRun, 'webhooks.delivery-in-history'],
  [
    'the second user',
    BREAKS['funds.detail-no-role-403']!,
    (baseUrl) => ({ ...listsAndFunds(baseUrl), secondApiKey: SECOND_API_KEY }),
    'funds.detail-no-role-403',
  ],
];

describe('the model oracle with company analyses, a receiver and the second user', () => {
  it('misses each break without the option and names the rule broken with it', async () => {
    const seen: string[] = [];
    for (const [what, broken, withIt, ruleId] of CAUGHT_WITH) {
      for (const options of [listsAndFunds, withIt]) {
        await resetMock(mock.origin, CONFORMANCE_SEED);
        const proxy = await startBrokenProxy(mock.origin, broken);
        try {
          const result = await oracleOnly({ ...options(proxy.baseUrl), deliveryTimeoutMs: 500, seed: 7 });
          seen.push(`${what}: ${result?.status} ${result?.violations[0]?.split(':')[0] ?? ''}`.trim());
          // A difference on a company analysis is shrunk too (the replays get their own analyses).
          if (broken === noAnalysisId && options === withIt)
            expect(result?.violations[0]).toContain('then no random call, then the closing calls');
        } finally {
          await proxy.close();
        }
      }
    }
    expect(seen).toEqual(CAUGHT_WITH.flatMap(([what, , , ruleId]) => [`${what}: passed`, `${what}: failed ${ruleId}`]));
  });
});

const isHistory = (req: { method: string; path: string }, answer: { status: number }) =>
  req.method === 'GET' && req.path === '/api/integration/webhook/history' && answer.status === 200;

describe('the model oracle on failed deliveries', () => {
  // The oracle points a configuration at a failing path of its receiver only in some sequences (at
  // seed 8, in none; at seed 7, one does). The failed entries the mock's history held before the
  // break rewrote them are counted: a seed that stopped provoking a failed delivery fails here
  // instead of passing by luck.
  it('fails a provider that records every delivery as a Success, at a seed that provokes a failed one', async () => {
    await resetMock(mock.origin, CONFORMANCE_SEED);
    const allSuccess = BREAKS['webhooks.failed-delivery-recorded']!;
    let failed = 0;
    const proxy = await startBrokenProxy(mock.origin, {
      ...allSuccess,
      response: (req, answer, upstream) => {
        if (isHistory(req, answer))
          failed += (answer.body.data as { status: string }[]).filter((d) => d.status !== 'Success').length;
        return allSuccess.response!(req, answer, upstream);
      },
    });
    try {
      const result = await oracleOnly({ ...fullRun(proxy.baseUrl), deliveryTimeoutMs: 500, seed: 7 });
      expect(failed, 'failed entries in the history the oracle read').toBeGreaterThan(0);
      expect([result?.status, result?.violations[0]?.split(':')[0]]).toEqual([
        'failed',
        'webhooks.delivery-in-history',
      ]);
      expect(result?.violations[0]).toMatch(
        /the model recorded \["an error outcome"\].*the receiver got \w+ at \S+\/(refused|dropped)/,
      );
    } finally {
      await proxy.close();
    }
  });
});

describe('the model oracle when its model fails', () => {
  it('is not checked, never failed: the deployment is not blamed for the model', async () => {
    const broken: ModelSource = async () => ({
      baseUrl: 'http://model.invalid/api',
      fetch: async () => {
        throw new Error('the model broke');
      },
      credentials: { apiKey: 'k', accessToken: 't' },
      close: async () => undefined,
    });
    const report = await runConformance({
      ...fullRun(mock.baseUrl),
      seed: 1,
      pollTimeoutMs: 1_000,
      only: [ORACLE_RULE_ID],
      oracleModel: broken,
    });
    expect([report.results[0]?.status, report.results[0]?.reason]).toEqual([
      'not checked',
      expect.stringContaining('the model gave no answer'),
    ]);
  });
});
