/** Order statistics for the benchmarks. */

/** The q-quantile (0…1) of a sample, nearest rank; 0 for an empty sample. */
export function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))]!;
}

export const median = (xs: number[]) => quantile(xs, 0.5);
