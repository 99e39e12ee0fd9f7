// @vitest-environment happy-dom
/**
 * Page-script modules (src/site/client/) in a DOM (happy-dom), on the real editions' data: what the marks
 * switch remembers, where a preview's data is (one file per section or glossary group), which language the
 * not-found and offline pages speak, and where a short address sends the offline reader. The same modules
 * run in Chromium in the browser project; here they are counted in coverage.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initMarks } from '../../src/site/client/marks.ts';
import { apiUrl } from '../../src/site/client/preview.ts';
import { preferredLang } from '../../src/site/client/notfound.ts';
import { initOfflinePage } from '../../src/site/client/offline-page.ts';
import { getSite } from '../../src/site/load.ts';
import { buildRuleIndex } from '../../src/site/rule-index.ts';

beforeEach(() => {
  document.documentElement.innerHTML = '<head></head><body></body>';
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('the marks switch (marks.ts)', () => {
  it('starts shown, hides on a press, and remembers it on this device', () => {
    document.body.innerHTML = '<button type="button" data-marks-toggle></button>';
    initMarks(document);
    const button = document.querySelector('button')!;
    expect([document.documentElement.dataset['marks'], button.getAttribute('aria-pressed')]).toEqual(['on', 'true']);
    button.click();
    expect([document.documentElement.dataset['marks'], button.getAttribute('aria-pressed'), localStorage.getItem('cr-atlas-marks')]).toEqual(['off', 'false', 'off']);
    // A new page reads the choice.
    document.body.innerHTML = '<button type="button" data-marks-toggle></button>';
    initMarks(document);
    expect(document.documentElement.dataset['marks']).toBe('off');
  });
});

describe('where a preview’s data is (preview.ts apiUrl)', () => {
  const link = (attr: string, value: string) => {
    const a = document.createElement('a');
    a.setAttribute(attr, value);
    return a;
  };
  it('a rule: its section’s file; a glossary entry: its initial’s file; anything else: none', () => {
    expect(apiUrl(link('data-r', 'ja/2026-01-16/702.19b'))).toEqual({ url: '/api/ja/2026-01-16/sections/702.json', key: '702.19b', kind: 'rule' });
    expect(apiUrl(link('data-g', 'en/2026-01-16/g-trample'))).toEqual({ url: '/api/en/2026-01-16/glossary/t.json', key: 'g-trample', kind: 'glossary' });
    expect(apiUrl(link('data-g', 'ja/2019-01-25/g-apnap順'))?.url).toBe('/api/ja/2019-01-25/glossary/a.json');
    expect(apiUrl(link('data-r', 'xx/2026-01-16/702.19b'))).toBeNull();
    expect(apiUrl(link('data-r', 'en/2026-01-16/glossary'))).toBeNull();
    expect(apiUrl(document.createElement('a'))).toBeNull();
  });
});

describe('the reader’s language (notfound.ts preferredLang)', () => {
  it('the first of the reader’s languages the site has, else English', () => {
    expect(preferredLang(['ko-KR', 'en'])).toBe('ko');
    expect(preferredLang(['fr-FR', 'ja'])).toBe('ja');
    expect(preferredLang(['fr-FR', 'de'])).toBe('en');
    expect(preferredLang([])).toBe('en');
  });
});

describe('the offline page (offline-page.ts)', () => {
  const site = getSite();
  const editions = site.editions.map((e) => ({ lang: e.lang, edition: e.edition, latest: e.latest, url: e.base }));
  const index = (base: string) => {
    const ed = site.editions.find((e) => e.base === base)!;
    return buildRuleIndex(ed.lang, ed.edition, ed.pages.map((p) => ({ path: p.path, numbers: p.chunk.entries.map((r) => r.number) })));
  };
  const page = () => {
    document.body.innerHTML = ['en', 'ja', 'ko'].map((l) => `<section data-off-lang="${l}" lang="${l}">${l}</section>`).join('') + '<span hidden data-offline-page></span>';
  };
  /** The saved copy's answers: /api/index.json and each rule index, as the service worker would give them. */
  const savedFetch = () =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path === '/api/index.json') return new Response(JSON.stringify({ editions }));
      const base = path.replace(/rule-pages\.json$/, '');
      return site.editions.some((e) => e.base === base) ? new Response(JSON.stringify(index(base))) : new Response('', { status: 404 });
    });

  /** Runs the offline page's script as if the reader had asked for `pathname`; returns the spy of location.replace. */
  async function openOfflinePageAt(pathname: string) {
    const replace = vi.fn();
    const view = { location: { pathname, replace }, navigator: { languages: ['en'], language: 'en' } };
    Object.defineProperty(document, 'defaultView', { value: view, configurable: true });
    try {
      await initOfflinePage(document);
    } finally {
      Object.defineProperty(document, 'defaultView', { value: window, configurable: true });
    }
    return replace;
  }

  it('speaks the language of the address asked for, and opens a short rule address at its page', async () => {
    page();
    savedFetch();
    const replace = await openOfflinePageAt('/ja/704.5j/');
    expect([...document.querySelectorAll<HTMLElement>('[data-off-lang]')].map((b) => [b.dataset['offLang'], b.hidden])).toEqual([['en', true], ['ja', false], ['ko', true]]);
    expect(document.documentElement.lang).toBe('ja');
    expect(replace).toHaveBeenCalledWith('/ja/704/#704.5j');
  });

  it('a page that names no rule stays the offline page (no loop to itself)', async () => {
    page();
    savedFetch();
    const replace = await openOfflinePageAt('/ko/704/');
    expect(document.documentElement.lang).toBe('ko');
    expect(replace).not.toHaveBeenCalled();
  });
});
