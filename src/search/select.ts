/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Picking the best few of thousands of scored records without sorting them all. A query for a
 * common word or a one-letter prefix touches most records, and sorting them (twice, with a
 * comparator closure) was a fifth of such a query's time; the engine needs only a cut-off and the
 * top 10–20, in a fixed order: score descending, then record index ascending.
 */

/**
 * The k-th largest value (1-based) of `values[0..n)`, counting repeats, by quickselect; `values`
 * is reordered. Equal to sorting ascending and taking `[n - k]`.
 */
export function kthLargest(values: Float64Array, n: number, k: number): number {
  const want = n - k;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    // Median of three as the pivot, then Hoare partition.
    const mid = (lo + hi) >> 1;
    const a = values[lo]!;
    const b = values[mid]!;
    const c = values[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (want <= j) hi = j;
    else if (want >= i) lo = i;
    else return values[want]!;
  }
  return values[want]!;
}

/** Whether record `a` ranks before record `b`: higher score, then lower index. */
const before = (scores: Float64Array, a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);

/**
 * The best `k` of `candidates[0..n)` by score (descending, ties by record index), in order: an
 * insertion into a list of `k`, so O(n) for the few-hundred candidates the engine keeps.
 */
export function topK(candidates: ArrayLike<number>, n: number, scores: Float64Array, k: number): number[] {
  const top: number[] = [];
  if (k <= 0) return top;
  for (let c = 0; c < n; c++) {
    const d = candidates[c]!;
    if (top.length === k && !before(scores, d, top[k - 1]!)) continue;
    let i = top.length === k ? k - 1 : top.length;
    while (i > 0 && before(scores, d, top[i - 1]!)) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = d;
  }
  return top;
}
