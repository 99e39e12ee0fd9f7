/** Anchors for glossary entries and term pairs: stable, readable, unique within a glossary (one slug function, termSlug). */
import type { GlossaryEntry } from './types.ts';

/**
 * `Active Player, Nonactive Player Order` → `active-player-nonactive-player-order`; letters of any script
 * are kept (`色` → `色`), everything else becomes a single hyphen.
 */
export function termSlug(term: string): string {
  const s = term
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'term';
}

/**
 * Anchor per item, unique among `items`: `prefix` + termSlug of its term, and for a term that slugs like
 * one before it (`A-B` and `A b`), `-2`, `-3`… in order.
 */
function uniqueSlugs<T>(items: readonly T[], term: (item: T) => string, prefix: string): Map<T, string> {
  const out = new Map<T, string>();
  const used = new Set<string>();
  for (const item of items) {
    if (out.has(item)) continue;
    const base = `${prefix}${termSlug(term(item))}`;
    let slug = base;
    for (let i = 2; used.has(slug); i++) slug = `${base}-${i}`;
    used.add(slug);
    out.set(item, slug);
  }
  return out;
}

/** Slug per entry (`g-` prefixed so no glossary anchor can collide with a rule number). */
export function glossarySlugs(entries: readonly GlossaryEntry[]): Map<GlossaryEntry, string> {
  return uniqueSlugs(entries, (g) => g.term, 'g-');
}

/** Anchor per term of a page of term pairs (`p-` prefixed, apart from the glossary's `g-` anchors). */
export function pairSlugs(terms: readonly string[]): Map<string, string> {
  return uniqueSlugs(terms, (t) => t, 'p-');
}
