/**
 * Where the glossary lives: an index page (`/ja/glossary/`: initials, counts, a filter) and one page
 * per initial group (`/ja/glossary/ka/`), plus, for a translation whose rules name terms its glossary
 * lacks, a page of term pairs (`/ja/glossary/pairs/`). A phone then never loads the whole glossary
 * (725 English entries were one 123,000 px page). This module is the one place that says which page
 * holds an entry, so every link to an entry (rules, previews, search, the API, the filter's headword
 * list) agrees. Pure; part of the site model (site.ts).
 */
import type { GlossaryEntry, Lang, RuleDocument } from '../model/types.ts';
import { groupByInitial, layoutGlossary, type GlossaryItem, type InitialGroup } from './glossary-index.ts';

/** Id of the page of term pairs a glossary lacks (`/ja/glossary/pairs/`); no initial group uses it. */
export const PAIRS_PAGE = 'pairs';

export interface GlossaryPageRef {
  /** `ka`, `t`, `ng`, `other`, or PAIRS_PAGE. */
  id: string;
  /** What the index shows (`か`, `T`, `ㅇ`); empty for the pairs page, whose label is a translated string. */
  label: string;
  path: string;
}

export interface GlossaryLayout {
  /** Every page after the index, in index order (initial groups, then the pairs page). */
  pages: GlossaryPageRef[];
  /** Glossary entries by initial, in dictionary order (empty for a translation without a glossary). */
  groups: InitialGroup<GlossaryItem<GlossaryEntry>>[];
  /** Entry → id of the page that holds it. */
  pageOf: Map<GlossaryEntry, string>;
}

/** `/ja/glossary/` (the index) or `/ja/glossary/ka/` (a group). */
export const glossaryPath = (base: string, id?: string) => (id ? `${base}glossary/${id}/` : `${base}glossary/`);

/** The terms a translation's term pairs page or groups list: pairs whose term its glossary lacks. */
export function pairTerms(doc: RuleDocument): string[] {
  const own = new Set(doc.glossary.map((g) => g.term));
  return [...new Set(doc.termBridge.map((b) => b.term).filter((t) => !own.has(t)))];
}

/**
 * Term pairs of a translation without a glossary (Korean), grouped by initial in dictionary order: the
 * glossary pages of that language show these instead of entries.
 */
export function pairGroups<T>(lang: Lang, pairs: readonly T[], term: (p: T) => string): InitialGroup<T>[] {
  const collator = new Intl.Collator(lang);
  return groupByInitial(lang, [...pairs].sort((a, b) => collator.compare(term(a), term(b))), (p) => ({ term: term(p) }));
}

export function glossaryLayout(lang: Lang, base: string, doc: RuleDocument): GlossaryLayout {
  const groups = layoutGlossary(lang, doc.glossary, (g) => ({ term: g.term, ...(g.reading ? { reading: g.reading } : {}) }));
  const pageOf = new Map<GlossaryEntry, string>();
  for (const g of groups) for (const it of g.items) if (it.kind === 'entry') pageOf.set(it.entry, g.id);
  const pairs = pairTerms(doc);
  const initials = groups.length > 0 ? groups : pairGroups(lang, pairs, (t) => t);
  const pages: GlossaryPageRef[] = initials.map((g) => ({ id: g.id, label: g.label, path: glossaryPath(base, g.id) }));
  if (groups.length > 0 && pairs.length > 0) pages.push({ id: PAIRS_PAGE, label: '', path: glossaryPath(base, PAIRS_PAGE) });
  return { pages, groups, pageOf };
}
