/**
 * The sandbox on a phone (390×844, touch; issue 23): in one column the board comes right under the controls, ahead of
 * the steps; a past step folds what it did into a closed disclosure while the current one shows it; Escape closes the
 * widget and gives the focus back to its button; a scenario with nothing to change shows no empty "change a value"
 * panel; nothing is wider than the screen. In English, Japanese and Korean.
 */
import { beforeAll, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PHONE, useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;

suite('the sandbox on a phone', () => {
  const site = useBrowserSite();
  let phone: BrowserContext;
  beforeAll(async () => {
    phone = await site.browser.newContext(PHONE);
  });

  async function openSandbox(path: string, example: string): Promise<{ page: Page; root: ReturnType<Page['locator']>; button: ReturnType<Page['locator']> }> {
    const page = await site.open(path, { context: phone, ready: true });
    const button = page.locator(`[data-example="${example}"] ~ .cr-sbx-slot [data-sbx-open], [data-example="${example}"] [data-sbx-open]`).first();
    await button.waitFor({ timeout: 15_000 });
    await button.click();
    const root = page.locator('[data-sbx-root]').first();
    await root.waitFor();
    return { page, root, button };
  }

  test.each(['en', 'ja', 'ko'])('%s: board right under the controls, past steps folded, Escape closes', async (lang) => {
    // the combat example of 510.1c (2019-01-25): six steps, values to change
    const { page, root, button } = await openSandbox(`/${lang}/2019-01-25/510/`, '510.1c:1');
    const step = root.locator('[data-sbx-step]');
    for (let i = 0; i < 3; i++) await step.click();
    const controls = (await root.locator('.cr-sbx-controls').boundingBox())!;
    const board = (await root.locator('[data-sbx-board]').boundingBox())!;
    const steps = (await root.locator('[data-sbx-steps]').boundingBox())!;
    // the board before the steps, separated from the controls only by the status line and the board's heading
    expect(board.y).toBeLessThan(steps.y);
    expect(board.y - (controls.y + controls.height)).toBeLessThan(120);
    // steps 1 and 2 are past: folded and closed; step 3, the current one, shows what it did
    expect(await root.locator('details[data-sbx-past]').count()).toBe(2);
    expect(await root.locator('details[data-sbx-past][open]').count()).toBe(0);
    expect(await root.locator('[data-sbx-stepitem="2"] > details[data-sbx-past]').count()).toBe(0);
    expect(await root.locator('[data-sbx-stepitem="2"] > details.cr-sbx-trace').isVisible()).toBe(true);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Escape closes the widget; the focus goes back to its button
    await step.focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => root.isVisible()).toBe(false);
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.close();
  });

  test.each(['en', 'ja', 'ko'])('%s: a scenario with nothing to change shows no "change a value" panel', async (lang) => {
    // Lich's Mirror (704.7 of 2026), a scenario without values to change
    const { page, root } = await openSandbox(`/${lang}/704/`, '704.7:1');
    expect(await root.locator('.cr-sbx-knobs').isVisible()).toBe(false);
    await root.locator('[data-sbx-step]').click();
    expect(await root.locator('[data-sbx-outcome]').isVisible()).toBe(true);
    await page.close();
  });
});
