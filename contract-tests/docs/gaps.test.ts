// The Open questions section lists exactly the contract's x-gap marks: the gatherer agrees with
// an independent count over the YAML sources, renders one numbered row per gap, and refuses
// malformed marks instead of dropping them.
import { bundle, loadConfig } from '@redocly/openapi-core';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import {
  AREAS,
  OPEN_QUESTIONS_HEADING,
  gatherGaps,
  openQuestionsMarkdown,
  withOpenQuestions,
} from '../../scripts/gaps.ts';
import { resolvePointer } from '../../conformance/src/contract-validator.ts';
import { countSourceGapMarks } from './source-gap-marks.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const OPENAPI = join(ROOT, 'openapi');

/** Row numbers of the rendered Open questions tables, in page order. */
function rowNumbers(markdown: string): number[] {
  return [...markdown.matchAll(/^\| (\d+) \| /gm)].map((m) => Number(m[1]));
}

async function bundleOf(dir: string): Promise<unknown> {
  const config = await loadConfig({ configPath: join(ROOT, 'redocly.yaml') });
  const { bundle: result } = await bundle({ ref: join(dir, 'openapi.yaml'), config });
  return result.parsed;
}

describe('gatherGaps over the bundled contract', () => {
  const gaps = gatherGaps(contract);

  it('finds as many gaps as the YAML sources have x-gap keys', async () => {
    const marks = await countSourceGapMarks(OPENAPI);
    expect(marks).toBeGreaterThan(0);
    expect(gaps).toHaveLength(marks);
  });

  it('finds every x-document-gaps item under its topic', () => {
    const items = contract['x-document-gaps'];
    const documentGaps = gaps.filter((g) => g.area === 'Not in the contract');
    expect(documentGaps.map((g) => [g.where, g.text])).toEqual(items.map((i) => [i.topic, i['x-gap']]));
  });

  it('gives every gap a distinct pointer that resolves to a node carrying that text', () => {
    expect(new Set(gaps.map((g) => g.pointer)).size).toBe(gaps.length);
    for (const gap of gaps) {
      const node = resolvePointer(contract, gap.pointer) as Record<string, unknown> | undefined;
      expect(node?.['x-gap'], gap.pointer).toBe(gap.text);
    }
  });

  it('disagrees with the sources once a mark is added to them and the bundle is not rebuilt', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gaps-'));
    try {
      await cp(OPENAPI, dir, { recursive: true });
      const file = join(dir, 'components/schemas/Pagination.yaml');
      await writeFile(file, `${await readFile(file, 'utf8')}x-gap: A test mark.\n`);
      const marks = await countSourceGapMarks(dir);
      expect(gatherGaps(contract).length).not.toBe(marks);
      expect(gatherGaps(await bundleOf(dir))).toHaveLength(marks);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('gatherGaps on malformed input', () => {
  it('refuses an x-gap that is not a one-line string, naming where it is', () => {
    const doc = { openapi: '3.1.0', components: { schemas: { Thing: { type: 'object', 'x-gap': 42 } } } };
    expect(() => gatherGaps(doc)).toThrow('#/components/schemas/Thing/x-gap must be a one-line sentence');
    doc.components.schemas.Thing['x-gap'] = 'Two\nlines.' as never;
    expect(() => gatherGaps(doc)).toThrow('one-line sentence');
  });

  it('refuses an x-document-gaps item without a topic, and a list that is not a list', () => {
    expect(() => gatherGaps({ 'x-document-gaps': [{ 'x-gap': 'Something is not shown.' }] })).toThrow(
      '#/x-document-gaps/0',
    );
    expect(() => gatherGaps({ 'x-document-gaps': { 'x-gap': 'Something is not shown.' } })).toThrow('must be a list');
  });

  it('refuses a mark outside any known part of the contract, and a document that is not an object', () => {
    expect(() => gatherGaps({ tags: [{ name: 'T', 'x-gap': 'Open.' }] })).toThrow('#/tags/0 is outside');
    expect(() => gatherGaps(null)).toThrow('needs a bundled OpenAPI document');
  });
});

describe('the Open questions section', () => {
  const gaps = gatherGaps(contract);
  const markdown = openQuestionsMarkdown(gaps);

  it('has one row per gap, numbered 1..N, grouped under the areas in order', () => {
    expect(rowNumbers(markdown)).toEqual(gaps.map((_, i) => i + 1));
    expect(markdown).toContain(`The specification leaves **${gaps.length}** facts open.`);
    const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(AREAS.filter((a) => gaps.some((g) => g.area === a)));
  });

  it('states every gap text and pointer', () => {
    for (const gap of gaps) expect(markdown).toContain(`${gap.text.replace(/\|/g, '\\|')}<br>\`${gap.pointer}\``);
  });

  it('is appended to info.description of a copy, leaving the bundled contract untouched', () => {
    const before = JSON.stringify(contract);
    const docs = withOpenQuestions(contract);
    expect(JSON.stringify(contract)).toBe(before);
    expect(docs.info.description.startsWith(contract.info.description.trimEnd())).toBe(true);
    expect(docs.info.description.match(new RegExp(`^# ${OPEN_QUESTIONS_HEADING}$`, 'gm'))).toHaveLength(1);
    expect(rowNumbers(docs.info.description)).toHaveLength(gaps.length);
  });
});
