/**
 * What the glossary pages show besides the entries themselves, computed once per edition: each entry's
 * equivalents in the other languages (term bridge), the term pairs a glossary lacks, and the headword
 * list the filter box searches (`/api/{lang}/{edition}/headwords.json`: every headword with its reading,
 * English and other-language names and the page it is on, so the filter works on any glossary page
 * without loading the entries, and offline once saved). Pure given the site model.
 */
import type { GlossaryEntry } from '../model/types.ts';
import { bridgeFromEnglish, bridgeToEnglish, englishKey, type TermLink } from './bridge.ts';
import { glossaryPath, PAIRS_PAGE, pairGroups } from './glossary-pages.ts';
import { glossaryEntryHref, type Edition, type Site } from './site.ts';

export type BridgePair = ReturnType<typeof bridgeToEnglish>[number];

export interface GlossaryData {
  /** The same concept in the other languages: English (for a translation) first, then the others. */
  equivalents(g: GlossaryEntry): TermLink[];
  /** Term pairs whose term the glossary lacks (all pairs for a translation without a glossary). */
  pairs: BridgePair[];
}

const cache = new WeakMap<Edition, GlossaryData>();

export function glossaryData(site: Site, ed: Edition): GlossaryData {
  const hit = cache.get(ed);
  if (hit) return hit;
  const fromEn = bridgeFromEnglish(site);
  const toEn = ed.lang === 'en' ? [] : bridgeToEnglish(site, ed);
  const enOf = new Map(toEn.filter((b) => b.own?.key).map((b) => [b.term, b]));
  const pairs = toEn.filter((b) => !ed.glossaryByTerm.has(b.term));
  const equivalents = (g: GlossaryEntry): TermLink[] => {
    const en = ed.lang === 'en' ? null : (enOf.get(g.term)?.en ?? null);
    const key = englishKey(ed.lang === 'en' ? g.term : (g.english ?? enOf.get(g.term)?.english ?? ''));
    const others = key ? (fromEn.get(key) ?? []).filter((o) => o.lang !== ed.lang) : [];
    return [...(en ? [en] : []), ...others];
  };
  const data = { equivalents, pairs };
  cache.set(ed, data);
  return data;
}

/** Where a term pair's row is: its page (the pairs page, or its initial's page when the language has no glossary) and anchor. */
export function pairAnchor(term: string): string {
  return `p-${[...term.normalize('NFKC')].map((c) => (/[\p{L}\p{N}]/u.test(c) ? c : '-')).join('').replace(/-+/g, '-').replace(/^-|-$/g, '') || 'term'}`;
}

/** One headword of the filter list: `[term, href relative to the glossary index, reading, English, [lang, name] in the other languages]`. */
export type Headword = [term: string, href: string, reading: string, english: string, others: [string, string][]];

export interface HeadwordList {
  lang: string;
  edition: string;
  /** Glossary entries (or, without a glossary, term pairs): what the status line counts. */
  count: number;
  items: Headword[];
}

/** The filter's list of every headword of an edition's glossary pages. */
export function headwordList(site: Site, ed: Edition): HeadwordList {
  const { equivalents, pairs } = glossaryData(site, ed);
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
  const count = items.length;
  const pairPage = (term: string) => (ed.glossary.groups.length > 0 ? PAIRS_PAGE : pairGroups(ed.lang, [term], (t) => t)[0]!.id);
  for (const p of pairs) items.push([p.term, `${pairPage(p.term)}/#${pairAnchor(p.term)}`, '', p.english, []]);
  return { lang: ed.lang, edition: ed.edition, count: count || pairs.length, items };
}

/** Path of an edition's headword list. */
export const headwordListPath = (ed: { lang: string; edition: string }) => `/api/${ed.lang}/${ed.edition}/headwords.json`;
