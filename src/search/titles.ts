/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE.
 * Headings of Korean and Japanese documents often carry the English name too.
 */

export const HANGUL_OR_KANA = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Splits a bilingual heading into its native and English names:
 * `돌진 Trample` → ['돌진', 'Trample']; `トランプル/Trample` → ['トランプル', 'Trample'];
 * `키워드 능력 Keyword Abilities` → ['키워드 능력', 'Keyword Abilities']. English-only or native-only
 * headings give an empty side.
 */
export function splitBilingual(title: string): [native: string, english: string] {
  let lastNative = -1;
  for (let i = 0; i < title.length; i++) if (HANGUL_OR_KANA.test(title[i]!)) lastNative = i;
  if (lastNative < 0) return ['', title.trim()];
  const native = title.slice(0, lastNative + 1).trim();
  const rest = title.slice(lastNative + 1).replace(/^[\s/／)）]+/, '').trim();
  return /[A-Za-z]{2}/.test(rest) ? [native, rest] : [title.trim(), ''];
}
