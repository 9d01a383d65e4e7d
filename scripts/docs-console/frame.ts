// console-frame.html, written beside the site's index.html: the console's sender. A frame of its own
// (a file, not srcdoc or blob:, which inherit the page's policy, `connect-src 'self'`) whose policy
// allows only its one inline script (by hash) and, once that script has run, connections to the chosen
// server's origin alone. Same-origin with the page, so its requests carry the page's Origin for CORS.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const SCRIPT = readFileSync(new URL('./frame.js', import.meta.url), 'utf8');

/** The file's name, beside index.html; the page loads it relative to itself. */
export const CONSOLE_FRAME = 'console-frame.html';

/**
 * Every fetch directive but connect-src: that one is the script's to set, for the chosen origin
 * (a second policy can only narrow, so a default-src here would forbid every connection).
 */
export function consoleFramePolicy(script = SCRIPT): string {
  const hash = createHash('sha256').update(script).digest('base64');
  return [
    `script-src 'sha256-${hash}'`,
    "style-src 'none'",
    "img-src 'none'",
    "font-src 'none'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The frame's page. */
export function consoleFrameHtml(): string {
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${consoleFramePolicy()}">`,
    '<title>Try it: sender</title></head><body>',
    `<script>${SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
