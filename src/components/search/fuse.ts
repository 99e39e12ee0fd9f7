/**
 * How the full-text page joins its two engines (issue 22; review 2026-11-27, search #10): the core
 * answers first, and Pagefind is fetched only when the core's answer needs it; when it is asked, the
 * best rows Pagefind finds that the core missed are not pushed below the core's ten rows (`クローン
 * カウンター` → the copy rule 707.2, `레이어` → 613.2 were eleventh). Pure, so it is unit-tested apart
 * from the page script.
 */
import type { SearchHit } from '../../search/types.ts';

/** How a core row that answers the query itself matched: a rule number, a heading, a term, an alias. */
const EXACT = new Set(['number', 'title', 'alias', 'glossary', 'definition', 'synonym-rule', 'bridge', 'dictionary']);

/**
 * Whether the full text must be asked: not for a rule number (the core answers it exactly); else when
 * the core listed fewer than `top` rows, or when its first row matched only words of rule text (a
 * question, a card name: where the full text's phrase matches may find what the core missed).
 */
export function needsFullText(hits: readonly Pick<SearchHit, 'via'>[] | null, isNumber: boolean, top: number): boolean {
  if (isNumber) return false;
  if (!hits || hits.length < top) return true;
  return !EXACT.has(hits[0]!.via);
}

/**
 * Places in the list, counted from 0, that the full text's best rows the core missed take: the 5th and
 * the 10th. The core's first four rows stay where they are (its first row is right far more often than
 * Pagefind's), and the two best rows it missed are within the first ten.
 */
export const MISSED_SLOTS = [4, 9] as const;

/**
 * The order of the rows: the core's, with the full text's first rows (those the core missed, in
 * Pagefind's order) moved into `slots`; the rest of them after. A slot past the core's rows is simply
 * the next place.
 */
export function interleave<T>(core: readonly T[], missed: readonly T[], slots: readonly number[] = MISSED_SLOTS): T[] {
  const out = [...core];
  let m = 0;
  for (const s of slots) {
    if (m >= missed.length) break;
    out.splice(Math.min(s, out.length), 0, missed[m++]!);
  }
  return [...out, ...missed.slice(m)];
}
