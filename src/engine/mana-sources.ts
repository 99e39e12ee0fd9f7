/**
 * Which mana sources to tap so that a cost can be paid (601.2g), choosing the fewest: the search behind automatic
 * payment. Sources that give the same mana are interchangeable, so the search counts how many of each kind to tap
 * instead of trying every subset of sources: a board of sixty lands of five kinds is a handful of combinations, and no
 * source is ever left out of the search (issue 23: the subset search looked only at the first 12 sources).
 *
 * Among the smallest sets that pay, the one whose sources come earliest on the battlefield is chosen (the earliest of
 * each kind, and the set whose last source is earliest), so the answer doesn't depend on how the search is ordered.
 * The work is bounded: a search that would examine more than MAX_COMBINATIONS combinations is an error that says so,
 * never a silently smaller answer.
 */
import type { CostSymbol } from './mana.ts';
import type { ManaUnit } from './types.ts';

const MAX_COMBINATIONS = 200_000;

export interface ManaSource {
  id: string;
  /** The mana tapping it adds, with the mana of the triggered mana abilities that tapping it triggers (605.4a). */
  gives: ManaUnit[];
}

/** Mana units a cost needs at least (a hybrid or monocolored hybrid symbol one, X none) and at most (mono: 2). */
function unitsNeeded(cost: CostSymbol[]): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const s of cost) {
    const n = s.k === 'generic' ? s.n : s.k === 'x' ? 0 : 1;
    min += n;
    max += s.k === 'mono' ? Math.max(1, s.n) : n;
  }
  return { min, max };
}

/**
 * The fewest sources (ids, in battlefield order) whose mana, added to `pool`, lets `pays` accept the payment; null when
 * even every source together can't pay. `sources` are in battlefield order.
 */
export function chooseManaSources(cost: CostSymbol[], pool: ManaUnit[], sources: ManaSource[], pays: (units: ManaUnit[]) => boolean): string[] | null {
  if (pays(pool)) return [];
  if (!sources.length || !pays([...pool, ...sources.flatMap((s) => s.gives)])) return null;
  // group interchangeable sources: same mana, in battlefield order within a kind
  const kinds = new Map<string, { gives: ManaUnit[]; at: number[]; ids: string[] }>();
  sources.forEach((s, i) => {
    const key = JSON.stringify(s.gives.map((u) => [u.type, !!u.snow]).sort());
    const k = kinds.get(key) ?? { gives: s.gives, at: [], ids: [] };
    k.at.push(i);
    k.ids.push(s.id);
    kinds.set(key, k);
  });
  const ks = [...kinds.values()];
  const most = Math.max(...ks.map((k) => k.gives.length), 1);
  const need = unitsNeeded(cost);
  // a minimal set spends at least one unit of each source it taps, so it has at most `need.max` sources
  const from = Math.max(1, Math.ceil((need.min - pool.length) / most));
  const to = Math.min(sources.length, Math.max(from, need.max));
  let examined = 0;
  const counts = ks.map(() => 0);
  for (let size = from; size <= to; size++) {
    let best: number[] | null = null;
    const consider = () => {
      if (++examined > MAX_COMBINATIONS) throw new RangeError(`automatic payment would examine more than ${MAX_COMBINATIONS} combinations of mana sources (${sources.length} sources of ${ks.length} kinds); pay the cost explicitly`);
      const units = [...pool];
      ks.forEach((k, i) => { for (let j = 0; j < counts[i]!; j++) units.push(...k.gives); });
      if (!pays(units)) return;
      const at = ks.flatMap((k, i) => k.at.slice(0, counts[i]!)).sort((a, b) => b - a);
      if (!best || earlier(at, best)) best = at;
    };
    const go = (i: number, left: number): void => {
      if (i === ks.length - 1) {
        if (left > ks[i]!.at.length) return;
        counts[i] = left;
        consider();
        counts[i] = 0;
        return;
      }
      for (let c = Math.min(left, ks[i]!.at.length); c >= 0; c--) {
        counts[i] = c;
        go(i + 1, left - c);
      }
      counts[i] = 0;
    };
    go(0, size);
    if (best) return (best as number[]).sort((a, b) => a - b).map((i) => sources[i]!.id);
  }
  return null;
}

/** Two index sets, each sorted from the last source down: is `a` earlier (its last source earlier, and so on)? */
function earlier(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return a.length < b.length;
}
