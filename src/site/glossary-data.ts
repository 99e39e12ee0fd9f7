/**
 * What the glossary pages show besides the entries themselves, computed once per edition: each entry's
 * equivalents in the other languages (term bridge), each page's term pairs with their links, and the
 * headword list the filter box searches (`/api/{lang}/{edition}/headwords.json`: every headword with its
 * reading, English and other-language names and the page it is on, so the filter works on any glossary
 * page without loading the entries, and offline once saved). Which pairs there are, on which page and
 * under which anchor is the site model's (glossary-pages.ts); this adds the links. Pure given the site model.
 */
import type { GlossaryEntry } from '../model/types.ts';
import { bridgeFromEnglish, bridgeToEnglish, pairLinks, type LinkedPair, type TermLink } from './bridge.ts';
import { glossaryPath, type PairRow } from '../model/glossary-pages.ts';
import { englishKey } from '../model/term-pairs.ts';
import { glossaryEntryHref, type Edition, type Site } from './site.ts';

/** A row of a page of term pairs, with its links. */
export type BridgePair = PairRow & Pick<LinkedPair, 'own' | 'en'>;

export interface GlossaryData {
  /** The same concept in the other languages: English (for a translation) first, then the others. */
  equivalents(g: GlossaryEntry): TermLink[];
  /** Page id → its term pairs with their links, in page order (only pages that list pairs). */
  pairsByPage: ReadonlyMap<string, BridgePair[]>;
}

const cache = new WeakMap<Edition, GlossaryData>();

export function glossaryData(site: Site, ed: Edition): GlossaryData {
  const hit = cache.get(ed);
  if (hit) return hit;
  const fromEn = bridgeFromEnglish(site);
  const toEn = ed.lang === 'en' ? [] : bridgeToEnglish(site, ed);
  const enOf = new Map(toEn.filter((b) => b.own?.key).map((b) => [b.term, b]));
  // Two entries may share a headword (イベント: Event, Tournament): each finds its own pair first.
  const enOfEntry = new Map(toEn.flatMap((b) => (b.entry ? [[b.entry, b] as const] : [])));
  const equivalents = (g: GlossaryEntry): TermLink[] => {
    const pair = enOfEntry.get(g) ?? enOf.get(g.term);
    const en = ed.lang === 'en' ? null : (pair?.en ?? null);
    const key = englishKey(ed.lang === 'en' ? g.term : (g.english ?? pair?.english ?? ''));
    const others = key ? (fromEn.get(key) ?? []).filter((o) => o.lang !== ed.lang) : [];
    return [...(en ? [en] : []), ...others];
  };
  const link = pairLinks(site, ed);
  const pairsByPage = new Map(ed.glossary.pages.filter((p) => p.pairs.length > 0).map((p) => [p.id, p.pairs.map(link)]));
  const data = { equivalents, pairsByPage };
  cache.set(ed, data);
  return data;
}

/** One headword of the filter list: `[term, href relative to the glossary index, reading, English, [lang, name] in the other languages]`. */
export type Headword = [term: string, href: string, reading: string, english: string, others: [string, string][]];

export interface HeadwordList {
  lang: string;
  edition: string;
  /** Glossary entries (or, without a glossary, the terms of the pairs): what the status line counts. */
  count: number;
  items: Headword[];
}

/** The filter's list of every headword of an edition's glossary pages: entries in dictionary order, then pairs in document order. */
export function headwordList(site: Site, ed: Edition): HeadwordList {
  const { equivalents } = glossaryData(site, ed);
  const index = glossaryPath(ed.base);
  const rel = (href: string) => (href.startsWith(index) ? href.slice(index.length) : href);
  const items: Headword[] = [];
  for (const group of ed.glossary.groups) {
    for (const it of group.items) {
      if (it.kind !== 'entry') continue;
      const g = it.entry;
      const eq = equivalents(g).filter((o) => o.term !== g.english);
      items.push([g.term, rel(glossaryEntryHref(ed, g)), g.reading ?? '', g.english ?? '', eq.map((o) => [o.lang, o.term])]);
    }
  }
  for (const p of ed.glossary.pairs) {
    const at = ed.glossary.pairOf.get(p.term)!;
    items.push([p.term, `${at.page}/#${at.anchor}`, '', p.english, []]);
  }
  return { lang: ed.lang, edition: ed.edition, count: ed.glossary.count, items };
}

/** Path of an edition's headword list. */
export const headwordListPath = (ed: { lang: string; edition: string }) => `/api/${ed.lang}/${ed.edition}/headwords.json`;
