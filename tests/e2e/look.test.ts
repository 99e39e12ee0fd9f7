/**
 * What looking at the screenshots found (`npm run screenshots`, issue 8), kept fixed: each test is a
 * fault that was seen in a PNG on a phone (390×844, touch) or a desktop (1280×900), checked on both.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, onPhoneAndDesktop, useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;

/**
 * The text baseline of each element's first line, in viewport pixels: a zero-size inline-block set
 * at the start of the line sits on its baseline (the element's own contents are wrapped first, so
 * this also holds inside a flex box). `before`: put the probe just before the element instead.
 */
function baselines(page: Page, selector: string, before = false): Promise<number[]> {
  return page.evaluate(
    ([sel, outside]) =>
      [...document.querySelectorAll<HTMLElement>(sel)].map((el) => {
        const probe = document.createElement('span');
        probe.style.display = 'inline-block';
        probe.style.width = probe.style.height = '0';
        let undo: () => void;
        if (outside) {
          el.before(probe);
          undo = () => probe.remove();
        } else {
          const wrap = document.createElement('span');
          wrap.append(probe, ...el.childNodes);
          el.append(wrap);
          undo = () => {
            probe.remove();
            el.append(...wrap.childNodes);
            wrap.remove();
          };
        }
        const y = probe.getBoundingClientRect().bottom;
        undo();
        return y;
      }),
    [selector, before] as const,
  );
}

const spread = (ys: number[]) => Math.max(...ys) - Math.min(...ys);

suite('what looking at the pages found, in Chromium', () => {
  const web = useBrowserSite();

  onPhoneAndDesktop(web, (ctx, options) => {
    test('the language names in the header sit on one baseline', async () => {
      // Seen on the desktop: "English" 2–3 px above 日本語 and 한국어 (each in its own script's font).
      for (const path of ['/en/702/', '/ja/702/', '/ko/702/', '/']) {
        const page = await web.open(path, { context: ctx(), ready: true });
        const ys = await baselines(page, 'header.top .lang-nav a');
        expect(ys).toHaveLength(3);
        expect([path, spread(ys)]).toEqual([path, expect.closeTo(0, 0)]);
        await page.close();
      }
    });

    test('the chooser heading marks its Japanese and Korean words, and never breaks a Korean word', async () => {
      // Seen on the phone: "Choose a language · 言語を選ぶ · 언" / "어 선택" (the Korean was lang="en").
      const page = await web.open('/', { context: ctx() });
      expect(await page.locator('.chooser-h [lang="ja"]').textContent()).toBe('言語を選ぶ');
      const ko = page.locator('.chooser-h [lang="ko"]');
      expect(await ko.textContent()).toBe('언어 선택');
      // Each Korean word is on one line: a range over it has one box.
      const boxes = await ko.evaluate((el) => {
        const text = el.firstChild as Text;
        return ['언어', '선택'].map((w) => {
          const r = document.createRange();
          const at = text.data.indexOf(w);
          r.setStart(text, at);
          r.setEnd(text, at + w.length);
          return r.getClientRects().length;
        });
      });
      expect(boxes).toEqual([1, 1]);
      await page.close();
    });

    test('/sources/: the cells\' English labels are in the page\'s font; only the language\'s own name is in its language', async () => {
      // Seen on the phone's cards: "Language" in the Korean font, its colon raised against it ("Language: 한국어",
      // the cell was lang="ko", so its ::before label was Korean text); "Edition:" beside it in the page's font.
      const page = await web.open('/sources/', { context: ctx() });
      const cells = await page.locator('table.sources td[data-label]').evaluateAll((tds) => tds.map((td) => [td.closest('[lang]')!.getAttribute('lang'), getComputedStyle(td, '::before').fontFamily]));
      expect(cells.length).toBeGreaterThan(0);
      expect(new Set(cells.map(([lang, font]) => `${lang} ${font}`))).toEqual(new Set([`en ${await page.evaluate(() => getComputedStyle(document.body).fontFamily)}`]));
      const names = await page.locator('table.sources td[data-label="Language"] > span').evaluateAll((ss) => ss.map((s) => `${s.getAttribute('lang')} ${s.textContent}`));
      const label: Record<string, string> = { en: 'English', ja: '日本語', ko: '한국어' };
      expect(names.length).toBe(cells.length / 5);
      for (const n of names) expect(n).toBe(`${n.slice(0, 2)} ${label[n.slice(0, 2)]}`);
      await page.close();
    });

    test('the keyboard-shortcut line shows only where there is a keyboard (not on a touch phone)', async () => {
      const page = await web.open('/ja/', { context: ctx() });
      expect(await page.locator('footer.foot .keys').isVisible()).toBe(options === DESKTOP);
      await page.close();
    });

    test('a source without a public address links its row on /sources/, not a repository path', async () => {
      // Seen on /ja/: "出典 … content/seeds/ja-2019-01-25.txt".
      const page = await web.open('/ja/', { context: ctx() });
      const text = await page.locator('ul.sources').textContent();
      expect(text).not.toContain('content/seeds');
      const link = page.locator('ul.sources a', { hasText: '出典文書' });
      expect(await link.getAttribute('href')).toBe('/sources/#src-ja-2019-01-25');
      await link.click();
      await page.waitForURL(/\/sources\/#src-ja-2019-01-25$/);
      expect(await page.locator('[id="src-ja-2019-01-25"]').isVisible()).toBe(true);
      await page.close();
    });
  });

  describe('on a desktop', () => {
    let ctx: BrowserContext;
    beforeAll(async () => {
      ctx = await web.browser.newContext(DESKTOP);
    });
    afterAll(async () => ctx?.close());

    test('a preview never covers the sticky header nor its link, wherever the link is on the screen', async () => {
      // Seen: a long preview (508) of a link low on the screen opened above it, over the go-to box.
      const page = await web.open('/ko/702/2/', { context: ctx, ready: true });
      const head = (await page.locator('header.top').boundingBox())!;
      let checked = 0;
      for (const y of [0.15, 0.35, 0.55, 0.75, 0.9]) {
        // Scroll so that a reference sits at about y × the viewport height, then hover it.
        const index = await page.evaluate((at) => {
          const links = [...document.querySelectorAll<HTMLElement>('main .r a[data-r]')];
          const i = Math.floor(links.length / 2);
          const el = links[i]!;
          window.scrollBy(0, el.getBoundingClientRect().top - at * window.innerHeight);
          return i;
        }, y);
        const link = page.locator('main .r a[data-r]').nth(index);
        await page.mouse.move(0, 0);
        await page.waitForSelector('#cr-pop', { state: 'hidden' }).catch(() => undefined);
        await link.hover();
        await page.waitForSelector('#cr-pop:not([hidden])');
        const pop = (await page.locator('#cr-pop').boundingBox())!;
        const a = (await link.boundingBox())!;
        expect(pop.y).toBeGreaterThanOrEqual(head.y + head.height);
        expect(pop.y + pop.height).toBeLessThanOrEqual(900);
        const overlaps = pop.y < a.y + a.height && a.y < pop.y + pop.height && pop.x < a.x + a.width && a.x < pop.x + pop.width;
        expect([y, overlaps]).toEqual([y, false]);
        checked++;
      }
      expect(checked).toBe(5);
      await page.close();
    });

    test('the parallel view sets both languages of a rule on one baseline', async () => {
      // Seen: 「702.15. 絆魂/Lifelink」 3 px below "702.15. Lifelink", and the column heads likewise.
      const page = await web.open('/ja/parallel/702/2/', { context: ctx, ready: true });
      expect(spread(await baselines(page, '.phead > div'))).toBeCloseTo(0, 0);
      const rows = await page.locator('.prow:not(.phead)').count();
      expect(rows).toBeGreaterThan(20);
      for (let i = 0; i < 20; i++) {
        const row = `.prow:not(.phead) >> nth=${i}`;
        const cells = await page.locator(row).locator('.pcell a.num').count();
        if (cells !== 2) continue;
        const ys = await page.locator(row).evaluate((r) => {
          return [...r.querySelectorAll<HTMLElement>('.pcell')].map((cell) => {
            const num = cell.querySelector('a.num')!;
            const probe = document.createElement('span');
            probe.style.display = 'inline-block';
            probe.style.width = probe.style.height = '0';
            num.before(probe);
            const y = probe.getBoundingClientRect().bottom;
            probe.remove();
            return y;
          });
        });
        expect([i, spread(ys)]).toEqual([i, expect.closeTo(0, 0)]);
      }
      await page.close();
    });

    test('the edition menu lists each edition on one line', async () => {
      // Seen: "2026-01-16 (latest)" broken over two lines in the open menu.
      const page = await web.open('/en/702/', { context: ctx, ready: true });
      await page.click('details.eds > summary');
      // Lines = the link's content height over its line height.
      const lines = await page.locator('details.eds li a').evaluateAll((as) =>
        as.map((a) => {
          const cs = getComputedStyle(a);
          const content = a.getBoundingClientRect().height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
          return Math.round(content / parseFloat(cs.lineHeight));
        }),
      );
      expect(lines).toEqual([1, 1, 1]);
      await page.close();
    });
  });
});
