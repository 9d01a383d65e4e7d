// The offline post-processing of the built page: the Redoc badge no longer points at a CDN, the
// page gets its Content-Security-Policy, and a page that would still load a remote asset is refused.
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, makeSelfContained, remoteAssets } from '../../scripts/docs-offline.ts';

const PAGE = (body: string) => `<!DOCTYPE html>\n<html><head><title>t</title></head><body>${body}</body></html>`;
const REDOC_LIKE = PAGE(
  '<script type="module">const logo = e ? `https://cdn.redoc.ly/redoc/logo-mini-full.svg` : `https://cdn.redoc.ly/redoc/logo-mini.svg`;</script>',
);

describe('makeSelfContained', () => {
  it('inlines the Redoc badge and adds the CSP as the first thing in <head>', () => {
    expect(remoteAssets(REDOC_LIKE)).toHaveLength(2);
    const page = makeSelfContained(REDOC_LIKE);
    expect(page).not.toContain('cdn.redoc.ly');
    expect(page).toContain('`data:image/svg+xml,');
    expect(page).toMatch(
      new RegExp(
        `<head>\\s*<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" />`,
      ),
    );
    expect(remoteAssets(page)).toEqual([]);
  });

  it('refuses a page that loads a script, stylesheet or image from another host', () => {
    for (const tag of [
      '<script type="module" src="https://cdn.redocly.com/redoc/v3/bundles/redoc.standalone.js"></script>',
      '<link rel="modulepreload" href="https://cdn.redocly.com/redoc.js" />',
      "<img src='//example.com/logo.png'>",
    ]) {
      expect(() => makeSelfContained(PAGE(tag)), tag).toThrow('still loads remote assets');
    }
  });

  it('keeps links a reader may click and same-origin assets', () => {
    const page = PAGE('<a href="https://redocly.com/redoc/">docs</a><script src="./local.js"></script>');
    expect(remoteAssets(makeSelfContained(page))).toEqual([]);
  });

  it('refuses something that is not a page', () => {
    expect(() => makeSelfContained('{"openapi":"3.1.0"}')).toThrow('has no <head>');
  });
});
