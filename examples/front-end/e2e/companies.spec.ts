// End-to-end tests of the example front end, run in parallel against one shared HTTP mock: each
// test has its own session (its own records, journal and clock), dropped after the test.
import { test as base, expect } from '@playwright/test';
import { mockFixture, type MockSessionHandle } from '../../../mocks/src/playwright/index.ts';

// The shared mock, started once for the whole run (`npx portfolio-mock --port 4010`).
const MOCK_ORIGIN = process.env.MOCK_ORIGIN ?? 'http://127.0.0.1:4010';
const NAMES = ['Acme Robotics', 'Globex', 'Initech', 'Umbrella'];

const test = base.extend<{ mock: MockSessionHandle }>({
  mock: mockFixture({ origin: MOCK_ORIGIN, seed: { startTime: '2026-01-01T00:00:00Z' } }),
});

for (const name of NAMES) {
  test(`adds ${name}, sees only its own company and sent it once`, async ({ page, mock }) => {
    await page.goto(`/?api=${MOCK_ORIGIN}/api`);
    await expect(page.locator('#app')).toHaveAttribute('data-ready', '1');
    await page.fill('#name', name);
    await page.click('#add button');
    await expect(page.locator('#app')).toHaveAttribute('data-ready', '2');
    const shown = await page.locator('#companies li').allTextContents();
    expect(shown.filter((n) => NAMES.includes(n))).toEqual([name]);
    const posts = await mock.requests({ method: 'POST', path: '/api/integration/project' });
    expect(posts.map((p) => [p.body, p.headers['x-mock-session']])).toEqual([
      [{ companyName: name, projectType: 'projectNoAnalysis' }, mock.id],
    ]);
    expect(await mock.settle()).toMatchObject({ pendingJobs: 0 });
  });
}
