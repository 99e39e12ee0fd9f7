/**
 * Instant search in Chromium (Debian's /usr/bin/chromium via playwright-core, never a downloaded
 * browser) against the built site (`npm run build`, once for all browser tests), served on a
 * loopback port. Skipped only when Chromium is missing.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSite } from '../e2e/support.ts';
import { BROWSER, needs } from '../inputs.ts';

// The site is built once for all browser tests (tests/e2e/support.ts), so on a clean clone these
// tests run after that build instead of being skipped for want of dist/.
const suite = needs(BROWSER).describe;

suite('instant search in Chromium', () => {
  // Every console error (CSP violations included) and uncaught exception on the pages visited is
  // checked after the tests that ran (tests/e2e/support.ts).
  const site = useBrowserSite();
  const open = (path: string): Promise<Page> => site.open(path);

  /** Types a query and returns the rule numbers and languages of the listed results. */
  async function typeAndRead(page: Page, query: string): Promise<{ number: string; lang: string }[]> {
    const input = page.locator('input[data-cr-search]').first();
    await input.click();
    await input.fill('');
    await input.pressSequentially(query, { delay: 5 });
    // Rows answer the full query once the full bundle is in (the head answers first while it loads).
    await page.waitForFunction(
      (q) => {
        const list = document.querySelector<HTMLElement>('[data-cr-search-root] [data-cr-search-results]');
        return list?.dataset['part'] === 'full' && list.dataset['q'] === q;
      },
      query,
      { timeout: 20_000 },
    );
    return page.$$eval('[data-cr-search-results] li', (lis) => lis.map((li) => ({ number: (li as HTMLElement).dataset['number']!, lang: (li as HTMLElement).dataset['matchLang']! })));
  }

  /** Rule numbers of the listed rows, glossary rows left out. */
  const ruleRows = <T extends { number: string }>(rows: T[]) => rows.filter((r) => !r.number.startsWith('g-'));

  it('Japanese site: rule numbers, a glossary term first, katakana terms and an English term', async () => {
    const page = await open('/ja/');
    expect((await typeAndRead(page, '702.19'))[0]!.number).toBe('702.19');
    expect((await typeAndRead(page, '７０２．６'))[0]!.number).toBe('702.6');
    const tr = await typeAndRead(page, 'トランプル');
    expect(tr[0]!.number).toBe('g-トランプル');
    expect(ruleRows(tr)[0]!.number).toMatch(/^702\.19/);
    expect((await typeAndRead(page, '防御プレイヤー'))[0]!.number).toBe('g-防御プレイヤー');
    expect(ruleRows(await typeAndRead(page, 'レジェンド・ルール'))[0]!.number).toBe('704.5j');
    const en = await typeAndRead(page, 'state-based actions');
    expect(ruleRows(en)[0]!.number).toMatch(/^704/);
    await page.close();
  }, 120_000);

  it('Korean site: an inflected word finds the keyword; 영구물 finds the definition of a permanent', async () => {
    const page = await open('/ko/');
    expect(ruleRows(await typeAndRead(page, '돌진을'))[0]!.number).toMatch(/^702\.19/);
    // /ko/ is the current Korean edition (composed on 2026-01-16): sacrifice is 701.21 there (701.16 in 2019).
    expect(ruleRows(await typeAndRead(page, '희생한'))[0]!.number).toMatch(/^701\.21/);
    const p = await typeAndRead(page, '영구물');
    expect(p.slice(0, 3).map((r) => r.number)).toEqual(['g-permanent~지속물', '110.1', '110']);
    // The Korean site links the English glossary entry (Korean has no glossary), of the English its edition follows.
    const href = await page.$eval('[data-cr-search-results] li', (li) => (li as HTMLElement).dataset['href']);
    expect(href).toBe('/en/2026-01-16/glossary/p/#g-permanent');
    await page.close();
  }, 120_000);

  it('English site: definitions first, exact numbers, and a Japanese term says it matched Japanese', async () => {
    const page = await open('/en/');
    expect((await typeAndRead(page, 'unblocked creature')).slice(0, 3).map((r) => r.number)).toEqual(['g-unblocked-creature', '509.1h', '509']);
    expect((await typeAndRead(page, '702.6'))[0]!.number).toBe('702.6');
    expect(ruleRows(await typeAndRead(page, 'flying'))[0]!.number).toMatch(/^702\.9/);
    const ja = ruleRows(await typeAndRead(page, '状況起因処理'));
    expect(ja[0]!.number).toMatch(/^704/);
    expect(ja[0]!.lang).toBe('ja');
    await page.close();
  }, 120_000);

  it('rows: number, breadcrumb and snippet apart; the active row marked; no link inside an option', async () => {
    const page = await open('/en/');
    await typeAndRead(page, 'trample');
    const rows = await page.$$eval('[data-cr-search-results] li', (lis) =>
      lis.map((li) => ({
        role: li.getAttribute('role'),
        focusable: li.querySelectorAll('a, button, input, [tabindex]').length,
        num: li.querySelector('.cr-sr-num')?.textContent ?? null,
        crumb: li.querySelector('.cr-sr-crumb')?.textContent ?? null,
        snip: li.querySelector('.cr-sr-snip')?.textContent ?? '',
        term: li.querySelector('.cr-sr-term')?.textContent ?? null,
      })),
    );
    expect(rows.every((r) => r.role === 'option' && r.focusable === 0)).toBe(true);
    expect(rows[0]!.term).toBe('Trample');
    const rule = rows.find((r) => r.num === '702.19a')!;
    expect(rule.crumb).toBe('702 Keyword Abilities › 702.19 Trample');
    expect(rule.snip.startsWith('702.19a')).toBe(false);
    // Styled by the global stylesheet: a bold number, a block snippet, a visibly different active row.
    const look = await page.evaluate(() => {
      const lis = [...document.querySelectorAll<HTMLElement>('[data-cr-search-results] li')];
      const css = (el: Element | null) => (el ? getComputedStyle(el) : null);
      return {
        numWeight: css(document.querySelector('[data-cr-search-results] .cr-sr-num'))!.fontWeight,
        snipDisplay: css(document.querySelector('[data-cr-search-results] .cr-sr-snip'))!.display,
        selected: lis.map((li) => li.getAttribute('aria-selected')),
        activeBg: css(lis[0]!)!.backgroundColor,
        activeShadow: css(lis[0]!)!.boxShadow,
        otherBg: css(lis[1]!)!.backgroundColor,
      };
    });
    expect(look.numWeight).toBe('700');
    expect(look.snipDisplay).toBe('block');
    expect(look.selected[0]).toBe('true');
    expect(look.selected.slice(1).every((v) => v === 'false')).toBe(true);
    expect(look.activeBg).not.toBe(look.otherBg);
    expect(look.activeShadow).not.toBe('none');
    await page.close();
  }, 120_000);

  it('mana symbols are drawn, never shown as raw braces', async () => {
    const page = await open('/en/');
    await typeAndRead(page, 'tap symbol');
    const snips = await page.$$eval('[data-cr-search-results] .cr-sr-snip', (els) => els.map((e) => ({ text: e.textContent ?? '', symbols: e.querySelectorAll('.ms[role="img"][aria-label]').length })));
    expect(snips.some((s) => s.symbols > 0)).toBe(true);
    expect(snips.every((s) => !/\{[A-Z0-9/]{1,4}\}/.test(s.text))).toBe(true);
    await page.close();
  }, 120_000);

  it('no results: a clear message naming the query, and the full-text link', async () => {
    const page = await open('/en/');
    const input = page.locator('input[data-cr-search]').first();
    await input.click();
    await input.pressSequentially('zzqxjv', { delay: 5 });
    // Wait for the answer to the whole query from the full bundle (a prefix such as `zzqx` is empty too).
    await page.waitForFunction(
      () => {
        const list = document.querySelector<HTMLElement>('[data-cr-search-results]');
        return list?.dataset['q'] === 'zzqxjv' && list.dataset['part'] === 'full' && !!document.querySelector('[data-cr-search-status]')?.classList.contains('is-empty');
      },
      undefined,
      { timeout: 20_000 },
    );
    expect(await page.$eval('[data-cr-search-status]', (e) => e.textContent)).toBe('No rule matches “zzqxjv”.');
    expect(await page.$eval('[data-cr-search-empty]', (e) => (e as HTMLElement).hidden)).toBe(false);
    expect(await page.$$eval('[data-cr-search-results] li', (l) => l.length)).toBe(0);
    expect(await page.$eval('[data-cr-search-all]', (a) => new URL((a as HTMLAnchorElement).href).search)).toBe('?q=zzqxjv');
    await page.close();
  }, 120_000);

  it('keyboard: ↓ moves the selection and Enter opens the rule', async () => {
    const page = await open('/en/');
    await typeAndRead(page, '702.19');
    const input = page.locator('input[data-cr-search]').first();
    await input.press('ArrowDown');
    const selected = await page.$eval('[data-cr-search-results] li[aria-selected="true"]', (li) => (li as HTMLElement).dataset['number']);
    expect(selected).toBe('702.19a');
    await Promise.all([page.waitForURL(/702\.19a/, { timeout: 20_000 }), input.press('Enter')]);
    expect(page.url()).toContain('702.19a');
    await page.close();
  }, 120_000);

  /** Runs a full-text query on /{lang}/search/ and returns the listed rows. */
  async function fullText(path: string): Promise<{ page: Page; rows: { number: string; source: string; href: string; snip: string; num: string }[] }> {
    const page = await open(path);
    await page.waitForFunction(() => !!document.querySelector('[data-cr-fulltext]')?.getAttribute('data-done'), undefined, { timeout: 30_000 });
    const rows = await page.$$eval('[data-cr-fulltext-results] > li', (lis) =>
      lis.map((li) => {
        const a = li.querySelector('a')!;
        const u = new URL(a.href);
        return {
          number: (li as HTMLElement).dataset['number'] ?? '',
          source: (li as HTMLElement).dataset['source'] ?? 'core',
          href: u.pathname + decodeURIComponent(u.hash),
          snip: li.querySelector('.cr-sr-snip')?.textContent ?? '',
          num: li.querySelector('.cr-sr-num')?.textContent ?? '',
        };
      }),
    );
    return { page, rows };
  }

  it('full-text page and instant box give the same top results in every language', async () => {
    const cases: [string, string][] = [['en', 'unblocked creature'], ['en', '702.6'], ['en', 'deathtuch'], ['ja', 'トランプル'], ['ja', 'defending player'], ['ko', '영구물'], ['ko', 'state-based actions']];
    for (const [lang, q] of cases) {
      const box = await open(`/${lang}/`);
      const instant = (await typeAndRead(box, q)).map((r) => r.number);
      await box.close();
      const { page, rows } = await fullText(`/${lang}/search/?q=${encodeURIComponent(q)}`);
      expect(rows.slice(0, 5).map((r) => r.number), `${lang} ${q}`).toEqual(instant.slice(0, 5));
      await page.close();
    }
  }, 240_000);

  it('full-text (Pagefind): per-rule rows with anchors after the best matches, snippets without the number, section filter', async () => {
    const { page, rows } = await fullText('/en/search/?q=trample');
    const pf = rows.filter((r) => r.source === 'pagefind');
    expect(pf.length).toBeGreaterThan(0);
    // Every Pagefind row lands on a rule anchor of the latest edition and shows its number apart.
    for (const r of pf) {
      expect(r.href).toMatch(/^\/en\/(\d{3}\/(\d+\/)?#\d{3}(\.\d+[a-z]?)?|glossary\/[a-z]+\/#g-[^/]+)$/);
      if (r.num) expect(r.snip.trimStart().startsWith(r.num)).toBe(false);
    }
    // Each rule is listed once.
    const keys = rows.map((r) => r.number).filter(Boolean);
    expect(new Set(keys).size).toBe(keys.length);
    await page.selectOption('[data-cr-fulltext-section]', '510');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-cr-fulltext-results] > li')].every((li) => /^510(\.|$)/.test((li as HTMLElement).dataset['number'] ?? '')), undefined, { timeout: 30_000 });
    await page.close();
  }, 120_000);

  it('full-text: an English query on the Korean site is expanded before Pagefind (trample → 돌진)', async () => {
    const { page, rows } = await fullText(`/ko/search/?q=trample`);
    expect(await page.$eval('[data-cr-fulltext]', (e) => (e as HTMLElement).dataset['pagefindQuery'])).toBe('돌진');
    expect(rows.some((r) => r.source === 'pagefind')).toBe(true);
    expect(rows.every((r) => r.href.startsWith('/ko/') || r.href.startsWith('/en/2026-01-16/glossary/'))).toBe(true);
    await page.close();
  }, 120_000);

});
