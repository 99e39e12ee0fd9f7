/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Which keys touch on a QWERTY keyboard, and where the jamo of a Hangul syllable sit on the Korean two-set keyboard
 * (두벌식, on the same keys, on computers and phones alike): the misspelling correctors prefer the slip a finger makes.
 * `윤합` is 융합 (ㄴ and ㅇ are neighbouring keys), not 연합 (ㅠ and ㅕ two rows apart), although each is one jamo away
 * (cjk-spelling.ts); `rebund` is rebound (a letter left out), not refund (b is no neighbour of f; vocabulary.ts).
 */

/** QWERTY's letter rows, left to right; each row sits half a key right of the one above. */
const QWERTY = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** The two-set keyboard's rows, on QWERTY's keys; a tense consonant or ㅒ ㅖ is its plain key with Shift. */
const ROWS = ['ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ', 'ㅁㄴㅇㄹㅎㅗㅓㅏㅣ', 'ㅋㅌㅊㅍㅠㅜㅡ'];
const SHIFTED: Record<string, string> = { ㅃ: 'ㅂ', ㅉ: 'ㅈ', ㄸ: 'ㄷ', ㄲ: 'ㄱ', ㅆ: 'ㅅ', ㅒ: 'ㅐ', ㅖ: 'ㅔ' };
/** Initial, medial and final jamo in Unicode's syllable order (a final's 0 is none). */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const MEDIALS = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
const FINALS = ' ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';

/** A key's [row, column] in `rows`, or null (a jamo typed with two keys, ㅘ ㄳ, or none; anything not a letter). */
function keyOf(rows: string[], k: string): [number, number] | null {
  if (k.length !== 1) return null;
  for (let r = 0; r < rows.length; r++) {
    const c = rows[r]!.indexOf(k);
    if (c >= 0) return [r, c];
  }
  return null;
}

/** Whether two keys touch: side by side, or in neighbouring rows (each row sits half a key right of the one above). */
function touching(a: [number, number], b: [number, number]): boolean {
  if (a[0] === b[0]) return Math.abs(a[1] - b[1]) === 1;
  if (Math.abs(a[0] - b[0]) !== 1) return false;
  const [upper, lower] = a[0] < b[0] ? [a, b] : [b, a];
  return lower[1] - upper[1] === 0 || lower[1] - upper[1] === -1;
}

/**
 * Whether two Hangul syllables differ in one jamo typed on a neighbouring key (윤 and 융: ㄴ, ㅇ; 싱 and 신), or by
 * Shift alone (사 and 싸). False for anything else, syllables that differ in more than one jamo included.
 */
export function neighbourSlip(a: string, b: string): boolean {
  const x = a.charCodeAt(0) - 0xac00;
  const y = b.charCodeAt(0) - 0xac00;
  if (a.length !== 1 || b.length !== 1 || x < 0 || y < 0 || x > 11171 || y > 11171 || x === y) return false;
  const parts = (c: number) => [INITIALS[Math.floor(c / 588)]!, MEDIALS[Math.floor((c % 588) / 28)]!, FINALS[c % 28]!];
  const [p, q] = [parts(x), parts(y)];
  const changed = [0, 1, 2].filter((i) => p[i] !== q[i]);
  if (changed.length !== 1) return false;
  const [s, t] = [p[changed[0]!]!, q[changed[0]!]!];
  if ((SHIFTED[s] ?? s) === (SHIFTED[t] ?? t)) return true;
  const [ks, kt] = [keyOf(ROWS, SHIFTED[s] ?? s), keyOf(ROWS, SHIFTED[t] ?? t)];
  return !!ks && !!kt && touching(ks, kt);
}

/** Whether two lowercase Latin letters are neighbouring keys on QWERTY (`f` and `g`, `b` and `n`; not `b` and `f`). */
export function neighbourKeys(a: string, b: string): boolean {
  const [ka, kb] = [keyOf(QWERTY, a), keyOf(QWERTY, b)];
  return !!ka && !!kb && touching(ka, kb);
}
