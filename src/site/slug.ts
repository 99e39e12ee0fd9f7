/** Anchors for glossary entries: stable, readable, unique within a glossary. */
import type { GlossaryEntry } from '../model/types.ts';

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

/** Slug per entry (`g-` prefixed so no glossary anchor can collide with a rule number). */
export function glossarySlugs(entries: readonly GlossaryEntry[]): Map<GlossaryEntry, string> {
  const out = new Map<GlossaryEntry, string>();
  const used = new Set<string>();
  for (const g of entries) {
    const base = `g-${termSlug(g.term)}`;
    let slug = base;
    for (let i = 2; used.has(slug); i++) slug = `${base}-${i}`;
    used.add(slug);
    out.set(g, slug);
  }
  return out;
}
