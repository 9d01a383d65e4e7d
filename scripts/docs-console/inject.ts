// Adds the console to the built page: the operations table (JSON, read from the contract), the
// console's script and its style, all inline like the rest of the page (no request to load them).
import { bodyEnd } from '../docs-body-end.ts';
import { readFileSync } from 'node:fs';
import { consoleOperations } from './operations.ts';

const SCRIPT = readFileSync(new URL('./console.js', import.meta.url), 'utf8');

export const CONSOLE_CSS = [
  '#try-console-open { position: fixed; right: 20px; bottom: 20px; z-index: 1000; padding: 8px 16px; border: 0; border-radius: 4px; background: #32329f; color: #fff; font: 600 14px sans-serif; cursor: pointer; }',
  '#try-console { position: fixed; right: 20px; bottom: 20px; z-index: 1001; width: min(520px, calc(100vw - 40px)); max-height: calc(100vh - 40px); overflow: auto; padding: 12px 16px; background: #fff; border: 1px solid #ccc; border-radius: 6px; box-shadow: 0 4px 24px rgba(0,0,0,.2); font: 13px sans-serif; }',
  '#try-console[hidden] { display: none; }',
  '#try-console header { display: flex; justify-content: space-between; margin-bottom: 8px; }',
  '#try-console .tc-field { display: block; margin: 6px 0; }',
  '#try-console .tc-field span { display: block; color: #555; margin-bottom: 2px; }',
  '#try-console input, #try-console select, #try-console textarea { width: 100%; box-sizing: border-box; font: 12px monospace; padding: 4px; }',
  '#try-console pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: 6px; margin: 6px 0; max-height: 300px; overflow: auto; }',
  '#try-console pre:empty { display: none; }',
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
