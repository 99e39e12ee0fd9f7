/**
 * Source numbering defects (`702.212` for 702.22b, a second `702.61c` after 702.62b, `702.85`
 * for 702.85b, 702.105c–e printed for 702.102c–e, a repeated `201.3c` for 201.3d): found as the
 * entries that break the document's order, and corrected only where the context proves the
 * number. Proof means both: the corrected run fills the gap between its neighbours exactly, and
 * each corrected number is a plausible misprint of the printed one. Anything else (a stale
 * duplicate of an earlier rule) is reported and left as printed.
 */
import { SUBRULE_LETTERS, compareRuleNumbers, parseRuleNumber } from '../model/rule-number.ts';

export interface Renumbering {
  /** Index into the input list. */
  index: number;
  printed: string;
  /** The corrected number, or null when the context does not prove one (a stale duplicate). */
  corrected: string | null;
}

/** Numbers that may directly follow `n` when nothing is skipped. */
function successors(n: string): string[] {
  const p = parseRuleNumber(n);
  if (!p) return [];
  if (p.letter !== undefined) {
    const i = SUBRULE_LETTERS.indexOf(p.letter);
    const next = i >= 0 && i + 1 < SUBRULE_LETTERS.length ? [`${p.section}.${p.rule}${SUBRULE_LETTERS[i + 1]}`] : [];
    return [...next, `${p.section}.${p.rule! + 1}`, String(p.section + 1)];
  }
  if (p.rule !== undefined) return [`${p.section}.${p.rule}a`, `${p.section}.${p.rule + 1}`, String(p.section + 1)];
  return [`${p.section}.1`, String(p.section + 1)];
}

/** Whether `b` may directly follow `a` (a successor, or any later section: parts may be missing). */
function follows(a: string, b: string): boolean {
  if (successors(a).includes(b)) return true;
  const x = parseRuleNumber(a);
  const y = parseRuleNumber(b);
  return !!x && !!y && y.rule === undefined && y.section > x.section;
}

/** Indices of a longest strictly increasing subsequence (by rule order). */
function longestIncreasing(numbers: string[]): number[] {
  const tails: number[] = [];
  const prev = new Array<number>(numbers.length).fill(-1);
  for (let i = 0; i < numbers.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareRuleNumbers(numbers[tails[mid]!]!, numbers[i]!) < 0) lo = mid + 1;
      else hi = mid;
    }
    // A repeated number leaves the first copy in the order: the second is the misprint or stale one.
    if (lo < tails.length && compareRuleNumbers(numbers[tails[lo]!]!, numbers[i]!) === 0) continue;
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const keep: number[] = [];
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = prev[i]!) keep.push(i);
  return keep.reverse();
}

/**
 * Is `corrected` a plausible misprint of `printed`, given the number printed just before it?
 * Same last component (letter or rule index) with other digits; a repeated previous number; a lost
 * letter (`702.85` for 702.85b); or digits never used elsewhere (`702.212`).
 */
function plausibleMisprint(printed: string, corrected: string, previous: string, seen: Set<string>): boolean {
  const p = parseRuleNumber(printed);
  const c = parseRuleNumber(corrected);
  if (!p || !c) return false;
  if (printed === previous) return true;
  if (p.letter !== undefined && p.letter === c.letter) return true;
  if (p.letter === undefined && c.letter === undefined && p.rule !== undefined && p.rule === c.rule) return true;
  if (corrected.startsWith(printed) && c.letter !== undefined && p.letter === undefined) return true;
  return !seen.has(printed);
}

/** Finds the entries out of order and proposes corrections proven by their context. */
export function findRenumberings(numbers: string[]): Renumbering[] {
  const keep = new Set(longestIncreasing(numbers));
  const out: Renumbering[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < numbers.length; ) {
    if (keep.has(i)) {
      seen.add(numbers[i++]!);
      continue;
    }
    let j = i;
    while (j < numbers.length && !keep.has(j)) j++;
    const proposal = i > 0 ? fillGap(numbers, i, j, seen) : null;
    for (let k = i; k < j; k++) {
      out.push({ index: k, printed: numbers[k]!, corrected: proposal ? proposal[k - i]! : null });
      seen.add(proposal ? proposal[k - i]! : numbers[k]!);
    }
    i = j;
  }
  return out;
}

/** Tries successor chains from entry i-1 through entries i..j-1 that end just before entry j. */
function fillGap(numbers: string[], i: number, j: number, seen: Set<string>): string[] | null {
  if (j - i > 8) return null;
  const taken = new Set(numbers);
  const search = (last: string, previousPrinted: string, k: number, acc: string[]): string[] | null => {
    if (k === j) return j >= numbers.length || follows(last, numbers[j]!) ? acc : null;
    for (const s of successors(last)) {
      if (taken.has(s) || !plausibleMisprint(numbers[k]!, s, previousPrinted, seen)) continue;
      const found = search(s, numbers[k]!, k + 1, [...acc, s]);
      if (found) return found;
    }
    return null;
  };
  return search(numbers[i - 1]!, numbers[i - 1]!, i, []);
}
