/**
 * What changed, found and usable (issue 24), in Chromium on the built site, phone and desktop: "Changes" reached
 * from the navigation of an English, a Japanese and a Korean page; the compare page grouped by part and section and
 * filtered by a rule and its subrules, a word and the kinds of change; the phone's menu sheet opens with its header
 * (close, site links, editions) in view; and axe finds nothing serious on the grouped compare page.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { onPhoneAndDesktop, useBrowserSite } from './support.ts';
import { BROWSER, SHARED, needs } from '../inputs.ts';

const suite = needs(BROWSER, SHARED).describe;

suite('changes: navigation, compare filter and grouping, the menu sheet', () => {
  const site = useBrowserSite();
  const compared = (page: Page, pair: string) => page.waitForFunction((p) => document.documentElement.dataset['compared'] === p, pair, { timeout: 60_000 });

  onPhoneAndDesktop(site, (ctx, options) => {
    const phone = options.isMobile === true;
    for (const [path, label] of [['/en/702/2/', 'Changes'], ['/ja/', '変更履歴（英語版）'], ['/ko/', '변경 내역(영어판)']] as const) {
      test(`${path}: "${label}" in the navigation leads to the rules changes`, async () => {
        const page = await site.open(path, { context: ctx(), ready: true });
        if (phone) {
          // The header's site links are in the menu sheet on a phone.
          await page.click('.menu-btn');
          await page.locator('#cr-menu .side-links a', { hasText: label }).click();
        } else {
          await page.locator('header .site-nav a', { hasText: label }).click();
        }
        // Each language has the changes in its own words (the English rules are what changes).
        const lang = path.slice(1, 3);
        await page.waitForURL(new RegExp(`/${lang}/changes/$`));
        expect(await page.locator('h1').textContent()).toBe({ en: 'Rules changes', ja: 'ルールの変更履歴（英語版）', ko: '규칙 변경 내역(영어판)' }[lang]);
        await page.close();
      });
    }

    test('702.19 between 2019-01-25 and 2026-01-16: one section of one part, its entries open, the rest of the diff hidden', async () => {
      const page = await site.open('/en/changes/compare/?old=2019-01-25&new=2026-01-16&q=702.19', { context: ctx(), ready: true });
      await compared(page, '2019-01-25...2026-01-16');
      // Read by the review of 2026-11-27 (task c) in the two texts: 702.19b changed, 702.19c and 702.19e added,
      // 2019's 702.19c/d/e moved and changed to 702.19d/f/g, a new example (702.19c) and a new glossary entry.
      expect(await page.locator('[data-compare-result] .cmp-part').evaluateAll((ps) => ps.map((p) => (p as HTMLElement).dataset['part']))).toEqual(['7', 'glossary']);
      expect(await page.locator('[data-compare-result] details.cmp-sec[open] > summary').allTextContents()).toEqual(['702. Keyword Abilities 7 changes', 'Glossary 1 change']);
      // The open sections' texts arrive from their slices (the first view has none).
      await expect.poll(() => page.locator('[data-compare-result] li.de').count()).toBe(8);
      const heads = await page.locator('[data-compare-result] li.de .de-h').allTextContents();
      expect(heads.map((x) => x.replace(/\s+/g, ' ').trim())).toEqual([
        'changed 702.19b', 'added 702.19c', 'moved and changed 702.19c → 702.19d', 'added 702.19e', 'moved and changed 702.19d → 702.19f', 'moved and changed 702.19e → 702.19g',
        'added 702.19c (example 1)', 'added Trample Over Planeswalkers',
      ]);
      // The filter is in the form and the address.
      expect(await page.inputValue('form[data-compare-filter] input[name=q]')).toBe('702.19');
      await page.close();
    });

    test('the whole 2019 → 2026 diff opens as counts only; a section renders when opened; kinds filter', async () => {
      const page = await site.open('/en/changes/compare/?old=2019-01-25&new=2026-01-16', { context: ctx(), ready: true });
      await compared(page, '2019-01-25...2026-01-16');
      expect(await page.locator('[data-compare-result] li.de').count()).toBe(0);
      const parts = await page.locator('[data-compare-result] .cmp-part').evaluateAll((ps) => ps.map((p) => (p as HTMLElement).dataset['part']));
      expect(parts).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'glossary']);
      const shown = Number(await page.locator('[data-compare-shown]').getAttribute('data-compare-shown'));
      const sec = page.locator('details.cmp-sec[data-section="702"]');
      const n = Number((await sec.locator('.cmp-n').textContent())!.match(/\d+/)![0]);
      await sec.locator('summary').click();
      await expect.poll(() => sec.locator('li.de').count()).toBeGreaterThan(0);
      // Each listed change of the section is one entry: real changes in the lists, none of the minor kinds.
      expect(await sec.locator('ol.dl > li.de').count()).toBe(n);
      // Unticking "added" leaves fewer; ticking "typography only" adds the typography-only changes.
      await page.locator('form[data-compare-filter] input[value=added]').uncheck();
      await expect.poll(async () => Number(await page.locator('[data-compare-shown]').getAttribute('data-compare-shown'))).toBeLessThan(shown);
      expect(new URL(page.url()).searchParams.get('kinds')).toBe('text,moved,removed');
      await page.close();
    });

    test('a word filter: "trample" finds the trample rules and the glossary entries, nothing else of section 702', async () => {
      const page = await site.open('/en/changes/compare/?old=2019-01-25&new=2026-01-16', { context: ctx(), ready: true });
      await compared(page, '2019-01-25...2026-01-16');
      await page.fill('form[data-compare-filter] input[name=q]', 'trample');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('trample');
      // Words need every text: the whole store is fetched, then the few sections left open with their entries.
      // Waits until the shown entries are the filtered ones (the list is re-rendered after the fetch; reading it
      // once it had rows read it mid-render under load, 2026-11-29), then checks each of them.
      const shown = () => page.locator('[data-compare-result] li.de').allTextContents();
      await expect.poll(async () => { const t = await shown(); return t.length > 0 && t.every((x) => x.toLowerCase().includes('trample')); }, { timeout: 30_000 }).toBe(true);
      const texts = await shown();
      expect(texts.length).toBeGreaterThan(0);
      for (const t of texts) expect(t.toLowerCase()).toContain('trample');
      await page.close();
    });

    for (const path of ['/en/702/2/', '/ja/702/2/', '/ko/702/']) {
      test(`${path}: one tab stop per rule at most (its menu; the number is reached through it or with [ and ])`, async () => {
        const page = await site.open(path, { context: ctx(), ready: true });
        const perRule = await page.locator('main .r').evaluateAll((rs) => rs.map((r) => [...r.querySelectorAll(':scope > .rm > summary, :scope > .rh > a.num, :scope > .rb > a.num, .hist-link')]
          .filter((el) => (el as HTMLElement).tabIndex >= 0).length));
        expect(perRule.length).toBeGreaterThan(10);
        expect(Math.max(...perRule)).toBe(1);
        await page.close();
      });
    }

    if (phone) {
      test('the menu sheet opens with its header in view (close, site links, editions); only the contents scroll', async () => {
        const page = await site.open('/en/702/2/#702.19b', { context: ctx(), ready: true });
        await page.click('.menu-btn');
        const sheet = await page.locator('#cr-menu').boundingBox();
        for (const sel of ['#cr-menu .side-close', '#cr-menu .side-links a >> nth=0', '#cr-menu .side-eds a >> nth=0']) {
          const box = (await page.locator(sel).boundingBox())!;
          expect(box.y, sel).toBeGreaterThanOrEqual(sheet!.y);
          expect(box.y + box.height, sel).toBeLessThanOrEqual(sheet!.y + sheet!.height);
        }
        // The current rule is centred inside the contents, which scrolled; the sheet itself did not.
        expect(await page.locator('#cr-menu').evaluate((el) => el.scrollTop)).toBe(0);
        expect(await page.locator('#cr-menu .side-contents').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
        await page.close();
      });
    }
  });

  test('/ja/changes/compare/: the English changes in Japanese words, the texts marked English; the other languages keep the comparison', async () => {
    const ctx = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await site.open('/ja/changes/compare/?old=2019-01-25&new=2026-01-16&q=702.19', { context: ctx, ready: true });
    await compared(page, '2019-01-25...2026-01-16');
    expect(await page.locator('h1').textContent()).toBe('2つの版を比較');
    const sec = page.locator('[data-compare-result] details.cmp-sec[data-section="702"]');
    expect((await sec.locator('summary').textContent())!.replace(/\s+/g, ' ')).toBe('702. Keyword Abilities 7件の変更');
    expect(await sec.locator('summary span[lang="en"]').textContent()).toBe('Keyword Abilities');
    const first = sec.locator('li.de').first();
    expect((await first.locator('.de-h').textContent())!.replace(/\s+/g, ' ').trim()).toBe('変更 702.19b');
    expect(await first.locator('.dt').getAttribute('lang')).toBe('en');
    // The summary table's words are Japanese too.
    expect(await page.locator('.dsum tbody th').allTextContents()).toEqual(['規則', '用例', '用語集']);
    // English and Korean open the same comparison in their words.
    const english = new URL((await page.locator('header a[hreflang="en"][data-same-page]').first().getAttribute('href'))!, page.url());
    expect(english.pathname + english.search).toBe('/en/changes/compare/?old=2019-01-25&new=2026-01-16&q=702.19');
    await page.close();
    // A 2019 Japanese rule whose English changed since links to that change, in Japanese.
    const rule = await site.open('/ja/2019-01-25/702/2/', { context: ctx, ready: true });
    const see = rule.locator('[id="702.19b"] .lag-line a', { hasText: '変更を見る' });
    expect(await see.getAttribute('href')).toBe('/ja/changes/compare/?old=2019-01-25&new=2026-01-16&q=702.19b');
    await ctx.close();
  }, 120_000);

  test('from / in a Japanese browser, the go-to box goes to the Japanese rule (規則702.19b)', async () => {
    const ctx = await site.browser.newContext({ locale: 'ja-JP' });
    const page = await site.open('/', { context: ctx, ready: true });
    await page.fill('form[data-cr-goto] input[name=q]', '規則702.19b');
    await page.press('form[data-cr-goto] input[name=q]', 'Enter');
    await page.waitForURL(/\/ja\/702\/[^#]*#702\.19b$/, { timeout: 15_000 });
    await ctx.close();
  });

  test('the colour switch: dark chosen on a light system is kept across pages and reaches the colours', async () => {
    const ctx = await site.browser.newContext({ colorScheme: 'light' });
    const page = await site.open('/en/changes/', { context: ctx, ready: true });
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await bg();
    await page.locator('header select[data-theme-switch]').selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    // --bg of the dark scheme, #16171b (styles/site.css).
    expect(await bg()).toBe('rgb(22, 23, 27)');
    expect(light).not.toBe('rgb(22, 23, 27)');
    await page.goto(`${site.base}en/`);
    await page.waitForSelector('html[data-cr-ready]');
    expect(await bg()).toBe('rgb(22, 23, 27)');
    expect(await page.locator('header select[data-theme-switch]').inputValue()).toBe('dark');
    await ctx.close();
  });

  test('axe: nothing serious on the grouped compare page, filtered and opened, light and dark', async () => {
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const ctx = await site.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
      const page = await site.open('/en/changes/compare/?old=2019-01-25&new=2026-01-16&q=702.19', { context: ctx, ready: true });
      await compared(page, '2019-01-25...2026-01-16');
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${scheme}: ${v.id} ${v.nodes.slice(0, 3).map((x) => x.target.join(' ')).join(', ')}`);
      // The move arrow is a labelled image, not a label on a bare span (axe "needs review": aria-prohibited-attr).
      expect(result.incomplete.filter((v) => v.id === 'aria-prohibited-attr').flatMap((v) => v.nodes.map((x) => x.target.join(' ')))).toEqual([]);
      await ctx.close();
    }
    expect(found).toEqual([]);
  }, 300_000);
});
