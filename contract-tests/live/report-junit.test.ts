// JUnit XML and JSON reports: counts match the summary, not-checked checks are skipped (never
// passed), failures carry their violations, and text from the provider is escaped.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReportFiles } from './report-files.ts';
import { toJUnitXml } from './report-junit.ts';
import type { LiveReport } from './report-types.ts';

const report: LiveReport = {
  baseUrl: 'http://127.0.0.1:1/api',
  allowWrites: false,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.500Z',
  summary: { checks: 3, checked: 2, passed: 1, failed: 1, notChecked: 1, violations: 1 },
  operations: [],
  results: [
    { id: 'listProjects', operationId: 'listProjects', method: 'GET', path: '/integration/projects', title: 'list', writes: false, outcome: 'passed', status: 200, durationMs: 12, violations: [] },
    {
      id: 'getFundRunSummary',
      operationId: 'getFundRunSummary',
      method: 'GET',
      path: '/integrationfund/fund',
      title: 'fund <summary> & "status"',
      writes: false,
      outcome: 'failed',
      status: 200,
      violations: [{ in: 'body', path: '$.data.status', message: 'must be equal to one of the allowed values (["pending"]) \u0001' }],
    },
    { id: 'startFundRun', operationId: 'startFundRun', method: 'POST', path: '/integrationfund/fund/run', title: 'run', writes: true, outcome: 'not checked', reason: 'creates data or spends credits: pass --allow-writes', violations: [] },
  ],
};

describe('toJUnitXml', () => {
  const xml = toJUnitXml(report);

  it('counts tests, failures and skipped as the summary does', () => {
    expect(xml).toContain('<testsuites name="verify-live" tests="3" failures="1" errors="0" skipped="1" time="1.500">');
    expect(xml.match(/<testcase /g)).toHaveLength(3);
  });

  it('marks a not-checked check as skipped with its reason', () => {
    expect(xml).toContain('<skipped message="not checked: creates data or spends credits: pass --allow-writes"/>');
  });

  it('puts the violations with their JSON paths into the failure, escaped', () => {
    expect(xml).toContain('name="getFundRunSummary: fund &lt;summary&gt; &amp; &quot;status&quot;"');
    expect(xml).toContain('body $.data.status: must be equal to one of the allowed values ([&quot;pending&quot;]) \uFFFD</failure>');
    expect(xml).not.toContain('\u0001');
  });
});

describe('writeReportFiles', () => {
  it('writes <path>.json and <path>.xml, creating folders', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'live-report-'));
    try {
      const files = await writeReportFiles(report, join(dir, 'out', 'live'));
      expect(files).toEqual({ json: join(dir, 'out', 'live.json'), xml: join(dir, 'out', 'live.xml') });
      expect(JSON.parse(await readFile(files.json, 'utf8'))).toEqual(report);
      expect(await readFile(files.xml, 'utf8')).toBe(toJUnitXml(report));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
