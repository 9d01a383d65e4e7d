import { readFileSync, writeFileSync } from 'node:fs';

const TABLE_START = '<!-- bench:results:start -->';
const TABLE_END = '<!-- bench:results:end -->';

/** Replaces what stands between the two markers of a README with `markdown`. */
function replaceResults(readme: string, markdown: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the README lacks the markers ${TABLE_START} ... ${TABLE_END}`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${markdown.trim()}\n${readme.slice(end)}`;
}

export function updateReadme(file: string, markdown: string): void {
  writeFileSync(file, replaceResults(readFileSync(file, 'utf8'), markdown));
}
