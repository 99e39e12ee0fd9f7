import { describe, expect, test } from 'vitest';
import { getSite } from '../../src/site/load.ts';
import { useStrings } from '../../src/site/i18n.ts';
import { DEFAULT_SITE, absoluteUrl, alternatesFor, classifyPath, pageDescription, robotsTxt, sectionDescription, siteUrl } from '../../src/site/render/seo.ts';


const site = getSite();
const ORIGIN = 'https://rules.example.org';

describe('site URL', () => {
  test('comes from CR_ATLAS_SITE, without a trailing slash, with a reserved default', () => {
    expect(siteUrl({})).toBe(DEFAULT_SITE);
    expect(siteUrl({ CR_ATLAS_SITE: 'https://rules.example.org/' })).toBe(ORIGIN);
    expect(siteUrl({ CR_ATLAS_SITE: 'https://example.org/cr/' })).toBe('https://example.org/cr');
    expect(absoluteUrl('/en/702/', 'https://example.org/cr')).toBe('https://example.org/cr/en/702/');
  });
  test('a bad CR_ATLAS_SITE is a clear error, not a broken sitemap', () => {
    expect(() => siteUrl({ CR_ATLAS_SITE: 'rules.example.org' })).toThrow(/CR_ATLAS_SITE: expected an absolute http\(s\) URL.*rules\.example\.org/);
    expect(() => siteUrl({ CR_ATLAS_SITE: 'ftp://x.org' })).toThrow(/http or https/);
  });
  test('robots.txt names the absolute sitemap index', () => {
    expect(robotsTxt(ORIGIN)).toBe('User-agent: *\nAllow: /\n\nSitemap: https://rules.example.org/sitemap-index.xml\n');
  });
});

describe('hreflang alternates', () => {
  test('home pages point at each other, English is x-default, every URL absolute', () => {
    expect(alternatesFor(site, '/ja/', ORIGIN)).toEqual([
      { hreflang: 'en', href: `${ORIGIN}/en/` },
      { hreflang: 'ja', href: `${ORIGIN}/ja/` },
      { hreflang: 'ko', href: `${ORIGIN}/ko/` },
      { hreflang: 'x-default', href: `${ORIGIN}/en/` },
    ]);
    expect(alternatesFor(site, '/en/glossary/', ORIGIN).map((a) => a.href)).toEqual([`${ORIGIN}/en/glossary/`, `${ORIGIN}/ja/glossary/`, `${ORIGIN}/ko/glossary/`, `${ORIGIN}/en/glossary/`]);
  });
  test('older editions and unknown paths get none', () => {
    expect(alternatesFor(site, '/en/2019-01-25/702/', ORIGIN)).toEqual([]);
    expect(alternatesFor(site, '/nowhere/', ORIGIN)).toEqual([]);
  });
  test('every section page of a latest edition links the page of each language that holds its first rule', () => {
    let checked = 0;
    for (const lang of ['en', 'ja', 'ko'] as const) {
      for (const page of site.latest.get(lang)!.pages) {
        const first = page.chunk.entries[0]!.number;
        const alts = alternatesFor(site, page.path, ORIGIN);
        expect(alts.find((a) => a.hreflang === lang)?.href).toBe(`${ORIGIN}${page.path}`);
        for (const a of alts) {
          if (a.hreflang === 'x-default') continue;
          const other = site.latest.get(a.hreflang as 'en')!;
          const target = other.pages.find((p) => `${ORIGIN}${p.path}` === a.href);
          expect(target, `${page.path} → ${a.href}`).toBeDefined();
          // The other language holds the rule on that page, or lacks it and the link is its section's first page.
          if (other.pageOf.has(first)) expect(target!.chunk.entries.some((r) => r.number === first)).toBe(true);
          else expect(target!.chunk.index).toBe(1);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
  test('a section new since the translations is in every current edition, and has alternates there', () => {
    // 123 (stickers) is new since 2019 (`cr history 123`: first in 2022-10-07): the current Japanese and Korean
    // editions (composed on 2026-01-16) show it in English, under the English address; the 2019 translations lack it.
    expect(alternatesFor(site, '/en/123/', ORIGIN).map((a) => a.hreflang)).toEqual(['en', 'ja', 'ko', 'x-default']);
    expect(site.get('ja', '2019-01-25')!.sections.some((s) => s.number === '123')).toBe(false);
    expect(site.latest.get('ja')!.rules.get('123')?.translation?.status).toBe('untranslated');
  });
});

describe('meta descriptions', () => {
  test('a section page is described by its own text, within 158 characters', () => {
    const page = site.latest.get('en')!.pageOf.get('702.19b')!;
    const d = sectionDescription(page);
    expect(d.startsWith('702. Keyword Abilities (')).toBe(true);
    expect(d.length).toBeLessThanOrEqual(158);
    expect(classifyPath(site, page.path)).toEqual({ kind: 'section', page });
  });
  test('every page kind gets a description in its language', () => {
    const ja = useStrings('ja');
    expect(pageDescription(site, '/ja/glossary/', 'x', ja)).toBe(`マジック：ザ・ギャザリング総合ルール（2026-01-16 版）の用語集：${site.latest.get('ja')!.doc.glossary.length} 語、それぞれのルールと英語・韓国語の名前。`);
    expect(pageDescription(site, '/ko/search/', 'x', useStrings('ko'))).toContain('검색');
    expect(pageDescription(site, '/ja/parallel/702/', '702 対訳', ja)).toBe(`702 対訳 — ${ja('tagline')}`);
  });
  test('descriptions of section pages are unique within an edition', () => {
    for (const ed of site.editions) {
      const all = ed.pages.map((p) => sectionDescription(p));
      expect(all.filter((d, i) => all.indexOf(d) !== i), `${ed.lang} ${ed.edition}`).toEqual([]);
    }
  });
});
