// What the browser test reads off a rendered documentation page, as plain data, so the same
// checks run on the real site and on a deliberately broken one.
import type { Locator, Page } from 'playwright-core';
import { operations } from '../contract/walk-contract.ts';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

interface OperationLike {
  operationId?: string;
  summary?: string;
}
type Document = { paths?: object; webhooks?: object };

/**
 * Every operation of a contract (paths and webhooks) as its navigation entry should read:
 * lower-cased operationId (the end of Redoc's link) to "summary METHOD".
 */
export function expectedNavigation(doc: Document): Map<string, string> {
  const entries = new Map<string, string>();
  for (const { method, op } of operations(doc)) {
    const { operationId, summary } = op as OperationLike;
    if (operationId) entries.set(operationId.toLowerCase(), `${summary ?? ''} ${method.toUpperCase()}`.trim());
  }
  return entries;
}

/** The operation entries of the side navigation, opening each tag group (they render lazily). */
export async function navigationOperations(page: Page): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const groups = page.locator(
    '[data-component-name="Menu/MenuItem"].menu-item-type-group:has(> a:not([href*="/section/"]))',
  );
  for (const group of await groups.all()) {
    await expandGroup(group);
    const items = await group
      .locator('.menu-item-type-operation > a')
      .evaluateAll((links) => links.map((a) => [a.getAttribute('href') ?? '', (a as HTMLElement).innerText] as const));
    for (const [href, label] of items)
      seen.set(href.slice(href.lastIndexOf('/') + 1), label.replace(/\s+/g, ' ').trim());
  }
  return seen;
}

/**
 * Opens a tag group of the side navigation. A click on its label toggles it, and Redoc also opens
 * the group of whatever scrolls into view: a group it opened just before the click closes again
 * (seen in CI under load), so the label is clicked until the group's operations show (at most 30 s).
 */
async function expandGroup(group: Locator): Promise<void> {
  const first = group.locator('.menu-item-type-operation').first();
  const until = Date.now() + 30_000;
  while (!(await first.isVisible())) {
    if (Date.now() > until)
      throw new Error(`the navigation group "${await group.locator('> a').innerText()}" does not open`);
    await group.locator('> a').click();
    await first.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
}

/** The text of each table row of the Open questions section, in page order. */
export async function openQuestionRows(page: Page, docsUrl: string): Promise<string[]> {
  await page.goto(`${docsUrl}#/section/open-questions`, { waitUntil: 'networkidle' });
  await page.locator('[id="section/open-questions"]').waitFor();
  // Rows between the section's heading and the next heading outside the section. No named
  // helper inside: the function is serialized into the page as it is.
  return page.evaluate(() => {
    const start = document.getElementById('section/open-questions');
    if (!start) return [];
    const FOLLOWING = Node.DOCUMENT_POSITION_FOLLOWING;
    const end = [...document.querySelectorAll('h1[id], h2[id], h3[id]')].find(
      (h) => (start.compareDocumentPosition(h) & FOLLOWING) !== 0 && !h.id.startsWith('section/open-questions'),
    );
    return [...document.querySelectorAll('tbody tr')]
      .filter((tr) => (start.compareDocumentPosition(tr) & FOLLOWING) !== 0)
      .filter((tr) => !end || (tr.compareDocumentPosition(end) & FOLLOWING) !== 0)
      .map((tr) => (tr as HTMLElement).innerText);
  });
}

/** Search results listed for a query typed into the page's search. */
export async function searchResults(page: Page, query: string): Promise<string[]> {
  const trigger = page.locator('[data-testid="search-trigger"]');
  const input = page.locator('[data-component-name="Search/SearchInput"] input');
  const results = page.locator('[data-component-name="Search/SearchItem"]');
  // Each try opens the dialog if it is not open and types the query again. In CI runs on a loaded
  // machine one try alone failed for 30 s, once with the dialog never opening after the click and
  // once with the typed query never listing anything (keys typed while the dialog opens are lost).
  // 30 s in all, each step at most 5 s: the test (60 s) keeps time to open the result.
  const deadline = Date.now() + 30_000;
  let lastTimeout = '';
  const step = () => {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`the search for "${query}" gave no results within 30 s (last try: ${lastTimeout})`);
    return { timeout: Math.min(5_000, left) };
  };
  for (;;) {
    try {
      if (!(await input.isVisible())) await trigger.click(step());
      await input.fill(query, step());
      await results.first().waitFor(step());
      return await results.allInnerTexts();
    } catch (error) {
      // Only a wait that ran out is worth another try; a closed page or a wrong locator is not.
      if ((error as Error).name !== 'TimeoutError') throw error;
      lastTimeout = (error as Error).message.split('\n')[0] ?? '';
      await input.fill('', step()).catch(() => undefined);
    }
  }
}

/** The languages the code-sample menu of the operation on screen offers. */
export async function codeSampleLanguages(page: Page): Promise<string[]> {
  await page
    .locator('button[aria-haspopup="menu"]', { hasText: /^curl$/ })
    .first()
    .click();
  const items = page.locator('[role="menuitem"]:visible');
  await items.first().waitFor();
  return items.allInnerTexts();
}

/** The URLs of a request log that left the machine (anything but loopback, blob: and data:). */
export function outsideLocalhost(urls: string[]): string[] {
  return urls.filter((url) => {
    const { protocol, hostname } = new URL(url);
    if (protocol === 'blob:' || protocol === 'data:') return false;
    return !LOCAL_HOSTS.has(hostname);
  });
}

/**
 * Inline codes made of letters and digits only (`Error131`) in the tables of a guide section that
 * the browser laid out over more than one line, that is broken mid-word.
 */
export async function splitCodes(page: Page, docsUrl: string, section = 'errors'): Promise<string[]> {
  await page.goto(`${docsUrl}#/section/${section}`, { waitUntil: 'networkidle' });
  await page.locator(`[id="section/${section}"]`).waitFor();
  return page.evaluate(() =>
    [...document.querySelectorAll('td code')]
      .filter((code) => /^[A-Za-z0-9]+$/.test(code.textContent ?? '') && code.getClientRects().length > 1)
      .map((code) => code.textContent ?? ''),
  );
}

/** The Servers panel as shown: each server's description and URL lines. */
export async function serversPanelLines(page: Page): Promise<string[]> {
  const text = await page.locator('[data-testid="panel-servers"]').first().innerText();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== 'Servers' && !/^Show \d+ variables?$/.test(line) && line !== '+');
}

/** The lines of the Servers panel that show a URL without a scheme, or a Markdown backtick. */
export function badServerLines(lines: string[]): string[] {
  return lines.filter(
    (line) => line.includes('`') || (/[{/]/.test(line) && !/\s/.test(line) && !/^https?:\/\//.test(line)),
  );
}
