// The browser test's guard: without Chromium it fails with the install command instead of skipping.
import { describe, expect, it } from 'vitest';
import { requireChromium } from './chromium.ts';

describe('requireChromium', () => {
  it('fails with the install command when the browser is missing', () => {
    expect(() => requireChromium('/nonexistent/chromium')).toThrow(
      'Chromium is not installed at /nonexistent/chromium; the documentation browser test needs it. ' +
        "Install Debian's package: `apt-get update && apt-get install -y chromium`",
    );
  });

  it('returns the path of a browser that is there', () => {
    expect(requireChromium(process.execPath)).toBe(process.execPath);
  });
});
