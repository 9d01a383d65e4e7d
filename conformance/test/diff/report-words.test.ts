// The diff's text says who a breaking change breaks, in words; locations read as paths, not ~1
// pointers; a change reported twice is shown once; a breaking change under the same major version is flagged.
import { describe, expect, it } from 'vitest';
import { formatMarkdown, formatText, readableLocation } from '../../src/diff/report-format.ts';
import type { DiffReport, Finding } from '../../src/diff/types.ts';

const finding = (direction: Finding['direction'], location: string): Finding =>
  ({ id: 'x', severity: 'breaking', direction, location, message: 'm' }) as Finding;

const report = (findings: Finding[], head = '1.0.0'): DiffReport =>
  ({
    base: { label: 'a', version: '1.0.0' },
    head: { label: 'b', version: head },
    findings,
    replay: { checked: 0, failures: [], notes: [] },
  }) as unknown as DiffReport;

describe('diff report in words', () => {
  it('names who breaks, reads the location, shows a repeated change once, flags the unchanged major', () => {
    const text = formatText(
      report([
        finding('request', '/paths/~1integration~1project/post'),
        finding('request', '/paths/~1integration~1project/post'),
        finding('response', '/components/schemas/Project'),
      ]),
    );
    expect(text).toContain('BREAKING (2)');
    expect(text).toContain('[request: breaks consumers that send this] paths › /integration/project › post: m');
    expect(text).toContain('[response: breaks clients that read this] components › schemas › Project: m');
    expect(text).not.toContain('~1');
    expect(text).toMatch(/^VERSION: 2 breaking change\(s\) under the same major version 1 /m);
    expect(formatText(report([finding('webhook', '')], '2.0.0'))).not.toContain('VERSION:');
    expect(formatMarkdown(report([finding('webhook', '/webhooks/a~0b')]))).toContain(
      '**webhook: breaks webhook receivers that read this** `webhooks › a~b`',
    );
    expect(readableLocation('')).toBe('/');
  });
});
