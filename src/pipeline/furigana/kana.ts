/**
 * Character classes of Japanese text (katakana, hiragana, kanji) and the katakana → hiragana
 * transliteration that recognises a flattened ruby reading after a katakana word
 * (`ヴァンガードヴぁんがーど`). Shared by the furigana cleanup steps and ja-damage.ts. Pure.
 */

/** Katakana letters ァ..ヺ (incl. ヴ ヵ ヶ), not ー or ・. */
export const isKatakanaLetter = (c: number) => c >= 0x30a1 && c <= 0x30fa;
export const isKatakanaRunChar = (c: number) => isKatakanaLetter(c) || c === 0x30fc || c === 0x30fd || c === 0x30fe;
/** Hiragana letters ぁ..ゖ. */
export const isHiragana = (c: number) => c >= 0x3041 && c <= 0x3096;
export const isKanji = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || c === 0x3005;
/** A character of Japanese running text (kana, kanji, ー, 々), where no word space belongs. */
export const isJapaneseWordChar = (c: number) => isHiragana(c) || isKatakanaRunChar(c) || isKanji(c) || c === 0x30fb;

/** `プレイヤー` → `ぷれいやー` (ヴ stays ヴ, ー and ・ stay). */
export function katakanaToHiragana(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += c >= 0x30a1 && c <= 0x30f6 && c !== 0x30f4 ? String.fromCharCode(c - 0x60) : s[i];
  }
  return out;
}

// The vowel of each hiragana (for ー written out as a vowel: こんとろーらー / こんとろおらあ).
const VOWEL_ROWS: [string, string][] = [
  ['あかさたなはまやらわがざだばぱぁゃゎゕ', 'あ'],
  ['いきしちにひみりゐぎじぢびぴぃ', 'い'],
  ['うくすつぬふむゆるぐずづぶぷぅゅっゔ', 'う'],
  ['えけせてねへめれゑげぜでべぺぇゖ', 'え'],
  ['おこそとのほもよろをごぞどぼぽぉょ', 'お'],
];
const VOWEL = new Map<number, number>();
for (const [chars, v] of VOWEL_ROWS) for (const ch of chars) VOWEL.set(ch.charCodeAt(0), v.charCodeAt(0));
VOWEL.set(0x30f4, 'う'.charCodeAt(0)); // ヴ as kept in readings
const U = 'う'.charCodeAt(0);
const I = 'い'.charCodeAt(0);
const O = 'お'.charCodeAt(0);
const E = 'え'.charCodeAt(0);

/**
 * Matches the hiragana transliteration of the katakana `word` in `text` at `pos`: each kana as
 * hiragana (ヴ as ヴ or ゔ), ・ skipped, ー as ー or as the previous kana's vowel (お-row also う,
 * え-row also い: シャドー しゃどう). Returns the end of the match, or -1.
 */
export function matchTransliteration(word: string, text: string, pos: number): number {
  let p = pos;
  let prevVowel = 0;
  for (let k = 0; k < word.length; k++) {
    const c = word.charCodeAt(k);
    if (c === 0x30fb) continue; // ・ is never read
    if (p >= text.length) return -1;
    const t = text.charCodeAt(p);
    if (c === 0x30fc) {
      const ok = t === 0x30fc || (prevVowel !== 0 && (t === prevVowel || (prevVowel === O && t === U) || (prevVowel === E && t === I)));
      if (!ok) return -1;
    } else if (isKatakanaLetter(c)) {
      const h = c <= 0x30f6 && c !== 0x30f4 ? c - 0x60 : c;
      if (!(t === h || t === c || (c === 0x30f4 && t === 0x3094))) return -1;
      prevVowel = VOWEL.get(h) ?? prevVowel;
    } else {
      return -1;
    }
    p++;
  }
  return p;
}
