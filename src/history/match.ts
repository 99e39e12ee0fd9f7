/**
 * Matching the items of two editions (rules, examples or glossary entries): which old item became
 * which new one. One-to-one; what stays unmatched was removed or added. In order of confidence:
 *   1. same key (rule number, term) and same text with references masked;
 *   2. same masked text under another key (a move: renumbering comes in runs, matched in order);
 *   3. similar text: rarity-weighted word overlap (IDF-weighted Dice) decides which pairs qualify (a
 *      pair that keeps its key needs less overlap than a move); they are taken best first, ranked by
 *      the words and then, with a quarter of the weight, the phrases (adjacent word pairs) they share,
 *      so of two old rules about equally close in words to a new one, the one that kept its wording
 *      wins (2022-06-10: old 608.3a's "Aura spell … attached to the object it was targeting" is new
 *      608.3c, not old 608.3);
 *   4. what is still left between two matched neighbours that kept their order, in one section: the
 *      new items in the same place, paired as if they kept their key (the place stands in for the
 *      number: old 608.3, between 608.2h and 608.3a → 608.3c, became 608.3a, "has no targets, it
 *      becomes a permanent").
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
  const score = similarity(olds, news, leftNew);
  similar(olds, news, leftOld, leftNew, oldTo, newTaken, link, sameKeyMin, otherKeyMin, newByKey, score);
  inPlace(news, oldTo, newTaken, link, sameKeyMin, score);
  if (options.keyIsIdentity) {
    olds.forEach((o, i) => {
      if (oldTo[i]! >= 0) return;
      const j = newByKey.get(o.key)?.find((k) => !newTaken[k]);
      if (j !== undefined) link(i, j);
    });
  }
  return pairs(oldTo);
}

/** Similarity of old item i and new item j: rarity-weighted Dice over their words, and over their phrases. */
interface Similarity {
  words(i: number, j: number): number;
  phrases(i: number, j: number): number;
  /** Rarity index of the new items still free: new items sharing a rare word with old item i. */
  candidates(i: number): Set<number>;
}

function similarity(olds: readonly Matchable[], news: readonly Matchable[], leftNew: number[]): Similarity {
  // Rarity of each word over both editions: words every rule uses count little.
  const dfOld = documentFrequency(olds);
  const dfNew = documentFrequency(news);
  const df = (t: string) => (dfOld.get(t) ?? 0) + (dfNew.get(t) ?? 0);
  const total = olds.length + news.length;
  const weight = (t: string) => Math.log((total + 1) / (df(t) || 1));
  const setOld = (i: number) => wordSet(olds[i]!.masked);
  const setNew = (j: number) => wordSet(news[j]!.masked);
  const massOf = new Map<Set<string>, number>();
  const mass = (s: Set<string>, w: (t: string) => number) => {
    let m = massOf.get(s);
    if (m === undefined) {
      m = 0;
      for (const t of s) m += w(t);
      massOf.set(s, m);
    }
    return m;
  };
  const dice = (a: Set<string>, b: Set<string>, w: (t: string) => number) => {
    const denominator = mass(a, w) + mass(b, w);
    if (denominator === 0) return 0;
    let shared = 0;
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    for (const t of small) if (large.has(t)) shared += w(t);
    return (2 * shared) / denominator;
  };
  // A phrase weighs what its rarer word weighs.
  const phraseWeight = (p: string) => {
    const space = p.indexOf(' ');
    return Math.max(weight(p.slice(0, space)), weight(p.slice(space + 1)));
  };
  // Candidate pairs share at least one rare word (an index of the new items' rare words; an item
  // with none is indexed under all its words); the similarity itself counts every shared word.
  const rare = (t: string) => df(t) <= Math.max(3, total * 0.02);
  const indexWords = (set: Set<string>) => {
    const r = [...set].filter(rare);
    return r.length > 0 ? r : [...set];
  };
  const byWord = new Map<string, number[]>();
  for (const j of leftNew) for (const t of indexWords(setNew(j))) (byWord.get(t) ?? byWord.set(t, []).get(t)!).push(j);
  const free = new Set(leftNew);
  return {
    words: (i, j) => dice(setOld(i), setNew(j), weight),
    phrases: (i, j) => dice(phraseSet(olds[i]!.masked), phraseSet(news[j]!.masked), phraseWeight),
    candidates: (i) => {
      const seen = new Set<number>();
      for (const t of indexWords(setOld(i))) for (const j of byWord.get(t) ?? []) if (free.has(j)) seen.add(j);
      return seen;
    },
  };
}

/** Step 3: pairs whose words overlap enough, best first (by words and phrases). */
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
  score: Similarity,
): void {
  const left = new Set(leftNew);
  const candidates: { i: number; j: number; score: number }[] = [];
  for (const i of leftOld) {
    const seen = score.candidates(i);
    // The item under the same key is always a candidate: a rewrite may share only common words with its old text
    // once it gains a rare one (2023-04-14 120.1a added "battle" and lost "neither … nor").
    for (const j of newByKey.get(olds[i]!.key) ?? []) if (left.has(j)) seen.add(j);
    for (const j of seen) {
      const sim = score.words(i, j);
      const same = olds[i]!.key === news[j]!.key;
      if (sim >= (same ? sameKeyMin : otherKeyMin)) candidates.push({ i, j, score: sim + score.phrases(i, j) / 4 + (same ? 0.1 : 0) });
    }
  }
  candidates.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  for (const c of candidates) if (oldTo[c.i]! < 0 && !newTaken[c.j]) link(c.i, c.j);
}

/**
 * Step 4: a run of old items left between two matched old items whose new items are in the same
 * order and section, and the new items left between those: pairs among them by word similarity as
 * for a kept key (`sameKeyMin`), best first. Linear in the items plus the pairs inside each run.
 */
function inPlace(
  news: readonly Matchable[],
  oldTo: number[],
  newTaken: boolean[],
  link: (i: number, j: number) => void,
  sameKeyMin: number,
  score: Similarity,
): void {
  let prev = -1; // last matched old item
  for (let i = 0; i < oldTo.length; i++) {
    if (oldTo[i]! < 0) continue;
    if (prev >= 0 && i - prev > 1 && oldTo[prev]! < oldTo[i]! && samePlace(news[oldTo[prev]!]!.key, news[oldTo[i]!]!.key)) {
      const run: { i: number; j: number; sim: number }[] = [];
      for (let a = prev + 1; a < i; a++) {
        for (let b = oldTo[prev]! + 1; b < oldTo[i]!; b++) {
          if (newTaken[b]) continue;
          const sim = score.words(a, b);
          if (sim >= sameKeyMin) run.push({ i: a, j: b, sim });
        }
      }
      run.sort((x, y) => y.sim - x.sim || x.i - y.i || x.j - y.j);
      for (const c of run) if (oldTo[c.i]! < 0 && !newTaken[c.j]) link(c.i, c.j);
    }
    prev = i;
  }
}

/**
 * Whether two new neighbours bound one place: rules of the same section (`608.2h` and `608.3c`). Across
 * sections (or for glossary terms, whose order is the alphabet's) the space between is no one place
 * (2016-09-30: 504.3 became 510.3; what lies between 504.1 and 510.3 is five steps of the turn).
 */
function samePlace(a: string, b: string): boolean {
  return /^\d{3}\./.test(a) && a.slice(0, 4) === b.slice(0, 4);
}

/** Adjacent word pairs of a (masked) text. */
const phraseSets = new Map<string, Set<string>>();
function phraseSet(masked: string): Set<string> {
  let s = phraseSets.get(masked);
  if (!s) {
    if (phraseSets.size > 50_000) phraseSets.clear();
    const words = wordTokens(masked);
    s = new Set<string>();
    for (let k = 1; k < words.length; k++) s.add(`${words[k - 1]} ${words[k]}`);
    phraseSets.set(masked, s);
  }
  return s;
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
