/**
 * Glossary, go-to, not-found, offline reading and what search engines see, in Chromium on a phone and
 * a desktop viewport, against the built dist/ (issue 8 items 5, 7, 8, 9).
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { getSite } from '../../src/site/load.ts';
import { siteUrl } from '../../src/site/render/seo.ts';
import { DESKTOP, PHONE, onPhoneAndDesktop, startServer, useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;

suite('pages in Chromium', () => {
  const site = getSite();
  const web = useBrowserSite();
  const open = (ctx: BrowserContext, path: string): Promise<Page> => web.open(path, { context: ctx, ready: true });

  onPhoneAndDesktop(web, (ctx) => {
    test('the English glossary index is short, its A–Z links open group pages with the entries', async () => {
      const page = await open(ctx(), '/en/glossary/');
      // An index, not the 88,000 px single page it was (nor the entries: they live on the group pages).
      expect(await page.locator('.gl-entry').count()).toBe(0);
      const index = await page.locator('.gl-index a').allTextContents();
      expect(index.slice(0, 4)).toEqual(['A', 'B', 'C', 'D']);
      // One row per group page, with its size: the sizes add up to the whole glossary.
      const counts = await page.locator('.gl-groups .gl-count').allTextContents();
      expect(counts.reduce((n, c) => n + Number(c), 0)).toBe(site.latest.get('en')!.doc.glossary.length);
      await page.click('.gl-index a:text-is("T")');
      await page.waitForURL(/\/en\/glossary\/t\/$/);
      expect(await page.locator('#g-trample').isVisible()).toBe(true);
      expect(await page.locator('.gl-index a[aria-current="page"]').textContent()).toBe('T');
      // Every entry on the page starts with T; the pager leads to S and U.
      for (const dt of await page.locator('.gl-entry dt').allTextContents()) expect(dt.replace(/^[“"]/, '')[0]).toBe('T');
      expect(await page.locator('.gl-pager a').allTextContents()).toEqual(['← S', 'U →']);
      await page.close();
    });

    test('the filter finds any term of the language from the headword list and links its entry', async () => {
      const page = await open(ctx(), '/en/glossary/');
      const total = site.latest.get('en')!.doc.glossary.length;
      await page.fill('[data-gl-q]', 'trample');
      await expect.poll(() => page.textContent('[data-gl-status]')).toBe(`2 of ${total} terms match`);
      expect(await page.locator('.gl-results .gl-r-term').allTextContents()).toEqual(['Trample', 'Trample Over Planeswalkers']);
      expect(await page.locator('.gl-results a').first().getAttribute('href')).toBe('/en/glossary/t/#g-trample');
      // The Korean name finds the English entry too.
      await page.fill('[data-gl-q]', '돌진');
      await expect.poll(() => page.locator('.gl-results .gl-r-term').allTextContents()).toEqual(['Trample']);
      // The verb agrees with the count (the plural forms of glossaryMatches).
      expect(await page.textContent('[data-gl-status]')).toBe(`1 of ${total} terms matches`);
      await page.fill('[data-gl-q]', 'zzzqqq');
      await expect.poll(() => page.textContent('[data-gl-none]')).toMatch(/No term matches “zzzqqq”/);
      expect(await page.locator('[data-gl-none] a').getAttribute('href')).toBe('/en/search/?q=zzzqqq');
      await page.fill('[data-gl-q]', '');
      await expect.poll(() => page.textContent('[data-gl-status]')).toBe(`${total} terms`);
      // On a group page the filter searches the whole language, and Enter opens the first match.
      await page.goto(`${web.base}en/glossary/a/`);
      await page.waitForFunction(() => document.documentElement.dataset['crReady'] === '1');
      await page.fill('[data-gl-q]', 'vigilance');
      await expect.poll(() => page.locator('.gl-results .gl-r-term').first().textContent()).toBe('Vigilance');
      await page.press('[data-gl-q]', 'Enter');
      await page.waitForURL(/\/en\/glossary\/v\/#g-vigilance$/);
      await page.close();
    });

    test('Japanese rows by reading, 英数字 apart (hiragana finds katakana), Korean ㄱㄴㄷ', async () => {
      const ja = await open(ctx(), '/ja/glossary/');
      expect(await ja.locator('.gl-index li').allTextContents()).toEqual(['あ', 'か', 'さ', 'た', 'な', 'は', 'ま', 'や', 'ら', 'わ', '英数字', '用語の対応']);
      await ja.fill('[data-gl-q]', 'とらんぷる');
      await expect.poll(() => ja.locator('.gl-results .gl-r-term').first().textContent()).toBe('トランプル');
      await ja.goto(`${web.base}ja/glossary/wa/`);
      // わ begins with a わ word; Y (わい) is with the Latin headwords.
      expect((await ja.locator('.gl-entry dt').first().textContent())?.startsWith('ワールド')).toBe(true);
      await ja.goto(`${web.base}ja/glossary/other/`);
      expect(await ja.locator('.gl-entry dt a.num').allTextContents()).toContain('Y');
      await ja.close();
      const ko = await open(ctx(), '/ko/glossary/');
      await ko.click('.gl-index a:text-is("ㄷ")');
      await ko.waitForURL(/\/ko\/glossary\/d\/$/);
      expect(await ko.locator('td:visible').allTextContents()).toContain('돌진');
      await ko.close();
    });

    test('an old single-page link (#g-…, #gl-…) lands on the group page; the entry links the other languages', async () => {
      const page = await open(ctx(), '/en/glossary/#g-trample');
      await page.waitForURL(/\/en\/glossary\/t\/#g-trample$/);
      await expect.poll(() => page.locator('#g-trample').isVisible()).toBe(true);
      const links = page.locator('#g-trample + dd .bridge a');
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('hreflang')))).toEqual(['ja', 'ko']);
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/ja/glossary/ta/#g-トランプル', '/ko/702/2/#702.19']);
      // The entry sits below the sticky header, not under it.
      const top = await page.locator('#g-trample').evaluate((el) => el.getBoundingClientRect().top);
      const header = await page.locator('header.top').evaluate((el) => el.getBoundingClientRect().bottom);
      expect(top).toBeGreaterThanOrEqual(header - 1);
      await page.goto(`${web.base}ja/glossary/#gl-ka`);
      await page.waitForURL(/\/ja\/glossary\/ka\/$/);
      await page.close();
    });

    test('the header go-to box forgives spellings and sends words to the search', async () => {
      const page = await open(ctx(), '/en/');
      for (const q of ['702,19b', '702 19b', '702-19-b', 'r702.19b']) {
        await page.goto(`${web.base}en/`);
        await page.waitForFunction(() => document.documentElement.dataset['crReady'] === '1');
        await page.fill('[data-cr-goto-input]', q);
        await page.press('[data-cr-goto-input]', 'Enter');
        await page.waitForURL(/#702\.19b$/);
        expect(new URL(page.url()).pathname, q).toMatch(/^\/en\/702\/(\d+\/)?$/);
      }
      await page.fill('[data-cr-goto-input]', 'trample');
      await page.press('[data-cr-goto-input]', 'Enter');
      await page.waitForURL(/\/en\/search\/\?q=trample$/);
      await page.close();
    });

    test('a go-to error says what was wrong', async () => {
      const page = await open(ctx(), '/ja/');
      await page.fill('[data-cr-goto-input]', '70.2');
      await page.press('[data-cr-goto-input]', 'Enter');
      await expect.poll(() => page.$eval('[data-cr-goto-input]', (i) => (i as HTMLInputElement).validationMessage)).toBe('「70.2」：ルール番号は 3 桁の章番号（100〜999）で始まります（例：702.19b）。');
      await page.close();
    });

    test('/go/ runs its query, and shows the error in the page', async () => {
      const page = await open(ctx(), '/ko/go/?q=702-19-b');
      await page.waitForURL(/\/ko\/702\/(\d+\/)?#702\.19b$/);
      const err = await open(ctx(), '/en/go/?q=702.19bc');
      await expect.poll(() => err.textContent('#go-msg')).toBe('“702.19bc”: a subrule is one letter after the rule (702.19b); the rules never use l or o.');
      await page.close();
      await err.close();
    });

    test('a rule that does not exist: a not-found in its language with the nearest rules and other editions', async () => {
      const page = await open(ctx(), '/ja/702.999/');
      // /ja/ is the current Japanese edition, composed on 2026-01-16.
      await expect.poll(() => page.textContent('[data-nf-lang="ja"] [data-nf-msg]')).toBe('ルール 702.999 は 2026-01-16 版の日本語ルールにありません。');
      expect(await page.getAttribute('html', 'lang')).toBe('ja');
      const near = await page.locator('[data-nf-lang="ja"] [data-notfound-list] a').allTextContents();
      expect(near[0]).toBe('702');
      // Each nearest rule with its first words (702 is the section of keyword abilities: キーワード能力).
      await expect.poll(() => page.locator('[data-nf-lang="ja"] [data-notfound-list] li:has(a) .nf-title').first().textContent()).toBe(' キーワード能力');
      // 122 (counters) is in the 2026-01-16 English rules only: the 2019 edition's not-found points there.
      const en = await open(ctx(), '/en/2019-01-25/122.1/');
      await expect.poll(() => en.locator('[data-nf-lang="en"] [data-notfound-list] a').allTextContents()).toContain('122.1 (2026-01-16)');
      await page.close();
      await en.close();
    });
  });

  test('without JavaScript: /go/ is a form and a list, the glossary index links its group pages', async () => {
    const ctx = await web.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${web.base}ja/go/`);
    expect(await page.locator('form.go-page input[name="q"]').isVisible()).toBe(true);
    const links = await page.locator('.go-list a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toHaveLength(site.latest.get('ja')!.sections.length);
    expect(links).toContain('/ja/702/');
    await page.goto(`${web.base}en/glossary/`);
    expect(await page.locator('[data-gl-filter]').isVisible()).toBe(false);
    await page.click('.gl-groups a[href="/en/glossary/t/"]');
    expect(await page.locator('#g-trample').isVisible()).toBe(true);
    await ctx.close();
  });

  test('the root puts the reader’s language first', async () => {
    const ctx = await web.browser.newContext({ ...PHONE, locale: 'ko-KR' });
    const page = await open(ctx, '/');
    expect(await page.locator('[data-lang-card]').first().getAttribute('data-lang-card')).toBe('ko');
    expect(await page.locator('[data-lang-card="ko"] [data-lang-mine]').isVisible()).toBe(true);
    await ctx.close();
  });

  test('a preview of a section reference shows its first rules', async () => {
    const ctx = await web.browser.newContext(DESKTOP);
    const page = await open(ctx, '/en/601/');
    await page.locator('a.ref[data-r="en/2026-01-16/732"]').first().hover();
    await expect.poll(() => page.locator('#cr-pop').textContent()).toMatch(/732\.1 /);
    await ctx.close();
  });

  describe('offline', () => {
    /** A server of its own, stopped once the pages are read: offline means no answer at all, not only an emulated one. */
    async function ownServer(): Promise<{ url: string; stop: () => void }> {
      const { server: s, url } = await startServer();
      return { url, stop: () => { s.closeAllConnections(); s.close(); } };
    }

    test('a page read once opens again without a network; one never read shows the offline page', async () => {
      const srv = await ownServer();
      const ctx = await web.browser.newContext(PHONE);
      const page = await ctx.newPage();
      await page.goto(`${srv.url}en/702/`);
      await page.waitForFunction(() => document.documentElement.dataset['crOffline'] === 'ready', undefined, { timeout: 30_000 });
      // A cache left by an older build is deleted on the next visit; this build's stays.
      await page.evaluate(async () => void (await caches.open('cr-pages-2000-01-01T00:00:00Z')).put('/x', new Response('old')));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset['crOffline'] === 'ready', undefined, { timeout: 30_000 });
      const names = await page.evaluate(() => caches.keys());
      expect(names).not.toContain('cr-pages-2000-01-01T00:00:00Z');
      expect(names.filter((n) => n.startsWith('cr-pages-'))).toHaveLength(1);
      srv.stop();
      await ctx.setOffline(true);
      await page.reload();
      expect(await page.locator('[id="702.2"]').count()).toBe(1);
      // Styles came from the precache: the site's stylesheet applies (it zeroes the body margin browsers give).
      expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe('0px');
      await page.goto(`${srv.url}en/703/`);
      expect(await page.textContent('h1')).toBe('You are offline');
      await ctx.close();
    });

    test('a saved edition opens offline, with its progress and size shown', async () => {
      const srv = await ownServer();
      const ctx = await web.browser.newContext(DESKTOP);
      const page = await ctx.newPage();
      await page.goto(`${srv.url}ko/`);
      await page.waitForFunction(() => document.documentElement.dataset['crOffline'] === 'ready', undefined, { timeout: 30_000 });
      await expect.poll(() => page.textContent('[data-offline-status]')).toMatch(/^\d+쪽, [\d.]+ MB\.$/);
      await page.click('[data-offline-save]');
      await expect.poll(() => page.textContent('[data-offline-status]'), { timeout: 120_000 }).toMatch(/^오프라인용으로 저장됨\([\d.]+ MB\)\.$/);
      srv.stop();
      await ctx.setOffline(true);
      await page.goto(`${srv.url}ko/704/`);
      expect(await page.locator('[id="704.5a"]').count()).toBe(1);
      await page.goto(`${srv.url}ko/glossary/`);
      expect(await page.textContent('h1')).toBe('용어집');
      // The filter's headword list and the group pages were saved with the edition.
      await page.waitForFunction(() => document.documentElement.dataset['crReady'] === '1');
      await page.fill('[data-gl-q]', '돌진');
      await expect.poll(() => page.locator('.gl-results .gl-r-term').allTextContents()).toContain('돌진');
      await page.goto(`${srv.url}ko/glossary/d/`);
      expect(await page.locator('td').allTextContents()).toContain('돌진');
      await ctx.close();
    }, 180_000);
  });

  test('search engines: absolute canonical and hreflang, description, sitemap and robots.txt', async () => {
    const ctx = await web.browser.newContext(DESKTOP);
    const page = await open(ctx, '/ja/702/');
    const head = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      alternates: Array.from(document.querySelectorAll('link[rel="alternate"][hreflang]')).map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`),
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    }));
    const origin = siteUrl();
    expect(head.canonical).toBe(`${origin}/ja/702/`);
    expect(head.alternates).toEqual([`en ${origin}/en/702/`, `ja ${origin}/ja/702/`, `ko ${origin}/ko/702/`, `x-default ${origin}/en/702/`]);
    expect(head.description).toMatch(/^702\. /);
    const robots = await (await fetch(`${web.base}robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap-index.xml`);
    const index = await (await fetch(`${web.base}sitemap-index.xml`)).text();
    expect(index).toContain(`${origin}/sitemap-0.xml`);
    const urls = await (await fetch(`${web.base}sitemap-0.xml`)).text();
    expect(urls).toContain(`<loc>${origin}/ko/glossary/</loc>`);
    expect(urls).toContain(`<loc>${origin}/ja/glossary/ka/</loc>`);
    expect(urls).not.toContain('/go/');
    await ctx.close();
  });
});
