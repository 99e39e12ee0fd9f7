/**
 * A saved edition is whole offline (issue 24.2): after "save this edition" on the Japanese site and with
 * the server gone, the instant search answers from the saved bundles, a short rule address opens the
 * rule's page, a reference's preview opens from the saved section file, the English edition its pages
 * link to opens too, and a page that was not saved shows the offline page in Japanese only.
 */
import { expect, test } from 'vitest';
import { PHONE, startServer, useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

needs(BROWSER).describe('a saved edition offline', () => {
  const web = useBrowserSite();

  test('search, a short address, a preview, the English it links to, and the offline page in the page’s language', async () => {
    const { server, url } = await startServer();
    const ctx = await web.browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(`${url}ja/`);
    await page.waitForFunction(() => document.documentElement.dataset['crOffline'] === 'ready', undefined, { timeout: 30_000 });
    await expect.poll(() => page.textContent('[data-offline-status]')).toMatch(/^\d+ ページ、/);
    await page.click('[data-offline-save]');
    await expect.poll(() => page.textContent('[data-offline-status]'), { timeout: 240_000, interval: 1000 }).toMatch(/^オフライン用に保存済み（[\d.]+ MB）。$/);
    server.closeAllConnections();
    server.close();
    await ctx.setOffline(true);

    // A short address: no file of its own; the offline page finds the rule's page in the saved rule index.
    await page.goto(`${url}ja/704.5j/`);
    await page.waitForURL(/\/ja\/704\/#704\.5j$/);
    expect(await page.locator('[id="704.5j"]').count()).toBe(1);

    // A preview of a reference, from the saved section file (focus shows it, as a keyboard reader would).
    await page.goto(`${url}ja/702/`);
    await page.waitForFunction(() => document.documentElement.dataset['crReady'] === '1');
    // 702's page refers to 302.6 (summoning sickness): another section, so its data comes from sections/302.json.
    const ref = page.locator('a[data-r$="/302.6"]').first();
    await ref.focus();
    await expect.poll(() => page.locator('#cr-pop').textContent(), { timeout: 10_000 }).toMatch(/302\.6/);

    // The instant search, from the saved bundles.
    const input = page.locator('input[data-cr-search]').first();
    await input.click();
    await input.pressSequentially('トランプル', { delay: 5 });
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-cr-search-results]')?.dataset['part'] === 'full', undefined, { timeout: 20_000 });
    expect(await page.$$eval('[data-cr-search-results] li', (lis) => lis.map((li) => (li as HTMLElement).dataset['number']))).toContain('702.19');

    // The English edition the Japanese pages link to was saved with it.
    await page.goto(`${url}en/702/`);
    expect(await page.locator('[id="702.2"]').count()).toBe(1);

    // A page that was not saved: the offline page, in Japanese only.
    await page.goto(`${url}ja/2019-01-25/702/`);
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    expect(await page.locator('[data-off-lang="ja"]').isVisible()).toBe(true);
    expect(await page.locator('[data-off-lang="en"]').isVisible()).toBe(false);
    await ctx.close();
  }, 400_000);

  test('the save control is reachable from the menu of any page (phone)', async () => {
    const ctx = await web.browser.newContext(PHONE);
    const page = await web.open('/ja/702/', { context: ctx, ready: true });
    await page.click('button.menu-btn');
    await page.click('#cr-menu [data-offline-link]');
    await page.waitForURL(/\/ja\/#off-h$/);
    await page.waitForFunction(() => document.documentElement.dataset['crOffline'] === 'ready', undefined, { timeout: 30_000 });
    expect(await page.locator('[data-offline-save]').isVisible()).toBe(true);
    await ctx.close();
  });
});
