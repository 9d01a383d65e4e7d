// JUnit XML and JSON reports: counts match the summary, rules not checked are skipped (failures
// with --strict), warnings pass with their text, failures carry their violations, every case its
// specification sentence and calls, and text from the provider is escaped.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReportFiles } from '../../src/live/report-files.ts';
import { toJUnitXml } from '../../src/live/report-junit.ts';
import type { ConformanceReport } from '../../src/live/report-types.ts';

const report: ConformanceReport = {
  runId: 'r1',
  baseUrl: 'http://127.0.0.1:1/api',
  allowWrites: false,
  maxCredits: 0,
  strict: false,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.500Z',
  summary: { rules: 4, checked: 3, passed: 1, failed: 1, warned: 1, notChecked: 1 },
  creditsSpent: 0,
  records: [],
  results: [
    {
      id: 'companies.page-size-clamped',
      area: 'companies',
      title: 'clamped',
      spec: 'larger values are clamped to 100',
      status: 'passed',
      violations: [],
      calls: [{ method: 'GET', url: 'http://127.0.0.1:1/api/integration/projects?pageSize=1000', status: 200 }],
      durationMs: 12,
    },
    {
      id: 'funds.detail-unknown-404',
      area: 'funds',
      title: 'fund <unknown> & "404"',
      spec: 'No run',
      status: 'failed',
      violations: ['expected HTTP 404 Error100, got HTTP 200 \u0001'],
      calls: [],
      durationMs: 3,
    },
    {
      id: 'companies.lookup-by-id',
      area: 'companies',
      title: 'lookup',
      spec: 'not shown',
      gap: 'shape not shown',
      status: 'warned',
      violations: ['no company'],
      calls: [],
      durationMs: 1,
    },
    {
      id: 'funds.run-pending-on-creation',
      area: 'funds',
      title: 'pending',
      spec: 'always `pending`',
      status: 'not checked',
      reason: 'pass --allow-writes',
      violations: [],
      calls: [],
      durationMs: 0,
    },
  ],
};

describe('JUnit report', () => {
  const xml = toJUnitXml(report);

  it('counts tests, failures and skipped as the summary does', () => {
    expect(xml).toContain('tests="4" failures="1" errors="0" skipped="1" time="1.500"');
  });

  it('gives each rule a case named by its id, with its sentence and calls', () => {
    expect(xml).toContain('classname="conformance.companies" name="companies.page-size-clamped: clamped" time="0.012"');
    expect(xml).toContain(
      'specification: larger values are clamped to 100\ncalls (1):\nGET http://127.0.0.1:1/api/integration/projects?pageSize=1000 -&gt; 200',
    );
    expect(xml).toContain('<skipped message="not checked: pass --allow-writes"/>');
    expect(xml).toContain('<system-err>warning (rests on a gap): no company</system-err>');
  });

  it('escapes the provider text and replaces characters XML cannot hold', () => {
    expect(xml).toContain('name="funds.detail-unknown-404: fund &lt;unknown&gt; &amp; &quot;404&quot;"');
    expect(xml).toContain('got HTTP 200 \uFFFD');
    expect(xml).not.toContain('\u0001');
  });

  it('counts a rule not checked as a failure with --strict', () => {
    expect(toJUnitXml({ ...report, strict: true })).toContain('tests="4" failures="2" errors="0" skipped="0"');
  });
});

describe('--report files', () => {
  it('writes conformance.json and conformance.xml into the folder, creating it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conformance-report-'));
    try {
      const files = await writeReportFiles(report, join(dir, 'nested'));
      expect(JSON.parse(await readFile(files.json, 'utf8'))).toEqual(report);
      expect(await readFile(files.xml, 'utf8')).toBe(toJUnitXml(report));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
