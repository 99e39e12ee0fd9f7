/**
 * `npm run screenshots`: every page kind of the built site photographed in Debian's Chromium, on a
 * phone (390×844, touch) and a desktop (1280×900), in English, Japanese and Korean, light and dark,
 * written as PNGs to .cache/screenshots/ (`{kind}--{lang}--{viewport}--{scheme}.png`) for a person to
 * look at before calling a page done (the guide's rule). Nothing is asserted here: what looking finds
 * becomes a browser test in tests/e2e/.
 *
 * It serves the finished build in dist/ as it is (`--build` first rebuilds it when the sources are
 * newer). Options narrow the matrix: `--only KIND` (repeatable; a kind or a prefix), `--lang`,
 * `--viewport phone|desktop`, `--scheme light|dark`, `--out DIR`, `--list` (print the kinds), and
 * `--audit` writes audit.txt beside the PNGs: overflow, clipped text and small touch targets per shot.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { oneOf, parseOptions, UsageError } from './args.ts';
import { DIST, ROOT, distIsFresh, ensureBuilt, finishedBuild, serve } from './start.ts';

import { LANGS, type Lang } from '../src/i18n/locales.ts';
type Viewport = 'phone' | 'desktop';

/** What a shot is taken of: one page kind, brought into the state to look at. */
interface Kind {
  name: string;
  /** The languages it exists in (default all three); a page without a language is shot once as `en`. */
  langs?: readonly Lang[];
  path: (lang: Lang) => string;
  /** Only on one viewport (the phone's menu sheet). */
  only?: Viewport;
  /** Loaded without JavaScript. */
  noScript?: boolean;
  /** The service worker is needed (offline saving); other kinds block it so each shot starts clean. */
  worker?: boolean;
  /** Brings the loaded page into the state to photograph. */
  prepare?: (page: Page, shot: { lang: Lang; viewport: Viewport }) => Promise<void>;
}

/** A query with results in each language (the instant box and the full-text page). */
const QUERY: Record<Lang, string> = { en: 'trample', ja: 'トランプル', ko: '돌진' };
/** Types a query into the header's box and waits for the rows of the head (`head`) or of the rule text (`full`). */
async function typeInBox(page: Page, query: string, part: 'head' | 'full'): Promise<void> {
  const input = page.locator('input[data-cr-search]').first();
  await input.click();
  await input.fill(query);
  await page.waitForFunction((p) => document.querySelector<HTMLElement>('[data-cr-search-results]')?.dataset['part'] === p, part, { timeout: 20_000 });
  await settle(page);
}

/** A one-character slip of a keyword in each language (corrected to trample, 瞬速 flash, 경계 vigilance). */
const MISSPELT: Record<Lang, string> = { en: 'tramlpe', ja: '瞬足', ko: '경게' };
/** An English edition with sandbox scenarios, and the same rules in the translations. */
const SANDBOX_PATH: Record<Lang, string> = { en: '/en/2019-01-25/510/', ja: '/ja/510/', ko: '/ko/510/' };

const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Presses what is at the centre of the element (a tap on the phone), as a reader does. */
async function press(page: Page, selector: string, viewport: Viewport): Promise<void> {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  if (!box) throw new Error(`${selector}: not displayed`);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (viewport === 'phone') await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

const KINDS: Kind[] = [
  { name: 'chooser', path: () => '/' },
  { name: 'home', path: (l) => `/${l}/` },
  // A part has no page of its own: it is a heading of the language's contents (`#part-7`).
  { name: 'part', path: (l) => `/${l}/#part-7` },
  { name: 'section', path: (l) => `/${l}/702/` },
  {
    name: 'section-scrolled',
    path: (l) => `/${l}/702/`,
    prepare: async (page) => {
      await page.evaluate(() => window.scrollTo(0, 4000));
      await settle(page);
    },
  },
  {
    name: 'rule-preview',
    path: (l) => `/${l}/702.19b/`,
    prepare: async (page, { viewport }) => {
      await page.waitForFunction(() => decodeURIComponent(location.hash) === '#702.19b');
      await settle(page);
      // The first reference after the landed rule opens its preview (a sheet on the phone); the page
      // is scrolled only when that reference is not in view.
      const index = await page.evaluate(() => {
        const target = document.getElementById('702.19b')!;
        const links = [...document.querySelectorAll<HTMLElement>('main a[data-r]')];
        const i = links.findIndex((a) => target.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING || target.contains(a));
        const r = links[i]?.getBoundingClientRect();
        if (r && (r.top < 120 || r.bottom > window.innerHeight - 120)) links[i]!.scrollIntoView({ block: 'center' });
        return i;
      });
      if (index < 0) throw new Error('no reference after 702.19b');
      await settle(page);
      const link = page.locator('main a[data-r]').nth(index);
      const box = (await link.boundingBox())!;
      if (viewport === 'phone') await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      else await link.hover();
      await page.waitForSelector('#cr-pop:not([hidden])');
      await settle(page);
    },
  },
  { name: 'parallel', langs: ['ja', 'ko'], path: (l) => `/${l}/parallel/702/2/` },
  {
    name: 'parallel-scrolled',
    langs: ['ja', 'ko'],
    path: (l) => `/${l}/parallel/702/2/`,
    prepare: async (page) => {
      await page.evaluate(() => window.scrollTo(0, 3000));
      await settle(page);
    },
  },
  {
    name: 'menu',
    only: 'phone',
    path: (l) => `/${l}/702/2/`,
    prepare: async (page, { viewport }) => {
      await press(page, '.menu-btn', viewport);
      await page.waitForSelector('#cr-menu:popover-open');
      await settle(page);
    },
  },
  {
    name: 'editions',
    langs: ['en'],
    path: () => '/en/702/',
    prepare: async (page, { viewport }) => {
      if (viewport === 'phone') {
        await press(page, '.menu-btn', viewport);
        await page.waitForSelector('#cr-menu:popover-open');
        await page.locator('.side-eds').scrollIntoViewIfNeeded();
      } else {
        await press(page, 'details.eds > summary', viewport);
      }
      await settle(page);
    },
  },
  {
    name: 'instant-search',
    path: (l) => `/${l}/702/`,
    prepare: async (page, { lang }) => {
      const input = page.locator('input[data-cr-search]').first();
      await input.click();
      await input.fill(QUERY[lang]);
      await page.waitForFunction(() => document.querySelectorAll('[data-cr-search-results] > li').length > 0, undefined, { timeout: 20_000 });
      await input.press('ArrowDown');
      await settle(page);
    },
  },
  {
    // A misspelling the search corrected, named in the status line.
    name: 'instant-search-spelled',
    path: (l) => `/${l}/702/`,
    prepare: async (page, { lang }) => typeInBox(page, MISSPELT[lang], 'full'),
  },
  {
    // The head's preliminary rows with the rule text held back: what a slow phone shows first.
    name: 'instant-search-pending',
    path: (l) => `/${l}/702/`,
    prepare: async (page, { lang }) => {
      await page.route(/\/search\/[a-z]{2}-\d{4}-\d{2}-\d{2}\.json$/, () => new Promise<void>(() => {}));
      await typeInBox(page, QUERY[lang], 'head');
    },
  },
  {
    name: 'search',
    path: (l) => `/${l}/search/?q=${encodeURIComponent(QUERY[l])}`,
    prepare: async (page) => {
      await page.waitForFunction(() => !!document.querySelector('[data-cr-fulltext]')?.getAttribute('data-done'), undefined, { timeout: 30_000 });
      await settle(page);
    },
  },
  { name: 'glossary', path: (l) => `/${l}/glossary/` },
  // A page of entries (ja, en), of term pairs by initial (ko: no glossary), and the Japanese page of the pairs its glossary lacks.
  { name: 'glossary-group', path: (l) => ({ en: '/en/glossary/t/', ja: '/ja/glossary/ta/', ko: '/ko/glossary/d/' })[l] },
  { name: 'glossary-pairs', langs: ['ja'], path: () => '/ja/glossary/pairs/' },
  { name: 'go', path: (l) => `/${l}/go/` },
  { name: 'go-nojs', path: (l) => `/${l}/go/`, noScript: true },
  {
    name: 'go-error',
    path: (l) => `/${l}/go/`,
    prepare: async (page) => {
      await page.locator('#go-q').fill('702.19bb');
      await page.locator('#go-q').press('Enter');
      await page.waitForFunction(() => (document.getElementById('go-msg')?.textContent ?? '') !== '');
      await settle(page);
    },
  },
  { name: 'notfound', path: (l) => `/${l}/no-such-page/` },
  {
    name: 'notfound-rule',
    path: (l) => `/${l}/702.999/`,
    prepare: async (page) => {
      await page.waitForSelector('[data-nf-lang]:not([hidden]) [data-notfound-list] li', { timeout: 10_000 });
      await settle(page);
    },
  },
  { name: 'sources', langs: ['en'], path: () => '/sources/' },
  { name: 'diagnostics', langs: ['en'], path: () => '/diagnostics/' },
  { name: 'offline-page', langs: ['en'], path: () => '/offline/' },
  {
    name: 'sandbox',
    path: (l) => SANDBOX_PATH[l],
    prepare: async (page, { viewport }) => {
      const open = page.locator('[data-sbx-open]').first();
      await open.waitFor({ timeout: 20_000 });
      await press(page, '[data-sbx-open]', viewport);
      await page.waitForSelector('.cr-sbx-host:not([hidden]) [data-sbx-root]', { timeout: 20_000 });
      await page.locator('.cr-sbx-host:not([hidden])').first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await settle(page);
    },
  },
  {
    // the current edition's Gray Ogre (613.5 #2 of 2026 in every language: /ja/ and /ko/ are the current editions too),
    // run to the end with its trace open: steps, layer rows, checks, outcome, the touch-sized rule chips
    name: 'sandbox-run',
    path: (l) => `/${l}/613/`,
    prepare: async (page, { viewport }) => {
      const ex = '[data-example="613.5:2"]';
      const slot = `${ex} + .cr-sbx-slot, ${ex} > .cr-sbx-slot`;
      await page.locator(`${slot} [data-sbx-open]`).first().waitFor({ timeout: 20_000 });
      await press(page, `${ex} + .cr-sbx-slot [data-sbx-open], ${ex} > .cr-sbx-slot [data-sbx-open]`, viewport);
      const root = page.locator(`${ex} ~ .cr-sbx-slot [data-sbx-root], ${ex} [data-sbx-root]`).first();
      await root.waitFor({ timeout: 20_000 });
      for (let i = 0; i < 4; i++) await root.locator('[data-sbx-step]').click();
      await root.locator('[data-sbx-stepitem="3"] details').evaluate((d) => ((d as HTMLDetailsElement).open = true));
      await root.locator('[data-sbx-stepitem="3"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await settle(page);
    },
  },
  {
    name: 'offline-save',
    worker: true,
    path: (l) => `/${l}/`,
    prepare: async (page, { viewport }) => {
      await page.waitForSelector('[data-offline]:not([hidden])', { timeout: 20_000 });
      await press(page, '[data-offline-save]', viewport);
      await page.waitForSelector('[data-offline-remove]:not([hidden])', { timeout: 120_000 });
      await page.locator('[data-offline]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await settle(page);
    },
  },
  // Issue 11's pages, looked at only.
  { name: 'changes', langs: ['en'], path: () => '/en/changes/' },
  // One pair's page and the any-two page, rendered by the same views (src/site/history/history-views.ts).
  { name: 'changes-pair', langs: ['en'], path: () => '/en/changes/2025-11-14...2026-01-16/' },
  {
    name: 'changes-compare',
    langs: ['en'],
    path: () => '/en/changes/compare/?old=2025-11-14&new=2026-01-16',
    prepare: async (page) => {
      await page.waitForFunction(() => document.documentElement.dataset['compared'] !== undefined, null, { timeout: 60_000 });
    },
  },
  { name: 'history', langs: ['en'], path: () => '/en/history/702.19b/' },
];

/**
 * What a script can see that an eye may miss, printed beside each shot (`--audit`): a page wider than
 * the screen (and the elements sticking out), text cut off by a box that hides its overflow, and on
 * the phone controls under 44 px that are not links inside running text (WCAG 2.5.8's exception).
 */
function audit(phone: boolean): string[] {
  const out: string[] = [];
  const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    out.push(`page ${document.documentElement.scrollWidth} px wide in ${width}`);
    for (const el of document.querySelectorAll('body *')) if (shown(el) && el.getBoundingClientRect().right > width + 1 && out.length < 6) out.push(`  sticks out: ${name(el)}`);
  }
  for (const el of document.querySelectorAll<HTMLElement>('body *')) {
    if (!shown(el) || el.matches('input, textarea, select')) continue;
    const cs = getComputedStyle(el);
    // A visually hidden label (1 px, clipped) is meant to be read by screen readers only.
    const srOnly = el.clientWidth <= 1 || cs.clipPath.startsWith('inset(50%');
    if (!srOnly && (cs.overflowX === 'hidden' || cs.overflowX === 'clip') && cs.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1) out.push(`clipped: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
  }
  if (phone) {
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, summary')) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.bottom < 0 || r.top > innerHeight) continue;
      const block = el.parentElement;
      const inline = el.tagName === 'A' && block !== null && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 3;
      if (!inline && (r.height < 44 || r.width < 44)) out.push(`small target: ${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return out;
}

const VIEWPORTS: Record<Viewport, Parameters<Browser['newContext']>[0]> = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1280, height: 900 } },
};
const LOCALE: Record<Lang, string> = { en: 'en-US', ja: 'ja-JP', ko: 'ko-KR' };

async function main(): Promise<void> {
  const { values } = parseOptions(process.argv.slice(2), {
    only: { type: 'string', multiple: true },
    lang: { type: 'string' },
    viewport: { type: 'string' },
    scheme: { type: 'string' },
    out: { type: 'string' },
    build: { type: 'boolean' },
    list: { type: 'boolean' },
    audit: { type: 'boolean' },
  });
  if (values.list) {
    for (const k of KINDS) process.stdout.write(`${k.name}${k.langs ? ` (${k.langs.join(', ')})` : ''}${k.only ? ` [${k.only}]` : ''}\n`);
    return;
  }
  const langs = [oneOf('lang', values.lang, LANGS) ?? LANGS].flat();
  const viewports = [oneOf('viewport', values.viewport, ['phone', 'desktop'] as const) ?? (['phone', 'desktop'] as const)].flat();
  const schemes = [oneOf('scheme', values.scheme, ['light', 'dark'] as const) ?? (['light', 'dark'] as const)].flat();
  const only = values.only ?? [];
  const kinds = KINDS.filter((k) => only.length === 0 || only.some((o) => k.name === o || k.name.startsWith(`${o}-`)));
  if (kinds.length === 0) throw new UsageError(`--only matches no kind (see --list)`);
  const out = resolve(ROOT, values.out ?? '.cache/screenshots');
  mkdirSync(out, { recursive: true });

  if (values.build) ensureBuilt();
  const build = finishedBuild();
  if (!build) throw new UsageError('dist/ holds no finished build: run `npm run build` (or pass --build)');
  if (!distIsFresh()) process.stderr.write(`screenshots: dist/ (built ${build.finishedAt}) is older than the sources; --build rebuilds it\n`);

  const { server, url } = await serve(DIST, 0);
  const browser = await launchChromium();
  let taken = 0;
  const failed: string[] = [];
  const findings: string[] = [];
  try {
    for (const viewport of viewports) {
      for (const scheme of schemes) {
        for (const lang of langs) {
          const contexts = new Map<string, BrowserContext>();
          const contextFor = async (kind: Kind): Promise<BrowserContext> => {
            const key = `${kind.noScript ? 'nojs' : 'js'}-${kind.worker ? 'sw' : 'nosw'}`;
            let ctx = contexts.get(key);
            if (!ctx) {
              ctx = await browser.newContext({
                ...VIEWPORTS[viewport],
                colorScheme: scheme,
                locale: LOCALE[lang],
                javaScriptEnabled: !kind.noScript,
                serviceWorkers: kind.worker ? 'allow' : 'block',
              });
              contexts.set(key, ctx);
            }
            return ctx;
          };
          for (const kind of kinds) {
            if ((kind.only && kind.only !== viewport) || !(kind.langs ?? LANGS).includes(lang)) continue;
            const file = `${kind.name}--${lang}--${viewport}--${scheme}.png`;
            const page = await (await contextFor(kind)).newPage();
            try {
              await page.goto(url + kind.path(lang).replace(/^\//, ''));
              if (!kind.noScript) await page.waitForSelector('html[data-cr-ready]', { timeout: 20_000 });
              await page.evaluate(() => document.fonts.ready);
              await kind.prepare?.(page, { lang, viewport });
              await page.screenshot({ path: join(out, file) });
              taken++;
              if (values.audit) {
                // tsx (esbuild keepNames) wraps the audit's inner functions in __name(), absent in a page.
                await page.evaluate('globalThis.__name ??= (f) => f');
                for (const line of await page.evaluate(audit, viewport === 'phone')) findings.push(`${file}: ${line}`);
              }
            } catch (e) {
              failed.push(`${file}: ${(e as Error).message.split('\n')[0]}`);
            } finally {
              await page.close();
            }
          }
          for (const ctx of contexts.values()) await ctx.close();
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  process.stdout.write(`${taken} screenshots in ${out}\n`);
  if (values.audit) {
    writeFileSync(join(out, 'audit.txt'), findings.map((f) => `${f}\n`).join(''));
    process.stdout.write(`audit: ${findings.length} findings in ${join(out, 'audit.txt')}\n`);
  }
  for (const f of failed) process.stderr.write(`not taken: ${f}\n`);
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((e: unknown) => {
  process.stderr.write(`screenshots: ${e instanceof UsageError ? e.message : (e as Error).stack}\n`);
  process.exitCode = e instanceof UsageError ? 2 : 1;
});
