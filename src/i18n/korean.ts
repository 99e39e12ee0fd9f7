/**
 * Korean particles chosen by the final sound of the word before them, the one helper for every Korean string:
 * `“독”과` (독 ends in a consonant), `“대지”와`; 이/가, 을/를, 은/는, 과/와, 으로/로 (로 after ㄹ as well). Hangul is read
 * from the syllable's final consonant; digits by their Sino-Korean reading (1 일, 3 삼, 6 육, 7 칠, 8 팔, 0 영 end in
 * a consonant); other letters (Latin, kana) cannot be told, so both forms are written, `이(가)`. Templates ask for a
 * particle with `{name~과}` (src/i18n/translate.ts `format`): the particle for the value of `name`.
 */

/** Each particle as written after a consonant → its form after a vowel. */
const PAIRS: Readonly<Record<string, string>> = { 이: '가', 을: '를', 은: '는', 과: '와', 으로: '로', 이라: '라' };
const VOWEL_FORMS = new Map(Object.entries(PAIRS).map(([c, v]) => [v, c]));
// Final consonant index (jongseong) of a digit's reading: 0 none, 8 ㄹ.
const DIGIT_FINAL: Readonly<Record<string, number>> = { '0': 21, '1': 8, '2': 0, '3': 16, '4': 0, '5': 0, '6': 1, '7': 8, '8': 8, '9': 0 };
const RIEUL = 8;

/** The final consonant of a word's last sound (0: a vowel), or null when it cannot be told. */
export function finalConsonant(word: string): number | null {
  const chars = [...word.replace(/[\s"'“”‘’「」『』()[\].,!?…·-]+$/u, '')];
  const last = chars.at(-1);
  if (!last) return null;
  const code = last.charCodeAt(0) - 0xac00;
  if (code >= 0 && code < 11172) return code % 28;
  if (last in DIGIT_FINAL) return DIGIT_FINAL[last]!;
  return null;
}

/** The particle `p` (either of its forms) as it goes after `word`: particle('독', '와') = '과'. */
export function particle(word: string, p: string): string {
  const consonantForm = p in PAIRS ? p : VOWEL_FORMS.get(p);
  if (!consonantForm) return p;
  const vowelForm = PAIRS[consonantForm]!;
  const f = finalConsonant(word);
  if (f === null) return consonantForm === '으로' ? '(으)로' : `${consonantForm}(${vowelForm})`;
  if (consonantForm === '으로') return f === 0 || f === RIEUL ? '로' : '으로';
  return f === 0 ? vowelForm : consonantForm;
}
