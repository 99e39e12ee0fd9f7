/**
 * Where the glossary lives: an index page (`/ja/glossary/`: initials, counts, a filter) and one page
 * per initial group (`/ja/glossary/ka/`), plus, for a translation whose rules name terms its glossary
 * lacks, a page of term pairs (`/ja/glossary/pairs/`). A phone then never loads the whole glossary
 * (725 English entries were one 123,000 px page). This module is the one place that says which page
 * holds an entry or a term pair, what each page lists, and how many headwords the glossary counts, so
 * every link to an entry (rules, previews, search, the API, the filter's headword list), the index,
 * the pages and their descriptions agree. Pure given the document; part of the site model (site.ts).
 */
import type { GlossaryEntry, Lang, RuleDocument } from './types.ts';
import { groupByInitial, layoutGlossary, type GlossaryItem, type InitialGroup } from './glossary-index.ts';
import { pairSlugs } from './slug.ts';
import { pairsLackingEntries, type TermPair } from './term-pairs.ts';

/** Id of the page of term pairs a glossary lacks (`/ja/glossary/pairs/`); no initial group uses it. */
export const PAIRS_PAGE = 'pairs';

/** A term pair on a glossary page. */
export interface PairRow extends TermPair {
  /** The anchor of the term (`p-돌진`) on its first row; null on a later row of the same term. */
  id: string | null;
}

interface GlossaryPage {
  /** `ka`, `t`, `ng`, `other`, or PAIRS_PAGE. */
  id: string;
  /** What the index shows (`か`, `T`, `ㅇ`); empty for the pairs page, whose label is a translated string. */
  label: string;
  path: string;
  /** The glossary entries and "see" lines of an initial group, in dictionary order (empty on a page of pairs). */
  items: GlossaryItem<GlossaryEntry>[];
  /** The term pairs of the page, in its order (empty on a page of entries). */
  pairs: PairRow[];
  /** The page's headwords, each once, in page order: what the index counts and previews. */
  terms: string[];
}

export interface GlossaryLayout {
  /** Every page after the index, in index order (initial groups, then the pairs page). */
  pages: GlossaryPage[];
  /** Glossary entries by initial, in dictionary order (empty for a translation without a glossary). */
  groups: InitialGroup<GlossaryItem<GlossaryEntry>>[];
  /** Entry → id of the page that holds it. */
  pageOf: Map<GlossaryEntry, string>;
  /** The term pairs the glossary lacks, in document order (the pages hold them in page order). */
  pairs: PairRow[];
  /** Term of a pair → its page and anchor. */
  pairOf: Map<string, { page: string; anchor: string }>;
  /** Headwords the glossary counts: its entries, or, without a glossary, the terms of its pairs. */
  count: number;
}

/** `/ja/glossary/` (the index) or `/ja/glossary/ka/` (a group). */
export const glossaryPath = (base: string, id?: string) => (id ? `${base}glossary/${id}/` : `${base}glossary/`);

/** Each distinct term of `rows`, in order. */
const distinctTerms = (rows: readonly { term: string }[]) => [...new Set(rows.map((r) => r.term))];

export function glossaryLayout(lang: Lang, base: string, doc: RuleDocument): GlossaryLayout {
  const groups = layoutGlossary(lang, doc.glossary, (g) => ({ term: g.term, ...(g.reading ? { reading: g.reading } : {}) }));
  const pageOf = new Map<GlossaryEntry, string>();
  for (const g of groups) for (const it of g.items) if (it.kind === 'entry') pageOf.set(it.entry, g.id);
  const lacking = pairsLackingEntries(doc);
  const anchors = pairSlugs(distinctTerms(lacking));
  const anchored = new Set<string>();
  // Document order decides which row of a term carries its anchor; a page in another order still shows that row.
  const pairs: PairRow[] = lacking.map((p) => {
    const first = !anchored.has(p.term);
    anchored.add(p.term);
    return { ...p, id: first ? anchors.get(p.term)! : null };
  });
  const page = (id: string, label: string, items: GlossaryItem<GlossaryEntry>[], rows: PairRow[]): GlossaryPage => ({
    id,
    label,
    path: glossaryPath(base, id),
    items,
    pairs: rows,
    terms: rows.length > 0 ? distinctTerms(rows) : items.filter((it) => it.kind === 'entry').map((it) => it.term),
  });
  let pages: GlossaryPage[];
  if (groups.length > 0) {
    pages = groups.map((g) => page(g.id, g.label, g.items, []));
    if (pairs.length > 0) pages.push(page(PAIRS_PAGE, '', [], pairs));
  } else {
    // A translation without a glossary (Korean): its pairs by initial, in dictionary order.
    const collator = new Intl.Collator(lang);
    const sorted = [...pairs].sort((a, b) => collator.compare(a.term, b.term));
    pages = groupByInitial(lang, sorted, (p) => ({ term: p.term })).map((g) => page(g.id, g.label, [], g.items));
  }
  const pairOf = new Map<string, { page: string; anchor: string }>();
  for (const p of pages) for (const r of p.pairs) if (!pairOf.has(r.term)) pairOf.set(r.term, { page: p.id, anchor: anchors.get(r.term)! });
  return { pages, groups, pageOf, pairs, pairOf, count: doc.glossary.length || pairOf.size };
}
