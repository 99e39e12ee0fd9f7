/**
 * Matching the items of two editions (rules, examples or glossary entries): which old item became
 * which new one. One-to-one; what stays unmatched was removed or added. In order of confidence:
 *   1. same key (rule number, term) and same text with references masked;
 *   2. same masked text under another key (a move: renumbering comes in runs, matched in order);
 *   3. similar text: rarity-weighted word overlap (IDF-weighted Dice), best pairs first; a pair that
 *      keeps its key needs less overlap than a move.
 * Pure and deterministic; also runs in the browser.
 */
import { wordTokens } from './items.ts';

/** Word sets of masked texts, shared by every match of a run (most texts recur in every edition). */
const wordSets = new Map<string, Set<string>>();
function wordSet(masked: string): Set<string> {
  let s = wordSets.get(masked);
  if (!s) {
    if (wordSets.size > 50_000) wordSets.clear();
    s = new Set(wordTokens(masked));
    wordSets.set(masked, s);
  }
  return s;
}

export interface Matchable {
  /** Rule number or normalised term. */
  key: string;
  /** Text with references masked (see maskReferences). */
  masked: string;
}

export interface MatchOptions {
  /** Least similarity for a pair that keeps its key (default 0.3). */
  sameKey?: number;
  /** Least similarity for a pair that changes key (default 0.55). */
  otherKey?: number;
  /** Finally pair what is left under the same key whatever the text (glossary terms: a term is its key). */
  keyIsIdentity?: boolean;
}

/** Pairs `[oldIndex, newIndex]` of matched items, in old order. */
export function matchItems(olds: readonly Matchable[], news: readonly Matchable[], options: MatchOptions = {}): [number, number][] {
  const sameKeyMin = options.sameKey ?? 0.3;
  const otherKeyMin = options.otherKey ?? 0.55;
  const oldTo = new Array<number>(olds.length).fill(-1);
  const newTaken = new Array<boolean>(news.length).fill(false);
  const link = (i: number, j: number) => {
    oldTo[i] = j;
    newTaken[j] = true;
  };

  // 1. Same key, same text.
  const newByKey = new Map<string, number[]>();
  news.forEach((n, j) => {
    const list = newByKey.get(n.key);
    if (list) list.push(j);
    else newByKey.set(n.key, [j]);
  });
  olds.forEach((o, i) => {
    const j = newByKey.get(o.key)?.find((k) => !newTaken[k] && news[k]!.masked === o.masked);
    if (j !== undefined) link(i, j);
  });

  // 2. Same text, another key: in document order, so a renumbered run pairs up in order.
  const newByText = new Map<string, number[]>();
  news.forEach((n, j) => {
    if (newTaken[j]) return;
    const list = newByText.get(n.masked);
    if (list) list.push(j);
    else newByText.set(n.masked, [j]);
  });
  olds.forEach((o, i) => {
    if (oldTo[i]! >= 0) return;
    const list = newByText.get(o.masked);
    const j = list?.find((k) => !newTaken[k]);
    if (j !== undefined) link(i, j);
  });

  // 3. Similar text among what is left.
  const leftOld = olds.map((_, i) => i).filter((i) => oldTo[i]! < 0);
  const leftNew = news.map((_, j) => j).filter((j) => !newTaken[j]);
  if (leftOld.length === 0 || leftNew.length === 0) return pairs(oldTo);
  similar(olds, news, leftOld, leftNew, oldTo, newTaken, link, sameKeyMin, otherKeyMin, newByKey);
  if (options.keyIsIdentity) {
    olds.forEach((o, i) => {
      if (oldTo[i]! >= 0) return;
      const j = newByKey.get(o.key)?.find((k) => !newTaken[k]);
      if (j !== undefined) link(i, j);
    });
  }
  return pairs(oldTo);
}

/** Step 3: pairs by rarity-weighted word overlap, best first. */
function similar(
  olds: readonly Matchable[],
  news: readonly Matchable[],
  leftOld: number[],
  leftNew: number[],
  oldTo: number[],
  newTaken: boolean[],
  link: (i: number, j: number) => void,
  sameKeyMin: number,
  otherKeyMin: number,
  newByKey: Map<string, number[]>,
): void {
  // Rarity of each word over both editions: words every rule uses count little.
  const dfOld = documentFrequency(olds);
  const dfNew = documentFrequency(news);
  const setsOld = new Map(leftOld.map((i) => [i, wordSet(olds[i]!.masked)]));
  const setsNew = new Map(leftNew.map((j) => [j, wordSet(news[j]!.masked)]));
  const df = { get: (t: string) => (dfOld.get(t) ?? 0) + (dfNew.get(t) ?? 0) };
  const total = olds.length + news.length;
  const weight = (t: string) => Math.log((total + 1) / (df.get(t) || 1));
  const mass = (s: Set<string>) => {
    let m = 0;
    for (const t of s) m += weight(t);
    return m;
  };
  const massOld = new Map(leftOld.map((i) => [i, mass(setsOld.get(i)!)]));
  const massNew = new Map(leftNew.map((j) => [j, mass(setsNew.get(j)!)]));
  // Candidate pairs share at least one rare word (an index of the new items' rare words; an item
  // with none is indexed under all its words); the similarity itself counts every shared word.
  const rare = (t: string) => (df.get(t) ?? 0) <= Math.max(3, total * 0.02);
  const indexWords = (set: Set<string>) => {
    const r = [...set].filter(rare);
    return r.length > 0 ? r : [...set];
  };
  const byWord = new Map<string, number[]>();
  for (const j of leftNew) for (const t of indexWords(setsNew.get(j)!)) (byWord.get(t) ?? byWord.set(t, []).get(t)!).push(j);
  const candidates: { i: number; j: number; score: number }[] = [];
  for (const i of leftOld) {
    const a = setsOld.get(i)!;
    const seen = new Set<number>();
    for (const t of indexWords(a)) for (const j of byWord.get(t) ?? []) seen.add(j);
    // The item under the same key is always a candidate: a rewrite may share only common words with its old text
    // once it gains a rare one (2023-04-14 120.1a added "battle" and lost "neither … nor").
    for (const j of newByKey.get(olds[i]!.key) ?? []) if (setsNew.has(j)) seen.add(j);
    const ma = massOld.get(i)!;
    for (const j of seen) {
      const b = setsNew.get(j)!;
      let shared = 0;
      const [small, large] = a.size <= b.size ? [a, b] : [b, a];
      for (const t of small) if (large.has(t)) shared += weight(t);
      const denominator = ma + massNew.get(j)!;
      if (denominator === 0) continue;
      const sim = (2 * shared) / denominator;
      const same = olds[i]!.key === news[j]!.key;
      if (sim >= (same ? sameKeyMin : otherKeyMin)) candidates.push({ i, j, score: sim + (same ? 0.1 : 0) });
    }
  }
  candidates.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  for (const c of candidates) if (oldTo[c.i]! < 0 && !newTaken[c.j]) link(c.i, c.j);
}

/** In how many items each word occurs; computed once per list (an edition is matched twice). */
const frequencies = new WeakMap<readonly Matchable[], Map<string, number>>();
function documentFrequency(items: readonly Matchable[]): Map<string, number> {
  let df = frequencies.get(items);
  if (!df) {
    df = new Map();
    for (const it of items) for (const t of wordSet(it.masked)) df.set(t, (df.get(t) ?? 0) + 1);
    frequencies.set(items, df);
  }
  return df;
}

function pairs(oldTo: number[]): [number, number][] {
  const out: [number, number][] = [];
  oldTo.forEach((j, i) => {
    if (j >= 0) out.push([i, j]);
  });
  return out;
}
