/**
 * Touch targets on a phone (390×844, touch), every page kind outside the sandbox: every control on the
 * whole page — links, buttons, inputs, selects, summaries — is at least 44×44 px, except a link inside
 * running text (WCAG 2.5.8's inline exception; the same rule as `npm run screenshots -- --audit`: its
 * parent holds more text than the link). The sandbox widget (its open buttons and panel) is another
 * piece of work's and is left out here.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, useBrowserSite } from './support.ts';
import { BROWSER, needs } from '../inputs.ts';

const suite = needs(BROWSER).describe;

/** Each page kind once, in the language where it is longest or differs (a path per kind). */
const KINDS: Record<string, string> = {
  chooser: '/',
  'home en': '/en/',
  'home ja': '/ja/',
  'home ko': '/ko/',
  'section en': '/en/702/2/',
  'section ja': '/ja/702/2/',
  'section ko': '/ko/702/',
  'parallel ja': '/ja/parallel/702/2/',
  'glossary index': '/en/glossary/',
  'glossary group ja': '/ja/glossary/ka/',
  'glossary group en': '/en/glossary/t/',
  'glossary pairs ko': '/ko/glossary/d/',
  'glossary pairs ja': '/ja/glossary/pairs/',
  search: '/en/search/?q=trample',
  'go-to': '/ja/go/',
  'not found ja': '/ja/no-such-page/',
  'not found en': '/en/no-such-page/',
  'not found, a missing rule': '/ja/702.999/',
  sources: '/sources/',
  changes: '/en/changes/',
  'changes compare': '/en/changes/compare/',
  'changes ja': '/ja/changes/',
  'changes compare ko': '/ko/changes/compare/?old=2025-11-14&new=2026-01-16',
  history: '/en/history/702.19b/',
  offline: '/offline/',
  diagnostics: '/diagnostics/',
};

/** Controls under 44 px on the page, as `tag.class "text" w×h`. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, summary, textarea')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.cr-sbx-slot, .cr-sbx-host')) continue;
      const parent = el.parentElement;
      const inline = el.tagName === 'A' && parent !== null && (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 3;
      // A checkbox or radio inside its label is activated by the whole label: the label is its target (WCAG 2.5.8).
      const label = el.tagName === 'INPUT' ? el.closest('label') : null;
      const box = label ? label.getBoundingClientRect() : r;
      if (inline || (box.width >= 44 && box.height >= 44)) continue;
      out.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  });
}

suite('touch targets on a phone', () => {
  const web = useBrowserSite();

  test('every control outside running text is at least 44×44 px on every page kind', async () => {
    const ctx = await web.browser.newContext(PHONE);
    const found: string[] = [];
    for (const [kind, path] of Object.entries(KINDS)) {
      const page = await web.open(path, { context: ctx, ready: true });
      if (kind === 'not found, a missing rule') await page.waitForSelector('[data-nf-lang="ja"] [data-notfound-list] a');
      if (kind === 'changes compare ko') await page.waitForFunction(() => document.documentElement.dataset['compared'] !== undefined, undefined, { timeout: 30_000 });
      if (kind === 'search') await page.waitForFunction(() => !!document.querySelector('[data-cr-fulltext]')?.getAttribute('data-done'), undefined, { timeout: 30_000 });
      const small = await smallTargets(page);
      // A kind with many of one control lists a few; the count says how many.
      found.push(...small.slice(0, 5).map((s) => `${kind}: ${s}`), ...(small.length > 5 ? [`${kind}: … ${small.length} in all`] : []));
      await page.close();
    }
    await ctx.close();
    expect(found).toEqual([]);
  }, 300_000);
});
