// Playwright Test's configuration for the example front end's end-to-end tests: several workers at
// once against one shared HTTP mock, the page served from baseURL, Debian's Chromium (no download).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  workers: 2,
  use: {
    baseURL: process.env.APP_URL ?? 'http://127.0.0.1:5173',
    launchOptions: {
      // A browser installed by the system; drop this after `npx playwright install chromium`.
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    },
  },
});
