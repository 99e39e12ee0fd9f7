/**
 * Page layout in Chromium on a desktop (1280×900) and a phone (390×844, touch): the contents sidebar
 * follows the reader, the reader's place survives language / edition / parallel switches made after
 * scrolling, the sticky header and the parallel view's column header never cover the text, previews
 * and the menu stay on screen, touch targets are at least 44 px, keyboard focus is never hidden.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;

suite('page layout in Chromium', () => {
  const site = useBrowserSite();
  let desktop: BrowserContext;
  let phone: BrowserContext;

  beforeAll(async () => {
    desktop = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    phone = await site.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  });

  const open = (ctx: BrowserContext, path: string): Promise<Page> => site.open(path, { context: ctx, ready: true });

  /**
   * Scrolls so that `id` is the rule read at the top (just under the sticky header), without a hash, and
   * waits until it stays there on a frame of a fully loaded page: a page that has just been switched to
   * can still move its text (a font arriving) after a single scroll.
   */
  async function scrollTo(page: Page, id: string): Promise<void> {
    await page.waitForFunction((r) => {
      const el = document.getElementById(r)!;
      const head = document.querySelector('header.top')!.getBoundingClientRect().bottom;
      const off = el.getBoundingClientRect().top - head - 4;
      const end = document.documentElement.scrollHeight - window.innerHeight;
      // Near the end of the page the rule cannot reach the top: as far as the page scrolls is where it reads.
      if (Math.abs(off) > 1 && !(off > 0 && window.scrollY >= end - 1)) {
        window.scrollTo(0, window.scrollY + off);
        return false;
      }
      return document.readyState === 'complete';
    }, id, { polling: 'raf', timeout: 10_000 });
    // Let the IntersectionObserver deliver (it runs after the next frame).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }

  /** The path and decoded hash the page settled on once `rule` is its fragment target. */
  async function landed(page: Page, rule: string): Promise<string> {
    await page.waitForFunction((r) => decodeURIComponent(location.hash.slice(1)) === r && document.getElementById(r) !== null, rule, { timeout: 10_000 }).catch((e: Error) => {
      throw new Error(`waiting to land on ${rule}, the page is at ${page.url()}: ${e.message}`);
    });
    const u = new URL(page.url());
    return u.pathname + decodeURIComponent(u.hash);
  }

  /**
   * Presses what is at the centre of `selector` as a reader would, by coordinates: Playwright's own
   * click first scrolls the element "into view", which moves the page under a sticky header and so
   * changes the rule in view.
   */
  async function press(page: Page, selector: string, touch = false): Promise<void> {
    const box = await page.locator(selector).first().boundingBox();
    if (!box) throw new Error(`${selector}: not displayed`);
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (touch) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  }

  /**
   * Opens the menu sheet by its button and waits for the sheet's own handling of its opening to be done: on
   * `toggle` it scrolls the rule in view to its middle, and a press measured before that lands elsewhere (a
   * loaded machine once ran it between the test's measuring and its tap).
   */
  async function openMenu(page: Page): Promise<void> {
    const toggled = page.evaluate(() => new Promise<void>((resolve) => document.getElementById('cr-menu')!.addEventListener('toggle', () => resolve(), { once: true })));
    await press(page, '.menu-btn', true);
    await toggled;
    await page.waitForSelector('#cr-menu:popover-open');
  }

  const current = (page: Page) => page.evaluate(() => Array.from(document.querySelectorAll('a[data-toc][aria-current]'), (a) => (a as HTMLElement).dataset['toc']));

  describe('desktop', () => {
    test('a section page has the contents beside a comfortable reading column', async () => {
      const page = await open(desktop, '/en/702/2/');
      const side = await page.locator('#cr-menu').boundingBox();
      const main = await page.locator('main').boundingBox();
      expect(side && main).toBeTruthy();
      // The sidebar sits left of the text and the text column stays within 48rem (768 px).
      expect(side!.x + side!.width).toBeLessThanOrEqual(main!.x);
      expect(side!.width).toBeGreaterThan(200);
      expect(main!.width).toBeLessThanOrEqual(768);
      expect(main!.width).toBeGreaterThan(600);
      // The part's sections (700, 701, 702, …) and every rule of 702 (702.1 … 702.189), not subrules.
      const secs = await page.locator('.side-secs > li > a .side-n').allTextContents();
      expect(secs.slice(0, 3)).toEqual(['700.', '701.', '702.']);
      expect(await page.locator('.side-secs > li > a[aria-current="page"] .side-n').textContent()).toBe('702.');
      const rules = await page.locator('.side-rules .side-n').allTextContents();
      expect(rules[0]).toBe('702.1');
      expect(rules).toContain('702.19');
      expect(rules.every((n) => /^702\.\d+$/.test(n))).toBe(true);
      // 702.19 is on this page: a bare fragment; 702.2 is on page 1: a link to that page.
      expect(await page.locator('.side-rules a:has-text("702.19 ")').first().getAttribute('href')).toBe('#702.19');
      expect(await page.locator('.side-rules a', { hasText: /^702\.2 / }).getAttribute('href')).toBe('/en/702/#702.2');
      await page.close();
    });

    test('the sidebar highlights the rule in view as the reader scrolls', async () => {
      const page = await open(desktop, '/en/702/2/');
      await scrollTo(page, '702.19b');
      await page.waitForFunction(() => document.querySelector('a[data-toc="702.19"][aria-current]'));
      expect(await current(page)).toEqual(['702.19']);
      await scrollTo(page, '702.22');
      await page.waitForFunction(() => document.querySelector('a[data-toc="702.22"][aria-current]'));
      expect(await current(page)).toEqual(['702.22']);
      // The highlighted entry is visible inside the sidebar.
      const link = await page.locator('a[data-toc="702.22"]').boundingBox();
      expect(link!.y).toBeGreaterThan(0);
      expect(link!.y + link!.height).toBeLessThan(900);
      await page.close();
    });

    test('language, edition and parallel links keep the rule scrolled to (read when used)', async () => {
      let page = await open(desktop, '/en/702/2/');
      await scrollTo(page, '702.19b');
      await press(page, '.lang-nav a[hreflang="ja"]');
      expect(await landed(page, '702.19b')).toMatch(/^\/ja\/702\/(\d+\/)?#702\.19b$/);
      // Then the parallel view from there, after scrolling to another rule.
      await scrollTo(page, '702.19c');
      // The sidebar keeps its view switch in reach (stuck to its top) however far the reader scrolled.
      await press(page, '#cr-menu a[data-parallel]');
      expect(await landed(page, '702.19c')).toMatch(/^\/ja\/parallel\/702\/(\d+\/)?#702\.19c$/);
      // The target rule shows below the sticky site header and the column header, not under them.
      const { ruleTop, colBottom } = await page.evaluate(() => ({
        ruleTop: document.getElementById('702.19c')!.getBoundingClientRect().top,
        colBottom: document.querySelector('.phead')!.getBoundingClientRect().bottom,
      }));
      expect(ruleTop).toBeGreaterThanOrEqual(colBottom - 1);
      await page.close();

      page = await open(desktop, '/en/702/2/');
      await scrollTo(page, '702.19b');
      await press(page, 'details.eds summary');
      await press(page, 'details.eds a:has-text("2019-01-25")');
      expect(await landed(page, '702.19b')).toMatch(/^\/en\/2019-01-25\/702\/(\d+\/)?#702\.19b$/);
      await page.close();
    });

    test('the parallel view’s column header stays under the site header and above the text', async () => {
      const page = await open(desktop, '/ja/parallel/702/2/');
      await scrollTo(page, '702.19b');
      const r = await page.evaluate(() => {
        const head = document.querySelector('header.top')!.getBoundingClientRect();
        const col = document.querySelector('.phead')!.getBoundingClientRect();
        const hit = document.elementFromPoint(col.left + 20, col.top + col.height / 2);
        return { headBottom: head.bottom, colTop: col.top, hitInHeader: !!hit?.closest('.phead') };
      });
      expect(Math.abs(r.colTop - r.headBottom)).toBeLessThanOrEqual(1);
      expect(r.hitInHeader).toBe(true);
      await page.close();
    });

    test('keyboard focus is never hidden under the sticky header', async () => {
      const page = await open(desktop, '/en/702/2/');
      // From the pager at the foot of the page, walk back through 40 focus stops (the review's test).
      await page.focus('a[data-pager="next"]');
      const hidden: string[] = [];
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Shift+Tab');
        const r = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          if (el.closest('header.top, #cr-menu')) return null;
          const head = document.querySelector('header.top')!.getBoundingClientRect().bottom;
          const box = el.getBoundingClientRect();
          return box.top < head - 1 ? `${el.textContent} at ${box.top} under ${head}` : null;
        });
        if (r) hidden.push(r);
      }
      expect(hidden).toEqual([]);
      await page.close();
    });
  });

  describe('phone', () => {
    test('the header with search and go-to stays on screen while reading', async () => {
      const page = await open(phone, '/en/702/2/');
      await scrollTo(page, '702.22');
      const r = await page.evaluate(() => ({
        head: document.querySelector('header.top')!.getBoundingClientRect().toJSON() as DOMRect,
        search: document.querySelector('[data-cr-search]')!.getBoundingClientRect().toJSON() as DOMRect,
        goto: document.querySelector('[data-cr-goto-input]')!.getBoundingClientRect().toJSON() as DOMRect,
        y: scrollY,
      }));
      expect(r.y).toBeGreaterThan(2000);
      expect(r.head.top).toBe(0);
      // Compact: two rows, under 15% of the screen.
      expect(r.head.height).toBeLessThan(844 * 0.15);
      for (const box of [r.search, r.goto]) {
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.bottom).toBeLessThanOrEqual(r.head.bottom);
        expect(box.right).toBeLessThanOrEqual(390);
      }
      await page.close();
    });

    test('the menu jumps within the section and its edition list stays on screen', async () => {
      const page = await open(phone, '/en/702/2/');
      await scrollTo(page, '702.19b');
      // The menu button names the rule in view.
      await page.waitForFunction(() => document.querySelector('[data-menu-where]')?.textContent === '702.19');
      await openMenu(page);
      // The sheet opens scrolled to the rule in view; the editions are at its top.
      await page.evaluate(() => document.querySelector('#cr-menu .side-eds')!.scrollIntoView({ block: 'nearest' }));
      for (const a of await page.locator('#cr-menu .side-eds a').all()) {
        const b = (await a.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(390);
        expect(b.y).toBeGreaterThanOrEqual(0);
        expect(b.y + b.height).toBeLessThanOrEqual(844);
        expect(b.height).toBeGreaterThanOrEqual(44);
      }
      await page.evaluate(() => document.querySelector('a[data-toc="702.22"]')!.scrollIntoView({ block: 'nearest' }));
      await press(page, 'a[data-toc="702.22"]', true);
      await page.waitForFunction(() => location.hash === '#702.22' && !document.querySelector('#cr-menu:popover-open'));
      const top = await page.evaluate(() => document.getElementById('702.22')!.getBoundingClientRect().top - document.querySelector('header.top')!.getBoundingClientRect().bottom);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(40);
      await page.close();
    });

    test('language, edition and parallel switches keep the rule scrolled to', async () => {
      let page = await open(phone, '/en/702/2/');
      await scrollTo(page, '702.19b');
      await press(page, '.lang-nav a[hreflang="ko"]', true);
      expect(await landed(page, '702.19b')).toMatch(/^\/ko\/702\/(\d+\/)?#702\.19b$/);
      await scrollTo(page, '702.20');
      await openMenu(page);
      await page.evaluate(() => document.querySelector('#cr-menu .side-tools')!.scrollIntoView({ block: 'nearest' }));
      await press(page, '#cr-menu a[data-parallel]', true);
      expect(await landed(page, '702.20')).toMatch(/^\/ko\/parallel\/702\/(\d+\/)?#702\.20$/);
      await page.close();

      page = await open(phone, '/en/702/2/');
      await scrollTo(page, '702.19b');
      await openMenu(page);
      await page.evaluate(() => document.querySelector('#cr-menu .side-eds')!.scrollIntoView({ block: 'nearest' }));
      await press(page, '#cr-menu .side-eds a:has-text("2019-01-25")', true);
      expect(await landed(page, '702.19b')).toMatch(/^\/en\/2019-01-25\/702\/(\d+\/)?#702\.19b$/);
      await page.close();
    });

    test('the parallel view stacks each rule’s two languages', async () => {
      const page = await open(phone, '/ja/parallel/702/2/');
      const row = page.locator('.prow', { has: page.locator('[id="702.19b"]') });
      const ja = (await row.locator('.pcell[lang="ja"]').boundingBox())!;
      const en = (await row.locator('.pcell[lang="en"]').boundingBox())!;
      expect(en.y).toBeGreaterThanOrEqual(ja.y + ja.height - 1);
      expect(ja.width).toBeGreaterThan(300);
      expect(await page.locator('.phead').isVisible()).toBe(false);
      await page.close();
    });

    test('a tapped reference opens its preview as a sheet inside the viewport', async () => {
      const page = await open(phone, '/en/702/2/');
      const ref = page.locator('main a[data-r]').nth(3);
      await ref.scrollIntoViewIfNeeded();
      await ref.tap();
      await page.waitForSelector('#cr-pop:not([hidden])');
      const pop = (await page.locator('#cr-pop').boundingBox())!;
      expect(pop.x).toBeGreaterThanOrEqual(0);
      expect(pop.x + pop.width).toBeLessThanOrEqual(390);
      expect(pop.y).toBeGreaterThanOrEqual(0);
      expect(pop.y + pop.height).toBeLessThanOrEqual(844);
      const openLink = (await page.locator('#cr-pop .pop-open').boundingBox())!;
      expect(openLink.y + openLink.height).toBeLessThanOrEqual(844);
      await press(page, '#cr-pop .pop-close', true);
      await page.waitForSelector('#cr-pop[hidden]', { state: 'attached' });
      await page.close();
    });

    test('touch targets in the header, menu and page navigation are at least 44 px', async () => {
      const page = await open(phone, '/en/702/2/');
      const small = async (selector: string) =>
        page.evaluate((sel) => {
          const out: string[] = [];
          for (const el of document.querySelectorAll<HTMLElement>(sel)) {
            const b = el.getBoundingClientRect();
            if (b.width === 0 && b.height === 0) continue; // not displayed on a phone
            if (b.height < 44 || b.width < 44) out.push(`${el.tagName} "${el.textContent?.trim()}" ${Math.round(b.width)}×${Math.round(b.height)}`);
          }
          return out;
        }, selector);
      expect(await small('header.top a, header.top button, header.top input:not([type=hidden])')).toEqual([]);
      expect(await small('.chunks a, .pager a')).toEqual([]);
      await openMenu(page);
      expect(await small('#cr-menu a, #cr-menu button')).toEqual([]);
      await page.close();
    });
  });
});
