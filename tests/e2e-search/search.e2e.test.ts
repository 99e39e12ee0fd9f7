/**
 * Instant search in Chromium (Debian's /usr/bin/chromium via playwright-core, never a downloaded
 * browser) against the built site (`npm run build`, once for all browser tests), served on a
 * loopback port. Skipped only when Chromium is missing.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, startServer } from '../e2e/support.ts';
import { BROWSER, needs } from '../inputs.ts';

// The site is built once for all browser tests (tests/e2e/support.ts), so on a clean clone these
// tests run after that build instead of being skipped for want of dist/.
const suite = needs(BROWSER).describe;

suite('instant search in Chromium', () => {
  let server: Server;
  let base: string;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    ({ server, url: base } = await startServer());
    browser = await launch();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  async function open(path: string): Promise<Page> {
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(`${path}: ${String(e)}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && /search|worker|Content Security/i.test(m.text())) errors.push(`${path}: ${m.text()}`);
    });
    await page.goto(base + path.replace(/^\//, ''));
    return page;
  }

  /** Types a query and returns the rule numbers and languages of the listed results. */
  async function typeAndRead(page: Page, query: string): Promise<{ number: string; lang: string }[]> {
    const input = page.locator('input[data-cr-search]').first();
    await input.click();
    await input.fill('');
    await input.pressSequentially(query, { delay: 5 });
    await page.waitForFunction(
      (q) => {
        const root = document.querySelector('[data-cr-search-root]');
        const list = root?.querySelector('[data-cr-search-results]');
        const input = root?.querySelector('input') as HTMLInputElement | null;
        return !!list && list.children.length > 0 && input?.value.trim() === q;
      },
      query,
      { timeout: 20_000 },
    );
    // The last answer (for the full query) replaces earlier ones; give it a moment to land.
    await page.waitForTimeout(150);
    return page.$$eval('[data-cr-search-results] li', (lis) => lis.map((li) => ({ number: (li as HTMLElement).dataset['number']!, lang: (li as HTMLElement).dataset['matchLang']! })));
  }

  it('Japanese site: rule numbers, katakana terms and an English term', async () => {
    const page = await open('/ja/');
    expect((await typeAndRead(page, '702.19'))[0]!.number).toBe('702.19');
    expect((await typeAndRead(page, '７０２．６'))[0]!.number).toBe('702.6');
    expect((await typeAndRead(page, 'トランプル'))[0]!.number).toMatch(/^702\.19/);
    expect((await typeAndRead(page, 'レジェンド・ルール'))[0]!.number).toBe('704.5j');
    const en = await typeAndRead(page, 'state-based actions');
    expect(en[0]!.number).toMatch(/^704/);
    await page.close();
  }, 120_000);

  it('Korean site: an inflected word finds the keyword', async () => {
    const page = await open('/ko/');
    expect((await typeAndRead(page, '돌진을'))[0]!.number).toMatch(/^702\.19/);
    expect((await typeAndRead(page, '희생한'))[0]!.number).toMatch(/^701\.16/);
    await page.close();
  }, 120_000);

  it('English site: an English term, and a Japanese term says it matched Japanese', async () => {
    const page = await open('/en/');
    expect((await typeAndRead(page, 'flying'))[0]!.number).toMatch(/^702\.9/);
    const ja = await typeAndRead(page, '状況起因処理');
    expect(ja[0]!.number).toMatch(/^704/);
    expect(ja[0]!.lang).toBe('ja');
    await page.close();
  }, 120_000);

  it('keyboard: ↓ moves the selection and Enter opens the rule', async () => {
    const page = await open('/en/');
    await typeAndRead(page, '702.19');
    const input = page.locator('input[data-cr-search]').first();
    await input.press('ArrowDown');
    const selected = await page.$eval('[data-cr-search-results] li[aria-selected="true"]', (li) => (li as HTMLElement).dataset['number']);
    expect(selected).toBe('702.19a');
    await Promise.all([page.waitForURL(/702\.19a/, { timeout: 20_000 }), input.press('Enter')]);
    expect(page.url()).toContain('702.19a');
    await page.close();
  }, 120_000);

  /** Runs a full-text query on /{lang}/search/ and returns page links and sub-result links. */
  async function fullText(path: string): Promise<{ page: Page; pages: string[]; subs: string[] }> {
    const page = await open(path);
    await page.waitForFunction(() => document.querySelectorAll('[data-cr-fulltext-results] > li').length > 0, undefined, { timeout: 30_000 });
    const pages = await page.$$eval('[data-cr-fulltext-results] a.page', (as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const subs = await page.$$eval('[data-cr-fulltext-results] a.sub', (as) => as.map((a) => { const u = new URL((a as HTMLAnchorElement).href); return u.pathname + decodeURIComponent(u.hash); }));
    return { page, pages, subs };
  }

  it('full-text (Pagefind): per-rule sub-results with anchors, and the section filter', async () => {
    const { page, pages, subs } = await fullText('/en/search/?q=trample');
    // Trample's own rules are on the keyword page of 702; a sub-result lands on a rule anchor there.
    expect(pages.some((p) => /^\/en\/702\//.test(p))).toBe(true);
    expect(subs.some((s) => /^\/en\/702\/(\d+\/)?#702\.19[a-z]?$/.test(s))).toBe(true);
    // Only the latest English edition by default: no pinned older-edition pages.
    expect(pages.every((p) => !/^\/en\/20\d\d-/.test(p))).toBe(true);
    // Filtering by section 510 keeps only section 510's page.
    await page.selectOption('[data-cr-fulltext-section]', '510');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-cr-fulltext-results] a.page')].every((a) => new URL((a as HTMLAnchorElement).href).pathname.startsWith('/en/510/')), undefined, { timeout: 30_000 });
    await page.close();
  }, 120_000);

  it('full-text (Pagefind): a Korean word finds its section in the Korean index', async () => {
    const { page, pages } = await fullText(`/ko/search/?q=${encodeURIComponent('돌진')}`);
    expect(pages.some((p) => /^\/ko\/702\//.test(p))).toBe(true);
    expect(pages.every((p) => p.startsWith('/ko/'))).toBe(true);
    await page.close();
  }, 120_000);

  it('no script errors or CSP violations from search', () => {
    expect(errors).toEqual([]);
  });
});
