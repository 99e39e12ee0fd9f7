/**
 * The not-found page in the reader's language, through the project's server (scripts/server.ts, which
 * picks the page by the path's prefix: src/site/host/not-found.ts): an unknown address under /ja/ or /ko/
 * answers 404 with a page that is Japanese or Korean throughout — `lang`, header, message, and links to
 * that language's contents, search and go-to — with no page error and no serious or critical axe
 * finding in light or dark, on a phone and a desktop (page errors: useBrowserSite). An address outside
 * them keeps the English page.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { LANG_LABEL, useStrings } from '../../src/site/i18n.ts';
import { onPhoneAndDesktop, useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;

/** The HTTP status the page's document came with (Navigation Timing). */
const status = (page: Page): Promise<number> => page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { responseStatus: number }).responseStatus);

suite('not-found pages in Chromium', () => {
  const web = useBrowserSite();

  onPhoneAndDesktop(web, (ctx) => {
    for (const lang of ['ja', 'ko'] as const) {
      test(`/${lang}/no-such-page/: 404, in ${lang} throughout, with that language's links and no axe finding`, async () => {
        const t = useStrings(lang);
        const page = await web.open(`/${lang}/no-such-page/`, { context: ctx(), ready: true });
        expect(await status(page)).toBe(404);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        expect(await page.title()).toBe(`${t('notFoundTitle')} · ${t('siteName')}`);
        // The chrome is the language's: skip link, site navigation, go-to label.
        expect(await page.locator('a.skip').textContent()).toBe(t('skip'));
        expect(await page.locator('nav.site-nav').getAttribute('aria-label')).toBe(t('mainNav'));
        expect(await page.locator('label[for="cr-goto"]').textContent()).toBe(t('goTo'));
        expect(await page.locator('main h1').textContent()).toBe(t('notFoundTitle'));
        expect(await page.locator('main [data-nf-msg]').textContent()).toBe(t('notFound'));
        // The language's home, search and go-to, shown (not only present) in the page.
        const links = page.locator('main .notfound-links a');
        expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([`/${lang}/`, `/${lang}/search/`, `/${lang}/go/`]);
        for (const a of await links.all()) expect(await a.isVisible()).toBe(true);
        // The header's go-to form sends to this language's /go/.
        expect(await page.locator('form.goto').getAttribute('action')).toBe(`/${lang}/go/`);
        // The header's language switch marks this language as the page's own, in the style an edition's page marks
        // its language with (bold, not a link colour): aria-current="true", since the link (/ko/) is not this page.
        const own = page.locator('.lang-nav a[aria-current]');
        expect(await own.evaluateAll((as) => as.map((a) => [a.getAttribute('hreflang'), a.getAttribute('aria-current'), a.textContent]))).toEqual([[lang, 'true', LANG_LABEL[lang]]]);
        const style = (a: Element) => { const cs = getComputedStyle(a); return [cs.fontWeight, cs.color, cs.textDecorationLine]; };
        const other = await page.locator(`.lang-nav a[hreflang="en"]`).evaluate(style);
        const marked = await own.evaluate(style);
        expect(marked[0]).toBe('700');
        expect(marked).not.toEqual(other);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          const result = await new AxeBuilder({ page }).analyze();
          expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${scheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        }
        await page.close();
      });
    }

    test('an address outside /ja/ and /ko/ keeps the English page; a missing Japanese rule gets its message on the Japanese page', async () => {
      const page = await web.open('/en/no-such-page/', { context: ctx(), ready: true });
      expect(await status(page)).toBe(404);
      expect([await page.getAttribute('html', 'lang'), await page.locator('a.skip').textContent()]).toEqual(['en', 'Skip to content']);
      expect(await page.locator('.lang-nav a[aria-current]').evaluateAll((as) => as.map((a) => a.getAttribute('hreflang')))).toEqual(['en']);
      await page.goto(`${web.base}ja/702.999/`);
      await expect.poll(() => page.textContent('[data-nf-lang="ja"] [data-nf-msg]')).toBe('ルール 702.999 は 2026-01-16 版の日本語ルールにありません。');
      expect(await page.locator('a.skip').textContent()).toBe('本文へスキップ');
      await page.close();
    });
  });
});
