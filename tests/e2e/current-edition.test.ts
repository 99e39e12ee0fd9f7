/**
 * The current Japanese and Korean editions in Chromium, on a phone and a desktop: the switches keep the rule
 * across a renumbering (English 2026 120.4 ↔ Japanese 2026 120.4 = 2019's 119.4; 2019's 120.4 ↔ today's 121.4),
 * short addresses mean today's numbers, an outdated rule shows today's English and what changed, an untranslated
 * one says so in the page's language, the marks of what the source lost are quiet (no image inside a word for a
 * screen reader) and can be hidden, and axe finds nothing serious, light and dark.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { onPhoneAndDesktop, useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;

/** Clicks a switch link by its base (visible or inside a closed menu: the page script handles the click). */
async function follow(page: Page, selector: string, urlPattern: RegExp): Promise<void> {
  await page.waitForSelector('html[data-cr-ready]');
  await page.evaluate((s) => (document.querySelector(s) as HTMLElement).click(), selector);
  await page.waitForURL(urlPattern, { timeout: 20_000 });
}

const ruleText = (page: Page, n: string) => page.locator(`[id="${n}"] > .rb`).first().evaluate((el) => {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.tr-badge, .num').forEach((x) => x.remove());
  return copy.textContent!.trim();
});

suite('the current editions (2026-01-16) in Japanese and Korean', () => {
  const site = useBrowserSite();

  onPhoneAndDesktop(site, (ctx) => {
    test('English 2026 120.4 → 日本語: today\'s 120.4 in Japanese (2019\'s 119.4), marked outdated, with today\'s English', async () => {
      const page = await site.open('/en/120/#120.4', { context: ctx(), ready: true });
      await page.locator('nav.lang-nav a[hreflang="ja"]').click();
      await page.waitForURL(/\/ja\/120\/#120\.4$/, { timeout: 20_000 });
      expect(await ruleText(page, '120.4')).toBe('ダメージは3つの手順で処理される。');
      expect(await page.locator('[id="120.4"] .tr-badge').textContent()).toBe('翻訳が古い');
      expect(await page.locator('[id="120.4"] .tr-en [lang="en"]').first().textContent()).toBe('Damage is processed in a four-part sequence.');
      // The English word diff since 2019, in its fold.
      await page.locator('[id="120.4"] .tr-diff summary').click();
      expect(await page.locator('[id="120.4"] .tr-diff del').first().textContent()).toContain('three');
      await page.close();
    });

    test('the edition switch follows the rule: 2019\'s 120.4 (drawing) is today\'s 121.4, today\'s 120.4 was 119.4', async () => {
      let page = await site.open('/ja/2019-01-25/120/#120.4', { context: ctx(), ready: true });
      await follow(page, 'details.eds a[data-switch="/ja/"]', /\/ja\/121\/#121\.4$/);
      expect(await ruleText(page, '121.4')).toContain('ライブラリー');
      await page.close();
      page = await site.open('/ja/120/#120.4', { context: ctx(), ready: true });
      await follow(page, 'details.eds a[data-switch="/ja/2019-01-25/"]', /\/ja\/2019-01-25\/119\/#119\.4$/);
      expect(await ruleText(page, '119.4')).toBe('ダメージは3つの手順で処理される。');
      await page.close();
    });

    test('a rule the other edition lacks: the switch lands on the nearest place and says so (123.1, new since 2019)', async () => {
      const page = await site.open('/ja/123/#123.1', { context: ctx(), ready: true });
      await follow(page, 'details.eds a[data-switch="/ja/2019-01-25/"]', /\/ja\/2019-01-25\/$/);
      await page.waitForSelector('html[data-cr-ready]');
      expect(await page.locator('main [data-absent]').textContent()).toBe('2026-01-16版の規則123.1はこの版にありません。最も近い箇所を表示しています。');
      // Said once: a reload does not repeat it.
      await page.reload();
      await page.waitForSelector('html[data-cr-ready]');
      expect(await page.locator('main [data-absent]').count()).toBe(0);
      await page.close();
    });

    test('the language switch of the 2019 translation goes to the 2019 English, same rule', async () => {
      const page = await site.open('/ja/2019-01-25/120/#120.4', { context: ctx(), ready: true });
      await follow(page, 'nav.lang-nav a[hreflang="en"]', /\/en\/2019-01-25\/120\/#120\.4$/);
      expect(await ruleText(page, '120.4')).toContain('attempts to draw a card from a library with no cards');
      await page.close();
    });

    test('/ko/120.4/ opens today\'s damage rule; an untranslated rule says so in Korean and is marked English', async () => {
      let page = await site.open('/ko/120.4/', { context: ctx() });
      await page.waitForURL(/\/ko\/120\/#120\.4$/, { timeout: 20_000 });
      expect(await ruleText(page, '120.4')).toContain('피해');
      await page.close();
      page = await site.open('/ko/123/', { context: ctx(), ready: true });
      const rule = page.locator('[id="123.1"]');
      expect(await rule.locator('.tr-badge').textContent()).toBe('미번역');
      expect(await rule.locator('.tr-note').textContent()).toBe('번역 이후 추가된 규칙입니다. 2026-01-16판 영어 원문을 표시합니다.');
      expect(await rule.locator('.rb > [lang="en"]').first().textContent()).toMatch(/^A sticker/);
      await page.close();
    });
  });

  test('a gap-heavy rule (120.5) reads as a sentence: no image inside the words, one note for the rule', async () => {
    const context = await site.browser.newContext();
    const page = await site.open('/ja/120/#120.5', { context, ready: true });
    const rule = page.locator('[id="120.5"]');
    expect(await rule.locator('.gap').count()).toBeGreaterThan(3);
    expect(await rule.getByRole('img').count()).toBe(0);
    const snapshot = await rule.locator('> .rb').first().ariaSnapshot();
    expect(snapshot).not.toContain('img');
    expect(await rule.locator('.sr-only').textContent()).toBe('原典で文字が失われています。');
    // The reader hides the marks; the choice holds on the next page.
    await page.locator('[data-notices] summary').click();
    await page.locator('button[data-marks-toggle]').click();
    expect(await page.locator('button[data-marks-toggle]').getAttribute('aria-pressed')).toBe('false');
    expect(await rule.locator('.gap').first().isVisible()).toBe(false);
    const next = await site.open('/ja/121/', { context, ready: true });
    expect(await next.evaluate(() => document.documentElement.dataset['marks'])).toBe('off');
    await context.close();
  });

  test.each(['light', 'dark'] as const)('axe: nothing serious on the current editions\' pages (%s)', async (scheme) => {
    {
      const context = await site.browser.newContext({ colorScheme: scheme });
      for (const path of ['/ja/120/', '/ko/123/', '/ja/', '/ja/2019-01-25/120/']) {
        const page = await site.open(path, { context, ready: true });
        await page.locator('[data-notices] summary').first().click();
        const menu = page.locator('details.rm summary').first();
        if (await menu.count()) await menu.click();
        const result = await new AxeBuilder({ page }).analyze();
        const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${path} ${scheme}: ${v.id} ${v.nodes.length}`);
        expect(serious).toEqual([]);
        await page.close();
      }
      await context.close();
    }
  }, 300_000);
});
