// Debian's Chromium for the browser test, with the flags of issue 6 and a fresh profile.
import { existsSync } from 'node:fs';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The browser's path; a missing browser is an error saying how to install it, never a skip. */
export function requireChromium(path = CHROMIUM): string {
  if (!existsSync(path)) {
    throw new Error(
      `Chromium is not installed at ${path}; the documentation browser test needs it. ` +
        "Install Debian's package: `apt-get update && apt-get install -y chromium` (.ci/run does this in CI).",
    );
  }
  return path;
}

/** Headless Chromium on the profile folder given (a fresh temporary one per run). */
export function launchChromium(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: requireChromium(),
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1400, height: 900 },
  });
}
