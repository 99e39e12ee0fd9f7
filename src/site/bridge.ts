/**
 * Glossary links and the term bridge: the same concept across languages. English ↔ Japanese names come
 * from the Japanese glossary (`色/Color`) and keyword headings; English ↔ Korean from the bilingual
 * headings (`702.19. 돌진 Trample`), all carried in `RuleDocument.termBridge` / `GlossaryEntry.english`.
 */
import type { GlossaryEntry, Lang } from '../model/types.ts';
import { glossaryEntryHref, ruleHref, type Edition, type Site } from './site.ts';

export interface TermLink {
  lang: Lang;
  term: string;
  href: string;
  /** `lang/edition/slug` for glossary previews; null for a link to a rule. */
  key: string | null;
}

/** Case- and width-insensitive key of an English name (`“Bands with Other”` ≈ `bands with other`). */
export function englishKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[“”"‘’']/g, '')
    .replace(/\s*\(obsolete\)\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Link to a glossary entry of an edition by headword. */
export function glossaryHref(ed: Edition, term: string): { href: string; key: string } | null {
  const g = ed.glossaryByTerm.get(term);
  if (!g) return null;
  const slug = ed.glossarySlug.get(g)!;
  return { href: glossaryEntryHref(ed, g), key: `${ed.lang}/${ed.edition}/${slug}` };
}

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

/** For a translated edition: each of its terms → English name and where the English concept lives. */
export function bridgeToEnglish(site: Site, ed: Edition): { term: string; english: string; own: TermLink | null; en: TermLink | null }[] {
  const en = ed.english ?? site.latest.get('en') ?? null;
  const index = en ? englishIndex(en) : new Map<string, GlossaryEntry>();
  const out: { term: string; english: string; own: TermLink | null; en: TermLink | null }[] = [];
  const seen = new Set<string>();
  const push = (term: string, english: string, own: TermLink | null) => {
    const k = `${term}|${englishKey(english)}`;
    if (seen.has(k)) return;
    seen.add(k);
    const g = index.get(englishKey(english));
    out.push({ term, english, own, en: en && g ? entryLink(en, g) : null });
  };
  for (const g of ed.doc.glossary) if (g.english) push(g.term, g.english, entryLink(ed, g));
  for (const b of ed.doc.termBridge) {
    const href = /^\d/.test(b.source) ? ruleHref(ed, b.source) : null;
    const g = ed.glossaryByTerm.get(b.term);
    push(b.term, b.english, g ? entryLink(ed, g) : href ? { lang: ed.lang, term: b.term, href, key: null } : null);
  }
  return out;
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
