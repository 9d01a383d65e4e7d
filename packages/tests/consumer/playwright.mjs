// The installed Playwright entry: a session of the running mock per test, in Debian's Chromium
// through playwright-core; the page's call carries the session header, the journal shows it, the
// session is dropped after. Usage: node playwright.mjs <origin> <chromium path>
import { openMockSession } from '@portfolio-integration/mock/playwright';
import { chromium } from 'playwright-core';

const [origin, executablePath] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const mock = await openMockSession({ origin, seed: { credits: 3 } });
  await mock.attach(page);
  await page.goto(`${origin}/__mock`);
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/integration/projects', { headers: { authorization: 'mock-api-key' } });
    return response.status;
  });
  const journal = await mock.requests();
  const { credits } = await mock.state();
  await mock.close();
  console.log(
    JSON.stringify({
      status,
      credits,
      journal: journal.map((entry) => [entry.method, entry.path, entry.headers['x-mock-session'] === mock.id]),
    }),
  );
} finally {
  await browser.close();
}
