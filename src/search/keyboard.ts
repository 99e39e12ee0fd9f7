/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Which keys touch on a QWERTY keyboard, and on which of them the Korean two-set layout (두벌식, on computers and phones
 * alike) types each jamo: the misspelling correctors prefer the slip a finger makes. `윤합` is 융합 (ㄴ and ㅇ are
 * neighbouring keys, S and D), not 연합 (ㅠ and ㅕ, B and U, two rows apart), although each is one jamo away
 * (cjk-spelling.ts); `tken` is token (a letter left out), not then (k for h: the keys do not touch; spelling.ts).
 * The tables are ASCII: the worker carries them in its first download.
 */

/** QWERTY's letters, row by row (10, 9 and 7 keys); each row sits half a key right of the one above. */
const KEYS = 'qwertyuiopasdfghjklzxcvbnm';

/**
 * The key of each initial, medial and final jamo (Unicode's syllable order: ㄱ ㄲ ㄴ …, ㅏ ㅐ ㅑ …, none ㄱ ㄲ ㄳ …);
 * a tense consonant or ㅒ ㅖ is its plain key with Shift, `-` a jamo typed with two keys (ㅘ, ㄳ) or none.
 */
const JAMO_KEYS = ['rrseefaqqttdwwczxvg', 'koiojpuph---yn---bm-l', '-rr-s--ef-------aq-ttdwczxvg'];

/** Whether two initials (part 0), medials (1) or finals (2), by Unicode's index, are typed on one key (ㅅ and ㅆ, ㅐ and ㅒ). */
export function sameKey(part: number, a: number, b: number): boolean {
  const k = JAMO_KEYS[part]![a];
  return k !== undefined && k !== '-' && k === JAMO_KEYS[part]![b];
}

/** A letter's [row, column] on QWERTY, or null. */
function keyOf(k: string): [number, number] | null {
  const i = k.length === 1 ? KEYS.indexOf(k) : -1;
  return i < 0 ? null : i < 10 ? [0, i] : i < 19 ? [1, i - 10] : [2, i - 19];
}

/** Whether two lowercase Latin letters are neighbouring keys on QWERTY (`f` and `g`, `b` and `n`; not `b` and `f`). */
export function neighbourKeys(a: string, b: string): boolean {
  const [p, q] = [keyOf(a), keyOf(b)];
  if (!p || !q) return false;
  // Side by side; or one row down and the same column or one to the left (A is below Q and W).
  const [dr, dc] = [q[0] - p[0], q[1] - p[1]];
  return dr === 0 ? Math.abs(dc) === 1 : dr === 1 ? dc === 0 || dc === -1 : dr === -1 && (dc === 0 || dc === 1);
}

/**
 * Whether two Hangul syllables, as their initial, medial and final jamo (Unicode's indices: cjk-spelling.ts `jamo`),
 * differ in one jamo typed on a neighbouring key (윤 and 융: ㄴ, ㅇ; 싱 and 신), or by Shift alone (사 and 싸). False for
 * anything else, syllables that differ in more than one jamo included.
 */
export function neighbourJamo(p: readonly number[], q: readonly number[]): boolean {
  const changed = [0, 1, 2].filter((i) => p[i] !== q[i]);
  if (changed.length !== 1) return false;
  const i = changed[0]!;
  const [s, t] = [JAMO_KEYS[i]![p[i]!], JAMO_KEYS[i]![q[i]!]];
  return sameKey(i, p[i]!, q[i]!) || (s !== '-' && t !== '-' && neighbourKeys(s!, t!));
}
