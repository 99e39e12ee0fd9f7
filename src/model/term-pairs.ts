/**
 * A translation's term pairs (its name ↔ the English name) as the document gives them: from the
 * glossary (`色/Color`) and the term bridge (keyword headings, `702.19. 돌진 Trample`), each pair once.
 * The one definition of "the pairs": the glossary pages list the ones whose term the glossary lacks
 * (glossary-pages.ts), the term bridge links all of them (bridge.ts). Pure, no site model.
 */
import type { GlossaryEntry, RuleDocument } from './types.ts';

export interface TermPair {
  term: string;
  english: string;
  /** Rule number where the rules name the pair (keyword headings), or `glossary`. */
  source: string;
  /** The glossary entry the pair comes from, for a pair from the glossary. */
  entry?: GlossaryEntry;
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

/**
 * Every pair of a document, first the glossary's (entries with an English name), then the term
 * bridge's, in document order; a pair whose term and English name (by `englishKey`) came before is
 * left out, so a term named with two English names is two pairs.
 */
export function termPairs(doc: RuleDocument): TermPair[] {
  const out: TermPair[] = [];
  const seen = new Set<string>();
  const push = (p: TermPair) => {
    const k = `${p.term}|${englishKey(p.english)}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push(p);
  };
  for (const g of doc.glossary) if (g.english) push({ term: g.term, english: g.english, source: 'glossary', entry: g });
  for (const b of doc.termBridge) push({ term: b.term, english: b.english, source: b.source });
  return out;
}

/** The pairs whose term the document's glossary lacks (all of them for a translation without a glossary). */
export function pairsLackingEntries(doc: RuleDocument): TermPair[] {
  const own = new Set(doc.glossary.map((g) => g.term));
  return termPairs(doc).filter((p) => !own.has(p.term));
}
