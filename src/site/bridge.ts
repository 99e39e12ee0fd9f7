/**
 * Glossary links and the term bridge: the same concept across languages. English ↔ Japanese names come
 * from the Japanese glossary (`色/Color`) and keyword headings; English ↔ Korean from the bilingual
 * headings (`702.19. 돌진 Trample`), all carried in `RuleDocument.termBridge` / `GlossaryEntry.english`.
 */
import { glossaryKey } from '../history/items.ts';
import type { GlossaryEntry, Lang } from '../model/types.ts';
import { glossaryEntryHref, ruleHref, type Edition, type Site } from './site.ts';
import { englishKey, termPairs, type TermPair } from '../model/term-pairs.ts';

export interface TermLink {
  lang: Lang;
  term: string;
  href: string;
  /** `lang/edition/slug` for glossary previews; null for a link to a rule. */
  key: string | null;
}

/** Link to a glossary entry of an edition by headword. */
export function glossaryHref(ed: Edition, term: string, english?: string): { href: string; key: string } | null {
  // A headword of two entries (イベント: Event, Tournament): the one whose English the term's link names.
  const g = (english !== undefined ? ed.doc.glossary.find((x) => x.term === term && x.english !== undefined && sameEnglish(x.english, english)) : undefined) ?? ed.glossaryByTerm.get(term);
  if (!g) return null;
  const slug = ed.glossarySlug.get(g)!;
  return { href: glossaryEntryHref(ed, g), key: `${ed.lang}/${ed.edition}/${slug}` };
}

const sameEnglish = (a: string, b: string) => glossaryKey(a) === glossaryKey(b);

function entryLink(ed: Edition, g: GlossaryEntry): TermLink {
  const slug = ed.glossarySlug.get(g)!;
  return { lang: ed.lang, term: g.term, href: glossaryEntryHref(ed, g), key: `${ed.lang}/${ed.edition}/${slug}` };
}

/** English glossary entries by English key. */
function englishIndex(ed: Edition): Map<string, GlossaryEntry> {
  const m = new Map<string, GlossaryEntry>();
  for (const g of ed.doc.glossary) {
    for (const name of g.term.split(/,\s*/)) if (!m.has(englishKey(name))) m.set(englishKey(name), g);
    if (!m.has(englishKey(g.term))) m.set(englishKey(g.term), g);
  }
  return m;
}

/** A term pair with its links: the term's entry or rule in its own edition, the English glossary entry. */
export interface LinkedPair extends TermPair {
  own: TermLink | null;
  en: TermLink | null;
}

/** Adds the links to term pairs of a translated edition (its English edition's glossary, else the latest English). */
export function pairLinks(site: Site, ed: Edition): <P extends TermPair>(p: P) => P & Pick<LinkedPair, 'own' | 'en'> {
  const en = ed.english ?? site.latest.get('en') ?? null;
  const index = en ? englishIndex(en) : new Map<string, GlossaryEntry>();
  return (p) => {
    const g = p.entry ?? ed.glossaryByTerm.get(p.term);
    const href = /^\d/.test(p.source) ? ruleHref(ed, p.source) : null;
    const own = g ? entryLink(ed, g) : href ? { lang: ed.lang, term: p.term, href, key: null } : null;
    const e = index.get(englishKey(p.english));
    return { ...p, own, en: en && e ? entryLink(en, e) : null };
  };
}

/** For a translated edition: each of its term pairs (term-pairs.ts) with its links. */
export function bridgeToEnglish(site: Site, ed: Edition): LinkedPair[] {
  return termPairs(ed.doc).map(pairLinks(site, ed));
}

/** For an English edition: English key → the same concept in the latest Japanese and Korean editions. */
export function bridgeFromEnglish(site: Site): Map<string, TermLink[]> {
  const out = new Map<string, TermLink[]>();
  for (const lang of ['ja', 'ko'] as const) {
    const ed = site.latest.get(lang);
    if (!ed) continue;
    for (const b of bridgeToEnglish(site, ed)) {
      if (!b.own) continue;
      const k = englishKey(b.english);
      const list = out.get(k) ?? [];
      if (!list.some((l) => l.lang === lang)) list.push(b.own);
      out.set(k, list);
    }
  }
  return out;
}
