// Adds the console to the built page: the operations table (JSON, read from the contract), the
// console's script and its style, all inline like the rest of the page (no request to load them).
// Its sender is the one other file of the site, console-frame.html (frame.ts).
import { bodyEnd } from '../docs-body-end.ts';
import { readFileSync } from 'node:fs';
import { consoleOperations } from './operations.ts';

const SCRIPT = readFileSync(new URL('./console.js', import.meta.url), 'utf8');

export const CONSOLE_CSS = [
  '.tc-bar { margin: 8px 0 16px; font: 13px sans-serif; }',
  '.tc-open { padding: 6px 14px; border: 0; border-radius: 4px; background: #32329f; color: #fff; font: 600 13px sans-serif; cursor: pointer; }',
  '.tc-form { margin-top: 8px; padding: 10px 12px; border: 1px solid #ccc; border-radius: 6px; background: #fafafa; }',
  '.tc-form[hidden] { display: none; }',
  '.tc-field { display: block; margin: 6px 0; }',
  '.tc-field span { display: block; color: #555; margin-bottom: 2px; }',
  '.tc-form input, .tc-form textarea { width: 100%; box-sizing: border-box; font: 12px monospace; padding: 4px; }',
  '.tc-form pre { white-space: pre-wrap; word-break: break-word; background: #f0f0f0; padding: 6px; margin: 6px 0; max-height: 300px; overflow: auto; }',
  '.tc-form pre:empty { display: none; }',
  '#try-console-frame { display: none; }',
].join('\n');

/** The contract's server URLs as written (`https://{host}/api` keeps its variable for the reader to fill). */
function serverUrls(contract: Record<string, any>): string[] {
  return ((contract.servers ?? []) as { url: string }[]).map((s) => s.url);
}

/** The page with the console before its closing </body> (the last one: Redoc's inline script holds the string too). */
export function withConsole(html: string, contract: Record<string, any>): string {
  const end = bodyEnd(html);
  const data = JSON.stringify({ servers: serverUrls(contract), operations: consoleOperations(contract) }).replace(
    /</g,
    '\\u003c',
  );
  const block = [
    `<style id="try-console-style">\n${CONSOLE_CSS}\n</style>`,
    `<script id="try-console-data" type="application/json">${data}</script>`,
    `<script id="try-console-script">\n${SCRIPT}</script>`,
  ].join('\n');
  return `${html.slice(0, end)}${block}\n${html.slice(end)}`;
}
