/**
 * Accessibility measured with axe-core in Chromium: every page kind (home, section, a rule's redirect
 * as landed, glossary, parallel view, full-text search with results, go-to, not-found, a section page
 * with the engine sandbox open) in light and dark mode, on a desktop and a phone. Fails on any serious
 * or critical violation, and on the landmark findings the review named (duplicate landmarks, content
 * outside a landmark), with the preview popover open so it is checked too. The instant-search
 * dropdown is checked open, in each language, with its rows from the full text and the second row
 * made active by the keyboard (glossary rows, snippets with highlights, the active-row style); also
 * open with no results (the empty state and its hint).
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;

/** Findings that fail the suite whatever axe's impact rating (moderate ones the review listed). */
const ALWAYS = new Set(['landmark-unique', 'region', 'landmark-no-duplicate-banner', 'landmark-no-duplicate-contentinfo', 'landmark-no-duplicate-main']);

/**
 * Types a query into the header's instant-search box and waits until the open dropdown shows the
 * answer to it from the full text (not only the first, small download), then moves the active row.
 */
async function openDropdown(page: Page, query: string, arrows: number): Promise<void> {
  const input = page.locator('input[data-cr-search]').first();
  await input.click();
  await input.fill(query);
  await page.waitForFunction(
    (q) => {
      const list = document.querySelector<HTMLElement>('[data-cr-search-root] [data-cr-search-results]');
      const panel = document.querySelector<HTMLElement>('[data-cr-search-panel]');
      return list?.dataset['part'] === 'full' && list.dataset['q'] === q && panel !== null && !panel.hidden;
    },
    query,
    { timeout: 30_000 },
  );
  for (let i = 0; i < arrows; i++) await input.press('ArrowDown');
  if (arrows > 0) await page.waitForSelector('[data-cr-search-results] li[aria-selected="true"]');
}

interface Kind {
  name: string;
  path: string;
  /** Brings the page into the state to check (after load). */
  prepare?: (page: Page) => Promise<void>;
}

const KINDS: Kind[] = [
  { name: 'home en', path: '/en/' },
  { name: 'home ja', path: '/ja/' },
  { name: 'home ko', path: '/ko/' },
  { name: 'landing', path: '/' },
  {
    name: 'section en (preview open)',
    path: '/en/702/2/',
    prepare: async (page) => {
      await page.locator('main a[data-r]').first().focus();
      await page.waitForSelector('#cr-pop:not([hidden])');
    },
  },
  { name: 'section ja', path: '/ja/702/2/' },
  { name: 'section ko', path: '/ko/601/' },
  { name: 'rule redirect', path: '/en/702.19b/', prepare: (page) => page.waitForFunction(() => location.hash === '#702.19b').then(() => undefined) },
  { name: 'glossary index ja', path: '/ja/glossary/' },
  {
    name: 'glossary index en (filter open)',
    path: '/en/glossary/',
    prepare: async (page) => {
      await page.fill('[data-gl-q]', 'tra');
      await page.waitForSelector('.gl-results:not([hidden]) a');
    },
  },
  { name: 'glossary group ja', path: '/ja/glossary/ka/' },
  { name: 'glossary group en', path: '/en/glossary/t/' },
  { name: 'glossary pairs ko', path: '/ko/glossary/d/' },
  { name: 'parallel ja', path: '/ja/parallel/702/2/' },
  { name: 'parallel ko', path: '/ko/parallel/601/' },
  {
    name: 'search with results',
    path: '/en/search/?q=trample',
    prepare: (page) => page.waitForFunction(() => document.querySelectorAll('main a[href*="702"]').length > 0, undefined, { timeout: 20_000 }).then(() => undefined),
  },
  { name: 'search with results ja', path: '/ja/search/?q=%E3%83%88%E3%83%A9%E3%83%B3%E3%83%97%E3%83%AB', prepare: (page) => page.waitForFunction(() => document.querySelectorAll('main a[href*="702"]').length > 0, undefined, { timeout: 20_000 }).then(() => undefined) },
  { name: 'instant search open en', path: '/en/', prepare: (page) => openDropdown(page, 'trample', 1) },
  { name: 'instant search open ja', path: '/ja/', prepare: (page) => openDropdown(page, '防御プレイヤー', 1) },
  { name: 'instant search open ko', path: '/ko/', prepare: (page) => openDropdown(page, '돌진', 1) },
  { name: 'instant search, no results', path: '/en/702/', prepare: (page) => openDropdown(page, 'zzqxv', 0) },
  { name: 'go-to', path: '/go/' },
  { name: 'not found', path: '/en/no-such-page/' },
  {
    name: 'sandbox open',
    path: '/en/2019-01-25/510/',
    prepare: async (page) => {
      const open = page.locator('[data-sbx-open]').first();
      await open.waitFor({ timeout: 20_000 });
      await open.click();
      await page.waitForSelector('.cr-sbx-host:not([hidden]) [data-sbx-root]', { timeout: 20_000 });
    },
  },
];

suite('accessibility (axe-core) in Chromium', () => {
  const site = useBrowserSite();

  for (const viewport of ['desktop', 'phone'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`${viewport}, ${scheme}: no serious or critical violation on any page kind`, async () => {
        const ctx = await site.browser.newContext(
          viewport === 'phone'
            ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: scheme }
            : { viewport: { width: 1280, height: 900 }, colorScheme: scheme },
        );
        const found: string[] = [];
        for (const kind of KINDS) {
          const page = await site.open(kind.path, { context: ctx, ready: true });
          await page.emulateMedia({ colorScheme: scheme });
          await kind.prepare?.(page);
          const result = await new AxeBuilder({ page }).analyze();
          for (const v of result.violations) {
            if (v.impact !== 'serious' && v.impact !== 'critical' && !ALWAYS.has(v.id)) continue;
            for (const n of v.nodes.slice(0, 5)) found.push(`${kind.name}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`);
            if (v.nodes.length > 5) found.push(`${kind.name}: ${v.id} … and ${v.nodes.length - 5} more`);
          }
          await page.close();
        }
        await ctx.close();
        expect(found).toEqual([]);
      }, 300_000);
    }
  }
});
