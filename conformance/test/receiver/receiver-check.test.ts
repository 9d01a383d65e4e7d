// `portfolio-conformance receiver` against a good receiver and broken ones: each broken receiver
// fails (or, where the rule rests on a gap, warns) on its own rule and no other.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../contract-tests/support/free-port.ts';
import { main } from '../../src/cli.ts';
import { receiverExitCode, type ReceiverReport } from '../../src/receiver/report.ts';
import { runReceiverCheck } from '../../src/receiver/run-receiver-check.ts';
import { type ReceiverBreak, startTestReceiver, type TestReceiver } from '../doubles/receivers.ts';
import { captureOutput } from '../support/captured-output.ts';

const started: TestReceiver[] = [];
afterAll(async () => {
  await Promise.all(started.map((r) => r.close()));
});

async function check(kind: ReceiverBreak, options: { thresholdMs?: number; observe?: boolean } = {}) {
  const receiver = await startTestReceiver(kind);
  started.push(receiver);
  const report = await runReceiverCheck({
    url: receiver.url,
    ...(options.thresholdMs ? { thresholdMs: options.thresholdMs } : {}),
    ...(options.observe ? { observeUrl: receiver.url } : {}),
  });
  return { receiver, report };
}

const statusOf = (report: ReceiverReport) => Object.fromEntries(report.results.map((r) => [r.id, r.status]));
const notPassed = (report: ReceiverReport) =>
  Object.fromEntries(report.results.filter((r) => r.status !== 'passed').map((r) => [r.id, r.status]));

describe('portfolio-conformance receiver', () => {
  it('passes a good receiver on every rule, sending each event of the contract', async () => {
    const { receiver, report } = await check('none', { observe: true });
    expect(notPassed(report)).toEqual({});
    expect(receiverExitCode(report)).toBe(0);
    expect(Object.keys(statusOf(report))).toEqual([
      'receiver.analysisCompleted.answers-in-time',
      'receiver.analysisCompleted.accepts-post',
      'receiver.changedStatus.answers-in-time',
      'receiver.changedStatus.accepts-post',
      'receiver.fundAnalysisCompleted.answers-in-time',
      'receiver.fundAnalysisCompleted.payload-gap',
      'receiver.repeat-handled-once',
      'receiver.reordered-deliveries',
      'receiver.unknown-fields-accepted',
    ]);
    const events = new Set(receiver.handled.map((b: any) => b.event));
    expect(events).toEqual(new Set(['analysisCompleted', 'changedStatus', 'fundAnalysisCompleted']));
    // 10 deliveries, one of them a repeat the receiver recognised.
    expect(receiver.handled).toHaveLength(9);
    expect(report.results.find((r) => r.id === 'receiver.repeat-handled-once')?.note).toBeUndefined();
  });

  it('fails a slow receiver on answers-in-time, with the threshold set lower', async () => {
    const { report } = await check('slow', { thresholdMs: 150 });
    const s = statusOf(report);
    expect(s['receiver.analysisCompleted.answers-in-time']).toBe('failed');
    expect(s['receiver.changedStatus.answers-in-time']).toBe('failed');
    expect(s['receiver.analysisCompleted.accepts-post']).toBe('not checked');
    expect(report.results[0]?.violations[0]).toMatch(/no answer within 150 ms/);
    expect(receiverExitCode(report)).toBe(1);
  });

  it('fails a receiver answering 500 on accepts-post', async () => {
    const { report } = await check('error-500');
    const s = statusOf(report);
    expect(s['receiver.analysisCompleted.accepts-post']).toBe('failed');
    expect(s['receiver.changedStatus.accepts-post']).toBe('failed');
    expect(s['receiver.analysisCompleted.answers-in-time']).toBe('passed');
    expect(report.results.find((r) => r.id === 'receiver.changedStatus.accepts-post')?.violations).toEqual([
      'changedStatus: answered HTTP 500 instead of 200',
    ]);
    expect(receiverExitCode(report)).toBe(1);
  });

  it('fails a receiver that does not accept POST on accepts-post', async () => {
    const { report } = await check('get-only');
    expect(statusOf(report)['receiver.analysisCompleted.accepts-post']).toBe('failed');
    expect(report.results[1]?.violations[0]).toMatch(/HTTP 405/);
  });

  it('warns, naming the gap, on a receiver refusing unknown fields; --strict fails it', async () => {
    const { report } = await check('refuses-unknown-fields');
    expect(notPassed(report)).toEqual({
      'receiver.unknown-fields-accepted': 'warned',
      'receiver.fundAnalysisCompleted.payload-gap': 'warned',
    });
    expect(report.results.find((r) => r.id === 'receiver.unknown-fields-accepted')?.gap).toMatch(/versioning policy/);
    expect(report.results.find((r) => r.id === 'receiver.fundAnalysisCompleted.payload-gap')?.gap).toBe(
      'The payload of fundAnalysisCompleted is not shown.',
    );
    expect(receiverExitCode(report)).toBe(0);
    expect(receiverExitCode({ ...report, strict: true })).toBe(1);
  });

  it('warns on a receiver that handles a repeated delivery as a new event (seen through --observe-url)', async () => {
    const { report } = await check('repeat-as-new', { observe: true });
    expect(notPassed(report)).toEqual({ 'receiver.repeat-handled-once': 'warned' });
    const repeat = report.results.find((r) => r.id === 'receiver.repeat-handled-once');
    expect(repeat?.violations).toEqual(['the repeat changed what --observe-url shows: it was handled as a new event']);
    expect(repeat?.gap).toMatch(/retry policy/);
  });

  it('says what it cannot see without --observe-url', async () => {
    const { report } = await check('repeat-as-new');
    const repeat = report.results.find((r) => r.id === 'receiver.repeat-handled-once');
    expect(repeat?.status).toBe('passed');
    expect(repeat?.note).toMatch(/without --observe-url/);
  });

  it('exits 3 on an unreachable receiver and writes the JSON and JUnit reports', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'receiver-report-'));
    try {
      const url = `http://127.0.0.1:${await freePort()}/hooks`;
      const run = await captureOutput(() => main(['receiver', '--url', url, '--report', dir]));
      expect(run.code).toBe(3);
      expect(run.out.join('\n')).toMatch(/UNREACHABLE: the receiver could not be reached: .*ECONNREFUSED/);
      const json = JSON.parse(await readFile(join(dir, 'receiver.json'), 'utf8'));
      expect(json.unreachable).toMatch(/ECONNREFUSED/);
      expect(await readFile(join(dir, 'receiver.xml'), 'utf8')).toMatch(
        /<error message="the receiver could not be reached/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes a JUnit failure per failed rule from the command line (exit 1)', async () => {
    const receiver = await startTestReceiver('error-500');
    started.push(receiver);
    const dir = await mkdtemp(join(tmpdir(), 'receiver-report-'));
    try {
      const run = await captureOutput(() => main(['receiver', '--url', receiver.url, '--report', dir]));
      expect(run.code).toBe(1);
      const xml = await readFile(join(dir, 'receiver.xml'), 'utf8');
      expect(xml.match(/<failure /g)).toHaveLength(2);
      expect(xml).toContain('receiver.changedStatus.accepts-post: changedStatus: answered HTTP 500');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses bad usage with exit 2 and one line', async () => {
    for (const argv of [
      [],
      ['--url', 'ftp://x'],
      ['--url', 'http://127.0.0.1:9/h', '--within', '40000'],
      ['--url', 'x', 'y'],
    ]) {
      const run = await captureOutput(() => main(['receiver', ...argv]));
      expect(run.code).toBe(2);
      expect(run.err).toHaveLength(1);
    }
  });

  it('refuses an unwritable --report with exit 2 and one line before sending anything', async () => {
    const receiver = await startTestReceiver('none');
    started.push(receiver);
    const run = await captureOutput(() => main(['receiver', '--url', receiver.url, '--report', '/proc/x']));
    expect(run.code).toBe(2);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toContain('cannot write into /proc/x');
    expect(receiver.handled).toHaveLength(0);
  });
});
