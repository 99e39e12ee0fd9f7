/**
 * The history in a real browser (Debian's Chromium) on the built site: the any-two page computes the
 * same diff as the build (src/history/diff.ts on the store), pinned permalinks of editions without
 * pages land on the rule's history and say what the number is today, and rules link to their history.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { useBrowserSite } from './support.ts';
import { BROWSER, SHARED, needs } from '../inputs.ts';
import { readHistory } from '../../src/pipeline/generated.ts';
import { diffEditions } from '../../src/history/diff.ts';

const suite = needs(BROWSER, SHARED).describe;

suite('history pages in Chromium', () => {
  // Errors (any but the expected 404 of a page address) are checked after the tests that ran.
  const site = useBrowserSite();
  let phone: BrowserContext;
  beforeAll(async () => {
    phone = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
  });
  const open = (path: string): Promise<Page> => site.open(path, { context: phone });

  describe('any two editions', () => {
    test('2016-07-22 → 2026-01-16 in the browser equals the build’s diff of the same store', async () => {
      const page = await open('/en/changes/compare/?old=2016-07-22&new=2026-01-16');
      await page.waitForFunction(() => document.documentElement.dataset['compared'] === '2016-07-22...2026-01-16', null, { timeout: 60_000 });
      const shown = await page.$$eval('[data-compare-result] .dsum tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => Number(td.textContent))));
      const d = diffEditions(readHistory(), '2016-07-22', '2026-01-16');
      const row = (c: typeof d.summary.rules) => [c.added, c.removed, c.changed, c.moved, c['moved-changed'], c.referencesOnly, c.typographyOnly];
      expect(shown).toEqual([row(d.summary.rules), row(d.summary.examples), row(d.summary.glossary)]);
      // The changes shown by default (grouped, sections closed): every real change of the build's diff, none of the
      // references- or typography-only ones.
      const shownCount = Number(await page.locator('[data-compare-shown]').getAttribute('data-compare-shown'));
      expect(shownCount).toBe([...d.rules, ...d.examples, ...d.glossary].filter((e) => !e.only).length);
      await page.close();
    });
    test('choosing editions in the form recomputes and keeps the choice in the address', async () => {
      const page = await open('/en/changes/compare/');
      await page.selectOption('select[name=old]', '2025-11-14');
      await page.selectOption('select[name=new]', '2026-01-16');
      await page.click('form[data-compare] button');
      await page.waitForFunction(() => document.documentElement.dataset['compared'] === '2025-11-14...2026-01-16', null, { timeout: 60_000 });
      expect(new URL(page.url()).search).toBe('?old=2025-11-14&new=2026-01-16');
      await page.fill('form[data-compare-filter] input[name=q]', '702.124');
      // Read by hand in the two texts: 702.124m (Choose a Background) became 702.124k.
      // The filtered section opens with its texts (this small consecutive pair's diff file holds them).
      const moved = () => page.$$eval('[data-compare-result] .de-moved .de-h', (hs) => hs.map((h) => h.textContent!.replace(/\s+/g, ' ').trim()));
      await expect.poll(moved).toContain('moved 702.124m → 702.124k');
      await page.close();
    });
  });

  describe('what the compare page downloads', () => {
    /** Opens `path` in a context of its own and gives the history's files it asked for (paths under /api/en/). */
    const openCounting = async (path: string) => {
      const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
      const paths: string[] = [];
      context.on('request', (r) => {
        const p = new URL(r.url()).pathname;
        if (p.startsWith('/api/en/')) paths.push(p.slice('/api/en/'.length));
      });
      return { page: await site.open(path, { context }), paths, context };
    };
    test('a small consecutive pair reads its own diff file (texts and section titles) and no slice', async () => {
      const { page, paths, context } = await openCounting('/en/changes/compare/?old=2025-11-14&new=2026-01-16');
      await page.waitForFunction(() => document.documentElement.dataset['compared'] === '2025-11-14...2026-01-16', null, { timeout: 60_000 });
      expect(paths.filter((p) => !p.startsWith('history/outline'))).toEqual(['changes/2025-11-14...2026-01-16.json']);
      // Every change of the build's diff is shown, open, with its text; the sections are titled as in 2026-01-16.
      const d = diffEditions(readHistory(), '2025-11-14', '2026-01-16');
      const shown = [...d.rules, ...d.examples, ...d.glossary].filter((e) => !e.only);
      expect(await page.locator('[data-compare-result] li.de').count()).toBe(shown.length);
      expect(await page.locator('[data-compare-result] details.cmp-sec[data-section="205"] > summary').textContent()).toContain('205. Type Line');
      expect(await page.locator('[data-compare-result] li.de', { has: page.locator('.de-h a', { hasText: /^205\.3m$/ }) }).locator('.dt ins').allTextContents()).toEqual(['Sorcerer, ']);
      await context.close();
    });
    test('any other pair: the outline, then only the parts of the slices its opened sections need', async () => {
      const { page, paths, context } = await openCounting('/en/changes/compare/?old=2019-01-25&new=2026-01-16&q=702.19');
      await page.waitForFunction(() => document.documentElement.dataset['compared'] === '2019-01-25...2026-01-16', null, { timeout: 60_000 });
      const slices = paths.filter((p) => p.startsWith('history/slices/')).sort();
      // 702.19's chains are in a few of the parts section 702 is cut in (not the whole section: a dozen parts), its
      // glossary entry in one part of the glossary; a number filter also reads the numbers the glossary's texts cite.
      const of702 = slices.filter((p) => /^history\/slices\/702(-\d+)?\.json$/.test(p));
      expect(of702.length).toBeGreaterThan(0);
      expect(of702.length).toBeLessThanOrEqual(3);
      expect(slices.filter((p) => !of702.includes(p))).toEqual([expect.stringMatching(/^history\/slices\/glossary-\d+\.json$/)]);
      expect(paths).toContain('history/outline.json');
      expect(paths).toContain('history/glossary-numbers.json');
      expect(paths).not.toContain('history/store.json');
      await context.close();
    });
  });

  describe('long rules, context-trimmed', () => {
    test('205.3m on the pair page and on the any-two page: the added type with context, the rest folded and openable', async () => {
      const pair = await open('/en/changes/2025-11-14...2026-01-16/');
      const dt = pair.locator('[id="r-205.3m"] .dt');
      expect(await dt.locator('ins').allTextContents()).toEqual(['Sorcerer, ']);
      expect(await dt.locator('details.ctx').count()).toBe(2);
      // Folded, the long runs take one line each; the whole text is still in the page.
      expect(await dt.locator('details.ctx[open]').count()).toBe(0);
      const d = diffEditions(readHistory(), '2025-11-14', '2026-01-16').rules.find((e) => e.new === '205.3m')!;
      const full = d.words!.map((w) => w[1]).join('');
      const textOf = (html: Page) => html.locator('[id="r-205.3m"] .dt').evaluate((el) => [...el.querySelectorAll('.words, .ctx-text')].map((x) => x.textContent).join(''));
      expect(await textOf(pair)).toBe(full);
      const box = await dt.boundingBox();
      await dt.locator('details.ctx summary').first().click();
      expect((await dt.boundingBox())!.height).toBeGreaterThan(box!.height * 3);
      const labels = await dt.locator('details.ctx summary').allTextContents();
      await pair.close();

      const cmp = await open('/en/changes/compare/?old=2025-11-14&new=2026-01-16&q=205.3m');
      await cmp.waitForFunction(() => document.documentElement.dataset['compared'] === '2025-11-14...2026-01-16', null, { timeout: 60_000 });
      const entry = cmp.locator('[data-compare-result] li.de', { has: cmp.locator('.de-h a', { hasText: /^205\.3m$/ }) });
      expect(await entry.locator('.dt ins').allTextContents()).toEqual(['Sorcerer, ']);
      expect(await entry.locator('.dt details.ctx summary').allTextContents()).toEqual(labels);
      expect(await entry.locator('.dt').evaluate((el) => [...el.querySelectorAll('.words, .ctx-text')].map((x) => x.textContent).join(''))).toBe(full);
      await cmp.close();
    });
  });

  describe('counts in words (the history strings, src/i18n: plural forms by Intl.PluralRules)', () => {
    test('2015-01-23 → 2015-03-27 says "1 rule …" and "2 rules …", on the built pair page and on the any-two page', async () => {
      // Read by hand in the two texts: 701.31c's only change is its reference 702.36d → 702.36e (renumbered);
      // 118.1d and 708.6a each lose a doubled space (typography). Examples and glossary have neither.
      const expected = ['1 rule with only references renumbered', '2 rules with only typography changed (quotes, dashes, spacing)'];
      const pair = await open('/en/changes/2015-01-23...2015-03-27/');
      expect(await pair.locator('details.collapsed > summary').allTextContents()).toEqual(expected);
      expect(await pair.locator('details.collapsed').nth(1).locator('.typo-list').textContent()).toBe('118.1d, 708.6a');
      await pair.close();
      // The compare page hides these kinds by default and groups by section (118, 701, 708): asked for every kind,
      // each section says its own.
      const cmp = await open('/en/changes/compare/?old=2015-01-23&new=2015-03-27&kinds=text,moved,added,removed,references,typography');
      await cmp.waitForFunction(() => document.documentElement.dataset['compared'] === '2015-01-23...2015-03-27', null, { timeout: 60_000 });
      expect(await cmp.locator('[data-compare-result] details.collapsed > summary').allTextContents()).toEqual([
        '1 rule with only typography changed (quotes, dashes, spacing)', '1 rule with only references renumbered', '1 rule with only typography changed (quotes, dashes, spacing)',
      ]);
      await cmp.close();
    });
    test('a folded run says how many words it holds, counted here in its own text', async () => {
      const pair = await open('/en/changes/2025-11-14...2026-01-16/');
      const folds = await pair.locator('[id="r-205.3m"] details.ctx').evaluateAll((ds) => ds.map((d) => [d.querySelector('summary')!.textContent, d.querySelector('.ctx-text')!.textContent] as [string, string]));
      expect(folds.length).toBe(2);
      for (const [label, text] of folds) {
        const n = text.trim().split(/\s+/).length;
        // A run is folded only from 20 words on (MIN_HIDDEN_WORDS), so English says "words".
        expect(label.replace(/^… | …$/g, '')).toBe(`${n} unchanged words`);
      }
      await pair.close();
    });
  });

  describe('pinned permalinks of editions without pages', () => {
    test('/en/2015-01-23/103.1a/ lands on the history of 103.1a at that edition and says it is 103.2a today', async () => {
      const page = await open('/en/2015-01-23/103.1a/');
      await page.waitForURL(/\/en\/history\/103\.1a\/\?at=2015-01-23/, { timeout: 15_000 });
      const note = page.locator('[data-history-at]');
      await expect.poll(() => note.textContent(), { timeout: 10_000 }).toContain('Today it is rule 103.2a');
      // The rule numbered 103.1a in 2015 (sideboards) is marked, not the rule numbered 103.1a today.
      expect(await page.locator('.chain-at').count()).toBe(1);
      await page.close();
    });
    test('a file-name date leads to the stated edition and says which is which (/en/2017-01-19/… is 2017-01-20)', async () => {
      // MagicCompRules_20170119.txt says "effective as of January 20, 2017": the site renders it as 2017-01-20.
      const page = await open('/en/2017-01-19/702.19b/');
      await page.waitForURL(/\/en\/2017-01-20\/702\/\?filedate=2017-01-19#702\.19b$/, { timeout: 15_000 });
      const note = page.locator('.file-date-note');
      await expect.poll(() => note.textContent(), { timeout: 10_000 }).toBe('2017-01-19 is the date in the file name of the Comprehensive Rules effective 2017-01-20, the date the document itself states; the site names that edition 2017-01-20.');
      await page.close();
      // An edition without pages (file 2019-06-12, effective 2019-06-14): the rule's history at the stated edition.
      const hist = await open('/en/2019-06-12/103.1a/');
      await hist.waitForURL(/\/en\/history\/103\.1a\/\?at=2019-06-14&filedate=2019-06-12$/, { timeout: 15_000 });
      await expect.poll(() => hist.locator('.file-date-note').textContent(), { timeout: 10_000 }).toContain('effective 2019-06-14');
      await expect.poll(() => hist.locator('[data-history-at]').textContent(), { timeout: 10_000 }).toContain('as of 2019-06-14');
      await hist.close();
      // A crafted date is not believed: no note.
      const crafted = await open('/en/2017-01-20/702/?filedate=1999-01-01');
      await crafted.waitForFunction(() => document.documentElement.dataset['crReady'] === '1');
      await crafted.waitForLoadState('networkidle');
      expect(await crafted.locator('.file-date-note').count()).toBe(0);
      await crafted.close();
    });
    test('a rendered edition keeps its pinned page (2019-01-25) and its rules link to their history', async () => {
      const page = await open('/en/2019-01-25/103.1a/');
      await page.waitForFunction(() => location.hash === '#103.1a', null, { timeout: 10_000 });
      // The history link is in the rule's menu (one control per rule), not a link after every rule.
      const link = page.locator('[id="103.1a"] > .rm a[href^="/en/history/"]');
      expect(await link.getAttribute('href')).toBe('/en/history/103.1a/?at=2019-01-25');
      expect(await page.locator('.hist-link').count()).toBe(0);
      expect(await page.locator('[id="103.1a"] .lag-line').textContent()).toContain('this rule is 103.2a');
      // The lag line links to the change: the rule's history at the edition the page follows.
      expect(await page.locator('[id="103.1a"] .lag-line a').getAttribute('href')).toBe('/en/history/103.1a/?at=2019-01-25');
      await page.close();
    });
  });

  describe('a rule number’s history in Japanese and Korean', () => {
    const shown = (p: Page, n: string) => p.waitForFunction((x) => document.documentElement.dataset['historyShown'] === x, n, { timeout: 60_000 });
    /** What a history page shows, language aside: each rule's editions, timeline anchors, texts and numbers. */
    const outline = (p: Page) => p.locator('[data-chain]').evaluateAll((cs) => cs.map((c) => ({
      spans: (c as HTMLElement).dataset['spans'],
      at: c.classList.contains('chain-at'),
      entries: [...c.querySelectorAll('.timeline > li')].map((li) => [li.id, li.querySelector('time')?.textContent, li.querySelector('.st')?.className, li.querySelector('.mv, .dn')?.textContent ?? null]),
      // The texts without the folds' labels (words of the page's language).
      texts: [...c.querySelectorAll('.dt')].map((d) => (d.querySelector('.words, .ctx-text') ? [...d.querySelectorAll('.words, .ctx-text')].map((x) => x.textContent).join('') : d.textContent)),
      numbers: [...c.querySelectorAll('a')].map((a) => a.textContent!).filter((x) => /^\d{3}(\.\d+[a-z]?)?$/.test(x)),
      links: c.querySelectorAll('a').length,
    })));
    test('/ja/history/?n=702.19b&at=2019-01-25 shows what the English page shows, in Japanese, the 2019 rule marked', async () => {
      const en = await open('/en/history/702.19b/?at=2019-01-25');
      await en.waitForFunction(() => !document.querySelector<HTMLElement>('[data-history-at]')!.hidden);
      const want = await outline(en);
      await en.close();
      const ja = await open('/ja/history/?n=702.19b&at=2019-01-25');
      await shown(ja, '702.19b');
      expect(await outline(ja)).toEqual(want);
      expect(want.filter((c) => c.at)).toHaveLength(1);
      expect(await ja.locator('h1').textContent()).toBe('規則702.19bの履歴');
      expect(await ja.title()).toBe('規則702.19bの履歴 · CR Atlas');
      // Read by hand: 702.17b in 2009, 702.19b since 2013-07-13; the sentences without a space between them.
      expect(await ja.locator('[data-chain] > p').first().textContent()).toBe('2009-09-04に702.17bとして初出。最新版（2026-01-16）では702.19bです。');
      expect(await ja.locator('[data-history-at]').textContent()).toBe('2019-01-25版の規則702.19bへのリンクから来ました。現在は規則702.19bです。');
      // The rules' texts are English, and say so; the other numbers' histories stay in Japanese; the changes open
      // the Japanese compare page.
      expect(await ja.locator('.dt').evaluateAll((ds) => ds.every((d) => d.getAttribute('lang') === 'en'))).toBe(true);
      expect(await ja.locator('[data-chain] p a', { hasText: '702.17b' }).getAttribute('href')).toBe('/ja/history/?n=702.17b');
      expect(await ja.locator('.timeline a').first().getAttribute('href')).toMatch(/^\/ja\/changes\/compare\/\?old=\d{4}-\d{2}-\d{2}&new=\d{4}-\d{2}-\d{2}$/);
      // The language switch opens the same number's history (English: its built page).
      expect(await ja.locator('.lang-nav a[hreflang="en"]').getAttribute('href')).toBe('/en/history/702.19b/?at=2019-01-25');
      expect(await ja.locator('.lang-nav a[hreflang="ko"]').getAttribute('href')).toBe('/ko/history/?n=702.19b&at=2019-01-25');
      await ja.close();
    });
    test('/ko/history/ in Korean: a number that named two rules, a number typed as a reader writes it, an unknown one', async () => {
      const en = await open('/en/history/702.19c/');
      const want = await outline(en);
      await en.close();
      const ko = await open('/ko/history/?n=%EA%B7%9C%EC%B9%99%20702.19C');
      await shown(ko, '702.19c');
      expect(await outline(ko)).toEqual(want);
      expect(want.length).toBeGreaterThan(1);
      expect(await ko.locator('h1').textContent()).toBe('규칙 702.19c의 변경 이력');
      expect(await ko.locator('[data-history-result] > p').first().textContent()).toBe('번호가 바뀌면서 2009-09-04 이후 702.19c 번호는 서로 다른 규칙 ' + want.length + '개에 쓰였습니다. 최신 규칙부터 보여 줍니다.');
      await ko.close();
      const none = await open('/ko/history/?n=999.99');
      await expect.poll(() => none.locator('[data-history-status]').textContent(), { timeout: 30_000 }).toBe('2009-09-04 이후 999.99 번호를 가진 규칙은 없습니다.');
      await none.close();
    });
    test('a Japanese rule’s menu links to its history in Japanese, at the English edition it follows', async () => {
      const page = await open('/ja/2019-01-25/702/2/');
      const href = await page.locator('[id="702.19b"] > .rm a[href*="/history/"]').getAttribute('href');
      expect(href).toBe('/ja/history/?n=702.19b&at=2019-01-25');
      await page.close();
    });
  });

  test('axe finds nothing serious on the history pages, light and dark (folds open, compare computed, ja lag line)', async () => {
    const pages: [string, (p: Page) => Promise<unknown>][] = [
      ['/en/changes/', async () => undefined],
      ['/en/changes/2025-11-14...2026-01-16/', (p) => p.locator('[id="r-205.3m"] details.ctx summary').first().click()],
      ['/en/changes/compare/?old=2024-11-08&new=2026-01-16', (p) => p.waitForFunction(() => document.documentElement.dataset['compared'] !== undefined, null, { timeout: 60_000 })],
      ['/en/history/205.3m/', async () => undefined],
      ['/ja/103/', async () => undefined],
      ['/ja/history/?n=702.19b&at=2019-01-25', (p) => p.waitForFunction(() => document.documentElement.dataset['historyShown'] !== undefined, null, { timeout: 60_000 })],
      ['/ko/history/?n=205.3m', (p) => p.waitForFunction(() => document.documentElement.dataset['historyShown'] !== undefined, null, { timeout: 60_000 })],
    ];
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      const ctx = await site.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
      for (const [path, prepare] of pages) {
        const page = await site.open(path, { context: ctx, ready: true });
        await prepare(page);
        const result = await new AxeBuilder({ page }).analyze();
        for (const v of result.violations) if (v.impact === 'serious' || v.impact === 'critical') found.push(`${path} (${scheme}): ${v.id} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
        await page.close();
      }
      await ctx.close();
    }
    expect(found).toEqual([]);
  }, 300_000);
});
