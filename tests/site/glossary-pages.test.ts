/**
 * The glossary split into an index and one page per initial group (src/model/glossary-pages.ts,
 * glossary-data.ts): every link to an entry names the page that holds it, the filter's headword list
 * covers every entry, links made before the split find their new page, and the filter ranks sensibly.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { getSite } from '../../src/site/load.ts';
import { glossaryHref } from '../../src/site/bridge.ts';
import { glossaryData, headwordList } from '../../src/site/glossary-data.ts';
import { glossaryLayout, PAIRS_PAGE } from '../../src/model/glossary-pages.ts';
import { initialOf } from '../../src/model/glossary-index.ts';
import { pairSlugs } from '../../src/model/slug.ts';
import { pageDescription } from '../../src/site/render/seo.ts';
import { useStrings } from '../../src/site/i18n.ts';
import { editionPagePaths, glossaryEntryHref, type Edition } from '../../src/site/site.ts';
import { matchHeadwords, movedAnchor } from '../../src/site/client/glossary.ts';
import { makeDoc, makeRule } from './make.ts';
import { SHARED, needs } from '../inputs.ts';
import { KO19 } from '../helpers.ts';
import { rawBilingualHeadings } from '../raw-counts.ts';

const site = getSite();
const en = site.latest.get('en')!;
const ja = site.latest.get('ja')!;
const ko = site.latest.get('ko')!;

describe('glossary pages', () => {
  test('an entry links to its group page: rules, previews and the term bridge agree', () => {
    expect(glossaryHref(en, 'Trample')?.href).toBe('/en/glossary/t/#g-trample');
    expect(glossaryHref(ja, 'トランプル')?.href).toBe('/ja/glossary/ta/#g-トランプル');
    // Latin headwords are on the 英数字 page.
    expect(glossaryHref(ja, 'Y')?.href).toBe('/ja/glossary/other/#g-y');
    for (const ed of [en, ja]) {
      for (const g of ed.doc.glossary) {
        const id = ed.glossary.pageOf.get(g)!;
        const group = ed.glossary.groups.find((x) => x.id === id)!;
        expect(group.items.some((it) => it.kind === 'entry' && it.entry === g)).toBe(true);
        expect(glossaryEntryHref(ed, g).startsWith(`${ed.base}glossary/${id}/#g-`)).toBe(true);
      }
    }
  });

  test('every group page is a page of the edition (sitemap, offline list, pinned aliases)', () => {
    const paths = editionPagePaths(ja);
    expect(paths).toContain('/ja/glossary/');
    expect(paths).toContain('/ja/glossary/ka/');
    expect(paths).toContain('/ja/glossary/other/');
    // Japanese terms the glossary lacks (keyword names from the rules) have their own page of pairs.
    expect(paths).toContain('/ja/glossary/pairs/');
    // Korean has no glossary: its term pairs are grouped by initial consonant.
    expect(editionPagePaths(ko)).toContain('/ko/glossary/d/');
    expect(en.glossary.pages.map((p) => p.label).join('')).toBe('ABCDEFGHIJKLMNOPRSTUVWXYZ');
  });

  test('the headword list holds every entry once, linked relative to the index', () => {
    const list = headwordList(site, en);
    expect(list.count).toBe(en.doc.glossary.length);
    expect(list.items).toHaveLength(en.doc.glossary.length);
    expect(new Set(list.items.map((h) => h[0]))).toEqual(new Set(en.doc.glossary.map((g) => g.term)));
    const trample = list.items.find((h) => h[0] === 'Trample')!;
    expect(trample[1]).toBe('t/#g-trample');
    expect(trample[4]).toEqual([['ja', 'トランプル'], ['ko', '돌진']]);
    const jaList = headwordList(site, ja);
    expect(jaList.count).toBe(ja.doc.glossary.length);
    expect(jaList.items.find((h) => h[0] === 'トランプル')).toEqual(['トランプル', 'ta/#g-トランプル', 'とらんぷる', 'Trample', [['ko', '돌진']]]);
    // Korean: the pairs, each on its initial's page.
    const koList = headwordList(site, ko);
    expect(koList.items.find((h) => h[0] === '돌진')?.[1]).toBe('d/#p-돌진');
  });

  needs(SHARED).it('the Korean headword list is the 127 bilingual keyword headings of the 2019 text, each once', () => {
    // Counted apart from the reader: the raw file's 701.N/702.N heading lines holding both Hangul and a Latin word
    // (tests/raw-counts.ts; ko-text.test.ts pins the same 127 for the term bridge).
    const want = rawBilingualHeadings(readFileSync(KO19, 'utf8'));
    expect(want).toBe(127);
    const ko19 = site.get('ko', '2019-01-25')!;
    const koList = headwordList(site, ko19);
    expect(koList.count).toBe(want);
    expect(new Set(koList.items.map((h) => h[0])).size).toBe(want);
  });

  test('links from before the split find the page that now holds their target', () => {
    const list = headwordList(site, en);
    const groups = en.glossary.pages.map((p) => p.id);
    expect(movedAnchor('g-trample', list.items, groups)).toBe('t/#g-trample');
    expect(movedAnchor('gl-t', list.items, groups)).toBe('t/');
    expect(movedAnchor('gl-q', list.items, groups)).toBeNull();
    expect(movedAnchor('g-no-such-term', list.items, groups)).toBeNull();
    expect(movedAnchor('702.19b', list.items, groups)).toBeNull();
  });

  test('the filter: the term itself first, then names starting with the query, hiragana finds katakana', () => {
    const enList = headwordList(site, en).items;
    expect(matchHeadwords(enList, 'tram').map((h) => h[0])).toEqual(['Trample', 'Trample Over Planeswalkers']);
    // Korean and Japanese names find the English entry.
    expect(matchHeadwords(enList, '돌진')[0]![0]).toBe('Trample');
    expect(matchHeadwords(headwordList(site, ja).items, 'とらんぷる')[0]![0]).toBe('トランプル');
    expect(matchHeadwords(enList, '   ')).toEqual([]);
  });
});

/** The anchors a glossary page of the model carries: its entries' slugs and its pairs' ids. */
const pageIds = (ed: Edition, id: string) => {
  const page = ed.glossary.pages.find((p) => p.id === id)!;
  return [...page.items.flatMap((it) => (it.kind === 'entry' ? [ed.glossarySlug.get(it.entry)!] : [])), ...page.pairs.flatMap((r) => (r.id ? [r.id] : []))];
};

describe('term pairs on the glossary pages: one definition, one place', () => {
  test('Japanese: the pairs page lists exactly the term-bridge terms its glossary lacks, each term counted once', () => {
    // Independently of the model: the terms of the document's term bridge that are no glossary headword.
    const headwords = new Set(ja.doc.glossary.map((g) => g.term));
    const lacking = new Set(ja.doc.termBridge.map((b) => b.term).filter((t) => !headwords.has(t)));
    const page = ja.glossary.pages.find((p) => p.id === PAIRS_PAGE)!;
    expect(new Set(page.terms)).toEqual(lacking);
    expect(page.terms).toHaveLength(lacking.size);
    expect(ja.glossary.pages.at(-1)).toBe(page);
    // バンド pairs with two English names (keyword 702.21 "Banding" and the glossary's "Banding, “Bands with Other”"):
    // two rows, one anchor, one headword on the index.
    const rows = page.pairs.filter((r) => r.term === 'バンド');
    expect(rows.map((r) => [r.english, r.source, r.id])).toEqual([
      ['Banding', '702.21', 'p-バンド'],
      ['Banding, "Bands with Other"', 'glossary', null],
    ]);
    expect(page.terms.filter((t) => t === 'バンド')).toHaveLength(1);
    expect(page.pairs).toHaveLength(page.terms.length + 1);
    // The glossary counts its entries; the pairs page is apart.
    expect(ja.glossary.count).toBe(ja.doc.glossary.length);
  });

  test('Korean (no glossary): every pair on the page of its initial, pages in index order, the count is the terms', () => {
    const terms = [...new Set(ko.doc.termBridge.map((b) => b.term))];
    expect(ko.glossary.count).toBe(terms.length);
    expect(ko.glossary.pages.flatMap((p) => p.terms).sort()).toEqual([...terms].sort());
    for (const p of ko.glossary.pages) {
      for (const r of p.pairs) expect(initialOf('ko', r.term).id, r.term).toBe(p.id);
      expect(p.pairs.map((r) => r.term)).toEqual(p.pairs.map((r) => r.term).sort(new Intl.Collator('ko').compare));
    }
    expect(ko.glossary.pairOf.get('돌진')).toEqual({ page: 'd', anchor: 'p-돌진' });
    // The page list is the one the pairs were put on: no page without rows, none missing.
    expect(ko.glossary.pages.map((p) => p.id)).toEqual([...new Set(ko.glossary.pages.flatMap((p) => p.pairs.map((r) => initialOf('ko', r.term).id)))]);
  });

  test('glossaryData links each page\'s pairs: the term to its rule, the English name to its entry', () => {
    const { pairsByPage } = glossaryData(site, ko);
    expect([...pairsByPage.keys()]).toEqual(ko.glossary.pages.map((p) => p.id));
    const trample = pairsByPage.get('d')!.find((r) => r.term === '돌진')!;
    expect(trample.own?.href).toBe('/ko/702/2/#702.19');
    // The current Korean edition (composed on 2026-01-16) follows the latest English: its pairs link that glossary.
    expect(ko.edition).toBe('2026-01-16');
    expect(trample.en?.href).toBe('/en/glossary/t/#g-trample');
    // Korean 2019-01-25 follows the English rules of 2019-01-25: its pairs link that edition's glossary.
    const ko19 = site.get('ko', '2019-01-25')!;
    expect(glossaryData(site, ko19).pairsByPage.get('d')!.find((r) => r.term === '돌진')!.en?.href).toBe('/en/2019-01-25/glossary/t/#g-trample');
    expect([...glossaryData(site, ja).pairsByPage.keys()]).toEqual([PAIRS_PAGE]);
    expect(glossaryData(site, en).pairsByPage.size).toBe(0);
  });

  test('the index, the headword list and the meta description give the same count', () => {
    for (const ed of [en, ja, ko]) {
      expect(headwordList(site, ed).count).toBe(ed.glossary.count);
      const t = useStrings(ed.lang);
      expect(pageDescription(site, `${ed.base}glossary/`, 'x', t)).toContain(ed.lang === 'en' ? `${ed.glossary.count} terms` : `${ed.glossary.count}`);
    }
    // Korean's used to count the term bridge's rows, duplicates included; now the terms its pages show.
    expect(pageDescription(site, '/ko/glossary/', 'x', useStrings('ko'))).toContain(`${ko.glossary.count}개 용어`);
  });

  test('anchors of term pairs: the one slug function, unique even when two terms slug alike', () => {
    expect([...pairSlugs(['Bands with Other', 'bands-with other', 'Bands  With Other', '돌진']).values()]).toEqual(['p-bands-with-other', 'p-bands-with-other-2', 'p-bands-with-other-3', 'p-돌진']);
    const doc = makeDoc([makeRule('702.1', 'x')], {
      lang: 'ko',
      termBridge: [
        { term: '돌진 A', english: 'Trample', source: '702.19' },
        { term: '돌진-a', english: 'Trample Over', source: '702.19' },
        { term: '돌진 A', english: 'Trampling', source: '702.19' },
      ],
    });
    const layout = glossaryLayout('ko', '/ko/', doc);
    expect(layout.pages.map((p) => [p.id, p.pairs.map((r) => r.id)])).toEqual([['d', ['p-돌진-a', null, 'p-돌진-a-2']]]);
    expect(layout.count).toBe(2);
  });

  test('no glossary page of the real documents has an anchor twice (entries and pairs)', () => {
    for (const ed of site.editions) {
      for (const p of ed.glossary.pages) {
        const ids = pageIds(ed, p.id);
        expect(new Set(ids).size, `${p.path}`).toBe(ids.length);
      }
    }
  });
});

describe('switches on a glossary page', () => {
  test('language and edition links go to the other glossary index, not its contents', async () => {
    const { editionLinks, languageLinks } = await import('../../src/site/nav.ts');
    expect(languageLinks(site, ja, { glossary: true }).map((l) => l.href)).toEqual(['/en/glossary/', '/ja/glossary/', '/ko/glossary/']);
    expect(editionLinks(site, en, { glossary: true }).map((l) => l.href)).toEqual(['/en/glossary/', '/en/2019-01-25/glossary/', '/en/2017-01-20/glossary/']);
    // A section page keeps its section; no place: the contents.
    expect(languageLinks(site, ja, '702').map((l) => l.href)).toEqual(['/en/702/', '/ja/702/', '/ko/702/']);
    expect(languageLinks(site, ja, null).map((l) => l.href)).toEqual(['/en/', '/ja/', '/ko/']);
  });
});
