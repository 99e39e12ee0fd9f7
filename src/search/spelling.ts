/**
 * Spelling distance for the search's typo tolerance (`deathtuch` → `deathtouch`): the one measure the
 * query expansion uses to propose corrections of words the index does not know. Pure; shared by the
 * CLI, the tests and the browser worker.
 */
import { neighbourKeys } from './keyboard.ts';

/** Edit distance with adjacent transpositions, giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const m = a.length;
  const n = b.length;
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= n; j++) {
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[n]!;
}

/**
 * Whether `word` is `typed` with one letter replaced by one a finger does not slip to (the keys do not touch on
 * QWERTY): `rebund` is refund so (b for f), rebound by a letter left out. Of corrections as close, such a one comes last.
 */
export function farSubstitution(typed: string, word: string): boolean {
  if (typed.length !== word.length) return false;
  let at = -1;
  for (let i = 0; i < typed.length; i++) {
    if (typed[i] === word[i]) continue;
    if (at >= 0) return false;
    at = i;
  }
  return at >= 0 && !neighbourKeys(typed[at]!, word[at]!);
}
