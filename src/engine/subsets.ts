/**
 * Subsets of a small set, for the one answer that is itself a list of subsets: the query legal-attacks, which lists
 * every legal attack declaration (2^n of them). Legality itself never enumerates (combat-legality.ts). The limit is
 * explicit: asking for the subsets of more than MAX_SUBSET_ITEMS items is an error, never a silently shorter answer.
 */
const MAX_SUBSET_ITEMS = 12;

/** Every subset of `xs` (2^n of them, the empty set first). Throws a RangeError above MAX_SUBSET_ITEMS items. */
export function subsets<T>(xs: T[]): T[][] {
  if (xs.length > MAX_SUBSET_ITEMS) throw new RangeError(`too many creatures to list every attack declaration (${xs.length}; at most ${MAX_SUBSET_ITEMS}); a declaration can still be checked`);
  const out: T[][] = [];
  for (let m = 0; m < 1 << xs.length; m++) out.push(xs.filter((_, i) => m & (1 << i)));
  return out;
}
