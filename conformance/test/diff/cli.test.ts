// The contract:diff command: usage errors (one line, exit 2), exit 1 on a breaking change with the
// JSON fields the issue names, a git ref as base, and the replay of recorded pacts (and their absence).
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { captureOutput } from '../support/captured-output.ts';
import { main } from '../../src/diff/cli.ts';
import type { DiffReport } from '../../src/diff/types.ts';

type Any = Record<string, any>;
const ROOT = new URL('../../..', import.meta.url).pathname;
const real = JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as Any;
let dir: string;

async function run(argv: string[], cwd = ROOT): Promise<{ code: number; out: string; err: string }> {
  const { code, out, err } = await captureOutput(() => main(argv, cwd));
  return { code, out: out.join(''), err: err.join('\n') };
}

/** A Pact V4 file with one HTTP interaction and one message, as the consumer suites record them. */
function pactFile(): Any {
  return {
    consumer: { name: 'c' },
    provider: { name: 'p' },
    interactions: [
      {
        type: 'Synchronous/HTTP',
        description: 'a fund read',
        request: {
          method: 'GET',
          path: '/api/integrationfund/fund',
          query: { fundExtractionId: ['9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d'] },
          headers: { Authorization: ['k'] },
        },
        response: {
          status: 200,
          headers: { 'Content-Type': ['application/json'] },
          body: {
            content: {
              metadata: { code: '1000', title: 'Successful', description: '' },
              data: { status: 'completed' },
            },
            contentType: 'application/json',
          },
        },
      },
      {
        type: 'Asynchronous/Messages',
        description: 'a changedStatus event',
        contents: {
          content: structuredClone(real.components.examples.ChangedStatusEvent.value),
          contentType: 'application/json',
        },
      },
    ],
    metadata: { pactSpecification: { version: '4.0' } },
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'contract-diff-cli-'));
  const head = structuredClone(real);
  head.components.schemas.FundRunStatus.enum = ['pending', 'running', 'error'];
  head.components.schemas.ChangedStatusEvent.properties.data.properties.stage = { type: 'integer' };
  writeFileSync(join(dir, 'head.json'), JSON.stringify(head));
  mkdirSync(join(dir, 'pacts'));
  writeFileSync(join(dir, 'pacts', 'c-p.json'), JSON.stringify(pactFile()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('contract:diff', () => {
  test.each([
    [[], /--base is required/],
    [['--base', 'HEAD', '--format', 'yaml'], /unknown format yaml/],
    [['--base', 'HEAD', '--bogus'], /Unknown option '--bogus'/],
    [['--base', 'no-such-ref-or-file'], /no-such-ref-or-file is neither a file nor a git ref/],
  ])('usage error %j: one line, exit 2', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.split('\n')).toHaveLength(1);
  });

  test('a git ref as base, JSON output: findings carry id, severity, direction, location, message; pacts replayed', async () => {
    const r = await run([
      '--base',
      'HEAD',
      '--head',
      join(dir, 'head.json'),
      '--format',
      'json',
      '--pacts',
      join(dir, 'pacts'),
    ]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as DiffReport;
    expect(report.base.label).toBe('HEAD:generated/openapi.json');
    for (const f of report.findings)
      expect(Object.keys(f)).toEqual(expect.arrayContaining(['id', 'severity', 'direction', 'location', 'message']));
    // The webhook field's type changed: breaking for receivers, with a delivery the new contract allows.
    const stage = report.findings.find((f) => f.location.endsWith('/stage/type'));
    expect(stage).toMatchObject({ severity: 'breaking', direction: 'webhook' });
    expect(stage?.counterexample?.exchange).toBe('webhook changedStatus delivery');
    // An enum value the service no longer sends breaks nobody, but the pact that relies on it now fails.
    expect(report.findings.find((f) => f.location === '/components/schemas/FundRunStatus/enum')?.severity).toBe(
      'non-breaking',
    );
    expect(report.replay.failures.map((f) => `${f.source} | ${f.exchange}`)).toEqual(
      expect.arrayContaining([
        'c-p.json: a fund read | GET /integrationfund/fund response',
        'c-p.json: a changedStatus event | webhook changedStatus delivery',
      ]),
    );
    expect(report.replay.notes).toEqual([]);
  }, 60_000);

  test('without pact files the replay says so, and an unchanged contract exits 0', async () => {
    const r = await run(['--base', 'generated/openapi.json', '--pacts', join(dir, 'none')]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/BREAKING \(0\)/);
    expect(r.out).toMatch(
      /note: no pact files in .*none: pact interactions not replayed \(--pacts names the folder your consumer tests record them in\)/,
    );
  }, 60_000);
});
