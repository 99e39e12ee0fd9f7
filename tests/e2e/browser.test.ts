/**
 * The reading site in a real browser (Debian's Chromium via playwright-core) against the built dist/
 * served by scripts/start.ts on a random loopback port.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;
suite('reading site in Chromium', () => {
  const site = useBrowserSite();
  let context: BrowserContext;

  beforeAll(async () => {
    context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  });

  const open = (path: string, ctx: BrowserContext = context): Promise<Page> => site.open(path, { context: ctx });

  /** Waits until the page shows `rule` as the fragment target, then returns the final path + hash. */
  async function landed(page: Page, rule: string): Promise<string> {
    await page.waitForFunction((r) => decodeURIComponent(location.hash.slice(1)) === r && document.getElementById(r) !== null, rule, { timeout: 10_000 });
    const u = new URL(page.url());
    return u.pathname + decodeURIComponent(u.hash);
  }

  describe('deep links from several spellings', () => {
    const cases: [string, string, RegExp][] = [
      ['/en/702.19b/', '702.19b', /^\/en\/702\/\d+\/#702\.19b$|^\/en\/702\/#702\.19b$/],
      ['/en/702.19b', '702.19b', /^\/en\/702\//],
      ['/en/CR702.19b', '702.19b', /^\/en\/702\//],
      ['/en/702.19./', '702.19', /^\/en\/702\//],
      ['/en/#R70219b', '702.19b', /^\/en\/702\//],
      ['/en/cr702-19b/', '702.19b', /^\/en\/702\//],
      ['/ja/７０２．１９ｂ/', '702.19b', /^\/ja\/702\//],
      ['/ko/601.2a/', '601.2a', /^\/ko\/601\/#601\.2a$/],
      ['/en/2019-01-25/702.19b/', '702.19b', /^\/en\/2019-01-25\/702\//],
      ['/en/2026-01-16/601.2/', '601.2', /^\/en\/601\/#601\.2$/],
      ['/702.19b/', '702.19b', /^\/en\/702\//],
    ];
    for (const [from, rule, expected] of cases) {
      test(`${from} lands on ${rule}`, async () => {
        const page = await open(from);
        expect(await landed(page, rule)).toMatch(expected);
        await page.close();
      });
    }

    test('the go-to box accepts "rule 702.19b" and "규칙 601.2a"', async () => {
      const page = await open('/ko/');
      await page.fill('[data-cr-goto-input]', '규칙 601.2a');
      await page.press('[data-cr-goto-input]', 'Enter');
      expect(await landed(page, '601.2a')).toBe('/ko/601/#601.2a');
      await page.fill('[data-cr-goto-input]', 'rule 702.19b');
      await page.press('[data-cr-goto-input]', 'Enter');
      expect(await landed(page, '702.19b')).toMatch(/^\/ko\/702\//);
      await page.close();
    });

    test('a rule number that does not exist offers its parents', async () => {
      const page = await open('/en/702.19z/');
      await page.waitForSelector('[data-nf-lang="en"] [data-notfound-list] a[href$="#702.19"]');
      await page.close();
    });
  });

  describe('previews', () => {
    test('hovering a reference shows the referenced rule without leaving the page', async () => {
      const page = await open('/en/601/');
      const url = page.url();
      // 601.2 refers to rule 732 (another page): the preview is fetched from the JSON export.
      const link = page.locator('a.ref[data-r="en/2026-01-16/732"]').first();
      await link.hover();
      const pop = page.locator('#cr-pop');
      await expect.poll(() => pop.isVisible()).toBe(true);
      expect(await pop.textContent()).toMatch(/732/);
      expect(await pop.textContent()).toMatch(/Handling Illegal Actions/);
      expect(page.url()).toBe(url);
      // Same-page reference: taken from the page itself.
      await page.mouse.move(0, 0);
      await expect.poll(() => pop.isVisible()).toBe(false);
      const local = page.locator('a.ref[href="#601.3"]').first();
      await local.hover();
      await expect.poll(() => pop.isVisible()).toBe(true);
      expect(await pop.textContent()).toMatch(/601\.3/);
      await page.close();
    });

    test('hovering a glossary term shows its definition (English and Japanese)', async () => {
      for (const path of ['/en/601/', '/ja/601/']) {
        const page = await open(path);
        const term = page.locator('a.term[data-g]').first();
        const name = (await term.textContent())!;
        await term.hover();
        const pop = page.locator('#cr-pop');
        await expect.poll(() => pop.isVisible()).toBe(true);
        expect((await pop.locator('.pop-h').textContent())!.toLowerCase()).toContain(name.toLowerCase());
        expect((await pop.textContent())!.length).toBeGreaterThan(name.length + 10);
        await page.close();
      }
    });

    test('tapping a reference shows the preview first and follows it on the second tap', async () => {
      const mobile = await site.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const page = await open('/ko/601/', mobile);
      const url = page.url();
      const link = page.locator('a.ref[data-r]').first();
      await link.scrollIntoViewIfNeeded();
      await link.tap();
      const pop = page.locator('#cr-pop');
      await expect.poll(() => pop.isVisible()).toBe(true);
      expect(page.url()).toBe(url);
      await link.tap();
      await page.waitForURL((u) => u.toString() !== url);
      await mobile.close();
    });
  });

  describe('language switch and parallel view', () => {
    test('switching language keeps the reader on the same rule', async () => {
      const page = await open('/en/702.19b/');
      await landed(page, '702.19b');
      await page.click('.lang-nav a[hreflang="ja"]');
      await page.waitForURL(/\/ja\//);
      expect(await landed(page, '702.19b')).toMatch(/^\/ja\/702\//);
      await page.click('.lang-nav a[hreflang="ko"]');
      await page.waitForURL(/\/ko\//);
      expect(await landed(page, '702.19b')).toMatch(/^\/ko\/702\//);
      await page.close();
    });

    test('switching edition keeps the rule', async () => {
      const page = await open('/en/601.2a/');
      await landed(page, '601.2a');
      await page.click('.eds summary');
      await page.click('.eds a[data-switch="/en/2019-01-25/"]');
      await page.waitForURL(/2019-01-25/);
      expect(await landed(page, '601.2a')).toBe('/en/2019-01-25/601/#601.2a');
      await page.close();
    });

    test('the parallel view shows a rule in Korean beside the same-edition English', async () => {
      const page = await open('/ko/601.2a/');
      await landed(page, '601.2a');
      await page.click('a[data-parallel]');
      await page.waitForURL(/parallel/);
      expect(await landed(page, '601.2a')).toBe('/ko/parallel/601/#601.2a');
      const row = page.locator('.prow', { has: page.locator('[id="601.2a"]') });
      expect(await row.locator('.pcell[lang="ko"]').textContent()).toMatch(/601\.2a/);
      const en = await row.locator('.pcell[lang="en"]').textContent();
      expect(en).toMatch(/601\.2a/);
      expect(en).toMatch(/[A-Za-z]{4,}/);
      await page.close();
    });
  });

  describe('keyboard', () => {
    test('/ focuses search, g opens go-to, [ and ] move between rules', async () => {
      const page = await open('/en/601.2/');
      await landed(page, '601.2');
      await page.waitForSelector('html[data-cr-ready]');
      await page.keyboard.press('/');
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-cr-search'))).toBe(true);
      await page.keyboard.press('Escape');
      await page.keyboard.press('g');
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-cr-goto-input'))).toBe(true);
      await page.keyboard.press('Escape');
      await page.keyboard.press(']');
      await page.waitForFunction(() => location.hash === '#601.2a');
      await page.keyboard.press(']');
      await page.waitForFunction(() => location.hash === '#601.2b');
      await page.keyboard.press('[');
      await page.waitForFunction(() => location.hash === '#601.2a');
      await page.close();
    });
  });

  describe('where the Japanese source lost text', () => {
    test('a gap is a small mark hidden from screen readers that adds no text; the rule keeps its English in its menu', async () => {
      const page = await open('/ja/102/');
      const rule = page.locator('[id="102.2"]');
      // 102.2 プレイヤー|対戦相手 (プレイヤーの対戦相手: the の was lost between two terms).
      expect(await rule.locator('.gap').count()).toBe(1);
      expect(await rule.locator('.gap').getAttribute('aria-hidden')).toBe('true');
      expect(await rule.getByRole('img').count()).toBe(0);
      // The rule's text without the site's own controls: the gap adds nothing.
      expect(await rule.locator('p.rb').first().textContent()).toBe('102.2. 2人対戦においては、プレイヤー対戦相手とはもう一方のプレイヤーのことである。');
      // One note for screen readers, and the English (today's, for the current edition) in the rule's menu.
      expect(await rule.locator('.sr-only').count()).toBe(1);
      expect(await rule.locator('details.rm a[hreflang="en"]').first().getAttribute('href')).toBe('/en/102/#102.2');
      await page.close();
      // The translation as published links the English of its own edition.
      const published = await open('/ja/2019-01-25/102/');
      expect(await published.locator('[id="102.2"] details.rm a[hreflang="en"]').first().getAttribute('href')).toMatch(/\/en\/2019-01-25\/102\/#102\.2$/);
      await published.close();
    });

    test('a restored character is shown as inserted, with its English evidence', async () => {
      // Today's 121.4 (drawing from an empty library) is the 2019 translation's 120.4.
      const page = await open('/ja/121/');
      const ins = page.locator('[id="121.4"] ins.rst');
      expect(await ins.count()).toBe(1);
      expect(await ins.textContent()).toBe('引');
      expect(await ins.getAttribute('title')).toContain('draw');
      await page.close();
    });

    test('a lost section title shows the English one, marked; glossary notes and damage are shown', async () => {
      let page = await open('/ja/203/');
      expect(await page.locator('h1 [lang="en"]').textContent()).toBe('Illustration');
      expect(await page.locator('h1 abbr.fb').count()).toBe(1);
      await page.close();
      // ブロックされない（ぶろっくされない）: on the は row's page.
      page = await open('/ja/glossary/ha/');
      const dd = page.locator('[id="g-ブロックされない"] + dd');
      expect(await dd.locator('aside.tn').textContent()).toContain('Unblockableが廃語になりました');
      expect(await dd.locator('.dmg').count()).toBe(1);
      await page.close();
    });
  });

  describe('mobile viewport', () => {
    test('a section page fits a phone screen without horizontal scrolling', async () => {
      const mobile = await site.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
      for (const path of ['/ko/702/', '/ja/parallel/702/', '/en/', '/en/glossary/', '/en/glossary/t/', '/ja/glossary/ka/']) {
        const page = await open(path, mobile);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
        await page.close();
      }
      await mobile.close();
    });
  });

  describe('engine sandbox on the real 2019-01-25 pages', () => {
    test.each([
      // The Japanese example names its cards in 《…》, and the sandbox uses those names (issue 12).
      // The translations as published (2019-01-25): today's 510.1c is another rule (damage assignment order is gone).
      ['/ja/2019-01-25/510/', 'サンドボックスを開く', '《群れの護衛》: 墓地', '《群れの護衛》: 戦場、0/4'],
      ['/ko/2019-01-25/510/', '샌드박스 열기', 'Pride Guardian: 무덤', 'Pride Guardian: 전장, 0/4'],
      ['/en/2019-01-25/510/', 'Open sandbox', 'Pride Guardian: graveyard', 'Pride Guardian: battlefield, 0/4'],
    ])('%s: the combat example of 510.1c opens, steps, and a changed toughness changes the outcome', async (path, label, dies, survives) => {
      const page = await open(path);
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      const openBtn = page.locator('[data-example="510.1c:1"] ~ .cr-sbx-slot [data-sbx-open], [data-example="510.1c:1"] [data-sbx-open]').first();
      await openBtn.waitFor({ timeout: 15_000 });
      expect(await openBtn.textContent()).toBe(label);
      // Nothing of the widget is loaded before the reader asks for it.
      expect(requested.some((u) => u.includes('/sandbox/scenarios/'))).toBe(false);
      await openBtn.click();
      const root = page.locator('[data-sbx-root]').first();
      await root.waitFor();
      const step = root.locator('[data-sbx-step]');
      for (let i = 0; i < 6; i++) await step.click();
      const lines = root.locator('[data-sbx-outcome-lines]');
      expect(await lines.textContent()).toContain(dies);
      // Rule chips link to this language's anchors of the edition being read (2019-01-25, version-pinned).
      const chip = root.locator('[data-sbx-stepitem="4"] [data-sbx-illegal] .cr-sbx-chip');
      const lang = path.split('/')[1];
      expect(await chip.getAttribute('href')).toBe(`/${lang}/2019-01-25/510.1c/`);
      await root.locator('input[data-sbx-knob="1"][data-sbx-part="1"]').fill('4');
      await root.locator('[data-sbx-run]').click();
      expect(await root.locator('[data-sbx-modified]').count()).toBe(1);
      expect(await lines.textContent()).toContain(survives);
      await page.close();
    });
  });

});
