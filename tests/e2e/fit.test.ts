/**
 * Pages that must fit the screen they are read on, in Chromium on a phone and a desktop: a Japanese
 * or Korean section page's translation notices take one line of the first screen (still stating the
 * edition and the latest English, the full notices a tap away), /sources/ shows each sha256 whole in
 * readable groups (every character there and copied as one value) beside columns of readable width,
 * and /en/changes/ scrolls its wide table inside a focusable region with the edition column kept in
 * view, never the page.
 */
import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { getSite, getSources } from '../../src/site/load.ts';
import { editionLag } from '../../src/site/api/history-extras.ts';
import { comparePath } from '../../src/site/history/history-site.ts';
import { onPhoneAndDesktop, useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;

/** The closed notices take one line (a 44 px target; two lines of its 0.85rem text would be over 56 px), and the section's first rule is on the first screen. */
async function expectOneLineAndRules(page: Page, notices: Locator): Promise<void> {
  const closed = (await notices.boundingBox())!;
  expect(closed.height).toBeGreaterThanOrEqual(44);
  expect(closed.height).toBeLessThan(56);
  const first = (await page.locator('article.sec [data-rule]').first().boundingBox())!;
  expect(first.y + 20).toBeLessThan(page.viewportSize()!.height);
}

suite('pages fit their screen in Chromium', () => {
  const web = useBrowserSite();
  const site = getSite();

  onPhoneAndDesktop(web, (ctx, options) => {
    for (const lang of ['ja', 'ko'] as const) {
      test(`/${lang}/2019-01-25/702/: the notices are one closed line with both dates; the rules start on the first screen`, async () => {
        const ed = site.get(lang, '2019-01-25')!;
        const english = site.latest.get('en')!;
        const current = site.latest.get(lang)!;
        const lag = editionLag(ed)!;
        const page = await web.open(`/${lang}/2019-01-25/702/`, { context: ctx(), ready: true });
        const notices = page.locator('main details[data-notices]');
        expect(await notices.count()).toBe(1);
        expect(await notices.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
        const summary = (await notices.locator('summary').textContent())!;
        // Honest while closed: the translation's edition and the latest English, by date.
        expect(summary).toContain(ed.edition);
        expect(summary).toContain(english.edition);
        await expectOneLineAndRules(page, notices);
        // Opened: the notices in full, with their links (the latest English, every change since, the current edition).
        await notices.locator('summary').click();
        // The lag, the current edition, the English changes since, and (Japanese) the source's losses.
        const text = await notices.locator('p[role="note"]').allTextContents();
        expect(text).toHaveLength(lang === 'ja' ? 4 : 3);
        expect(await notices.locator('p[data-lag-summary]').textContent()).toContain(String(lag.counts.changed));
        expect(await notices.locator('p[role="note"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([english.base, current.base, comparePath(lag.from, lag.english)]);
        for (const a of await notices.locator('p[role="note"] a').all()) expect(await a.isVisible()).toBe(true);
        await page.close();
      });

      test(`/${lang}/702/ (the current edition): one closed line with its date and how much is current; counts per part when opened`, async () => {
        const ed = site.latest.get(lang)!;
        const c = ed.info.composed!;
        const page = await web.open(`/${lang}/702/`, { context: ctx(), ready: true });
        const notices = page.locator('main details[data-notices]');
        expect(await notices.count()).toBe(1);
        const summary = (await notices.locator('summary').textContent())!;
        expect(summary).toContain(c.english);
        // The share of current rules, rounded, from the catalog's counts.
        expect(summary).toContain(`${Math.round((100 * c.rules.current) / (c.rules.current + c.rules.outdated + c.rules.untranslated))}%`);
        await expectOneLineAndRules(page, notices);
        await notices.locator('summary').click();
        const rows = await notices.locator('table.tr-counts tbody tr').allTextContents();
        // One row per part (1–9) and the total.
        expect(rows).toHaveLength(10);
        expect(await notices.locator('table.tr-counts tbody tr:last-child td').allTextContents()).toEqual([c.rules.current, c.rules.outdated, c.rules.untranslated].map(String));
        await page.close();
      });
    }

    test('/sources/: each sha256 is monospace, whole, in groups of eight on two lines (phone) or four (desktop table), copied as one value; no column squeezed', async () => {
      // A used document always has its checksum (the data stage verified it).
      const used = getSources().filter((s) => s.status === 'used').map((s) => ({ ...s, sha256: s.sha256! }));
      const page = await web.open('/sources/', { context: ctx(), ready: true });
      const cells = await page.locator('table.sources code.hash').evaluateAll((codes) =>
        codes.map((c) => {
          const spans = [...c.querySelectorAll('span')];
          const tops = new Set(spans.map((s) => Math.round(s.getBoundingClientRect().top)));
          return {
            text: c.textContent,
            groups: spans.map((s) => s.textContent),
            lines: tops.size,
            // A group broken across lines has more than one box.
            broken: spans.filter((s) => s.getClientRects().length > 1).length,
            mono: getComputedStyle(c).fontFamily.includes('monospace'),
            right: c.getBoundingClientRect().right,
          };
        }),
      );
      expect(cells).toHaveLength(used.length);
      const width = options.viewport!.width;
      for (const [i, c] of cells.entries()) {
        expect(c.text).toBe(used[i]!.sha256);
        expect(c.text).toMatch(/^[0-9a-f]{64}$/);
        expect(c.groups).toEqual(used[i]!.sha256.match(/.{8}/g));
        expect([c.lines, c.broken, c.mono, c.right <= width]).toEqual([width < 500 ? 2 : 4, 0, true, true]);
      }
      // Selected and copied, the value comes out whole, without the gaps between groups.
      const selected = await page.locator('table.sources code.hash').first().evaluate((c) => {
        const range = document.createRange();
        range.selectNodeContents(c);
        const sel = getSelection()!;
        sel.removeAllRanges();
        sel.addRange(range);
        return sel.toString();
      });
      expect(selected).toBe(used[0]!.sha256);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // No column squeezed to a sliver on the desktop (the "Where from" column once broke letter by letter).
      const narrow = await page.locator('table.sources thead th').evaluateAll((ths) => ths.filter((th) => th.getBoundingClientRect().width > 0 && th.getBoundingClientRect().width < 48).map((th) => th.textContent));
      expect(narrow).toEqual([]);
      // On a desktop the whole table is in view (no sideways scrolling inside its box).
      if (width >= 1000) expect(await page.locator('.table-wrap:has(table.sources)').evaluate((w) => w.scrollWidth <= w.clientWidth)).toBe(true);
      await page.close();
    });

    test('/en/changes/: the page never scrolls sideways; the table scrolls in a named, focusable region with its edition column kept', async () => {
      const page = await web.open('/en/changes/', { context: ctx(), ready: true });
      const width = options.viewport!.width;
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const wrap = page.locator('.table-wrap:has(table.eds-table)');
      expect([await wrap.getAttribute('tabindex'), await wrap.getAttribute('role'), !!(await wrap.getAttribute('aria-label'))]).toEqual(['0', 'region', true]);
      const row = page.locator('table.eds-table tbody tr').first();
      const scrolled = await wrap.evaluate((w) => {
        w.scrollLeft = w.scrollWidth;
        return w.scrollLeft;
      });
      // Whether the table is wider than its region depends on the screen; wherever it scrolls, the edition stays.
      const cell = (await row.locator('td').first().boundingBox())!;
      const box = (await wrap.boundingBox())!;
      expect(cell.x).toBeGreaterThanOrEqual(box.x - 1);
      if (width < 500) expect(scrolled).toBeGreaterThan(0);
      // The edition cell is painted over the numbers that scroll under it (an opaque background).
      expect(await row.locator('td').first().evaluate((td) => getComputedStyle(td).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      await page.close();
    });
    // A desktop's header only (a phone's header spans the screen as the text does).
    if (!options.isMobile) for (const path of ['/en/changes/', '/ja/history/?n=702.19b', '/ko/changes/compare/']) {
      test(`${path}: a page without a sidebar has its header on the text's column`, async () => {
        const page = await web.open(path, { context: ctx(), ready: true });
        const brand = (await page.locator('header .brand').boundingBox())!;
        const search = (await page.locator('header .cr-search input').first().boundingBox())!;
        // The text's first line: the crumbs, or the heading where there are none.
        const crumbs = (await page.locator('main .crumbs, main h1').first().boundingBox())!;
        const row = (await page.locator('header .top-row').first().boundingBox())!;
        const main = (await page.locator('main').boundingBox())!;
        const pad = await page.locator('main').evaluate((m) => parseFloat(getComputedStyle(m).paddingRight));
        expect(Math.abs(brand.x - crumbs.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(search.x - crumbs.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(row.x + row.width - (main.x + main.width - pad))).toBeLessThanOrEqual(1);
        await page.close();
      });
    }
    for (const lang of ['en', 'ja', 'ko'] as const) {
      test(`/${lang}/702/: the go-to and search placeholders are whole; on a desktop the header sits on the page's grid`, async () => {
        const page = await web.open(`/${lang}/702/`, { context: ctx(), ready: true });
        // A placeholder fits when the same text typed in would not scroll its field.
        const fits = (sel: string) => page.locator(sel).evaluate((el) => {
          const input = el as HTMLInputElement;
          input.value = input.placeholder;
          const ok = input.scrollWidth <= input.clientWidth;
          input.value = '';
          return ok;
        });
        expect(await fits('[data-cr-goto-input]')).toBe(true);
        expect(await fits('header input[data-cr-search]')).toBe(true);
        if (!options.isMobile) {
          // The search starts where the text column does, the go-to box where the contents do.
          const search = (await page.locator('header .cr-search input').first().boundingBox())!;
          const text = (await page.locator('main h1').first().boundingBox())!;
          const goto = (await page.locator('header form.goto').boundingBox())!;
          const side = (await page.locator('.side').first().boundingBox())!;
          expect(Math.abs(search.x - text.x)).toBeLessThanOrEqual(1);
          expect(Math.abs(goto.x - side.x)).toBeLessThanOrEqual(1);
        }
        await page.close();
      });
    }
  });
});
