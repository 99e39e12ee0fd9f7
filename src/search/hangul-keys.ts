/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Where the jamo of a Hangul syllable sit on the Korean two-set keyboard (두벌식, on computers and phones alike), so
 * the misspelling corrector (cjk-spelling.ts) can prefer the slip a finger makes: `윤합` is 융합 (ㄴ and ㅇ are
 * neighbouring keys), not 연합 (ㅠ and ㅕ are two rows apart), although each is one jamo away.
 */

/** The keyboard's rows, left to right; a tense consonant or ㅒ ㅖ is its plain key with Shift. */
const ROWS = ['ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ', 'ㅁㄴㅇㄹㅎㅗㅓㅏㅣ', 'ㅋㅌㅊㅍㅠㅜㅡ'];
const SHIFTED: Record<string, string> = { ㅃ: 'ㅂ', ㅉ: 'ㅈ', ㄸ: 'ㄷ', ㄲ: 'ㄱ', ㅆ: 'ㅅ', ㅒ: 'ㅐ', ㅖ: 'ㅔ' };
/** Initial, medial and final jamo in Unicode's syllable order (a final's 0 is none). */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const MEDIALS = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
const FINALS = ' ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';

/** A jamo's key as [row, column], or null for one typed with two keys (ㅘ, ㄳ) or none. */
function keyOf(j: string): [number, number] | null {
  const plain = SHIFTED[j] ?? j;
  for (let r = 0; r < ROWS.length; r++) {
    const c = ROWS[r]!.indexOf(plain);
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
  const [ks, kt] = [keyOf(s), keyOf(t)];
  return !!ks && !!kt && touching(ks, kt);
}
