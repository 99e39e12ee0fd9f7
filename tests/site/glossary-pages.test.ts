/**
 * The glossary split into an index and one page per initial group (src/site/glossary-pages.ts,
 * glossary-data.ts): every link to an entry names the page that holds it, the filter's headword list
 * covers every entry, links made before the split find their new page, and the filter ranks sensibly.
 */
import { describe, expect, test } from 'vitest';
import { getSite } from '../../src/site/load.ts';
import { glossaryHref } from '../../src/site/bridge.ts';
import { headwordList } from '../../src/site/glossary-data.ts';
import { editionPagePaths, glossaryEntryHref } from '../../src/site/site.ts';
import { matchHeadwords, movedAnchor } from '../../src/site/client/glossary.ts';

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
    expect(koList.count).toBe(koList.items.length);
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
