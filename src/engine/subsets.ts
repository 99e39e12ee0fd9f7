/**
 * Subsets of a small set, for the searches that the examples keep tiny (which creatures attack, which mana sources
 * pay). The limit is explicit: asking for the subsets of more than MAX_SUBSET_ITEMS items is an error, never a
 * silently shorter answer.
 */
export const MAX_SUBSET_ITEMS = 12;

export function popcount(n: number): number {
  let c = 0;
  while (n) {
    c += n & 1;
    n >>= 1;
  }
  return c;
}

/** Every subset of `xs` (2^n of them, the empty set first). Throws a RangeError above MAX_SUBSET_ITEMS items. */
export function subsets<T>(xs: T[]): T[][] {
  if (xs.length > MAX_SUBSET_ITEMS) throw new RangeError(`too many items to enumerate their subsets (${xs.length}; at most ${MAX_SUBSET_ITEMS})`);
  const out: T[][] = [];
  for (let m = 0; m < 1 << xs.length; m++) out.push(xs.filter((_, i) => m & (1 << i)));
  return out;
}
