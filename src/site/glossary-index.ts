/**
 * The glossary's index by initial, the way each script's dictionaries do it: A–Z for English, the
 * gojūon rows (あかさたなはまやらわ) of the reading for Japanese, and the initial consonant
 * (ㄱㄴㄷ…ㅎ, tense consonants with their plain pair) for Korean. Anything else (digits, symbols, Latin
 * in a Japanese or Korean list) goes to a last group. Pure; used by the glossary page and its tests.
 */
import type { Lang } from '../model/types.ts';

export interface InitialGroup<T> {
  /** Stable anchor id part (`a`, `ka`, `g`, `other`). */
  id: string;
  /** What the index shows (`A`, `か`, `ㄱ`, `#`). */
  label: string;
  items: T[];
}

const OTHER = { id: 'other', label: '#' };

const KANA_ROWS: [string, string, string][] = [
  ['a', 'あ', 'あいうえお'],
  ['ka', 'か', 'かきくけこ'],
  ['sa', 'さ', 'さしすせそ'],
  ['ta', 'た', 'たちつてと'],
  ['na', 'な', 'なにぬねの'],
  ['ha', 'は', 'はひふへほ'],
  ['ma', 'ま', 'まみむめも'],
  ['ya', 'や', 'やゆよ'],
  ['ra', 'ら', 'らりるれろ'],
  ['wa', 'わ', 'わゐゑをん'],
];
const SMALL_KANA: Record<string, string> = { ぁ: 'あ', ぃ: 'い', ぅ: 'う', ぇ: 'え', ぉ: 'お', っ: 'つ', ゃ: 'や', ゅ: 'ゆ', ょ: 'よ', ゎ: 'わ', ゔ: 'う' };

/** Initial consonants in Unicode order (index = (syllable − 0xAC00) / 588) and their index group. */
const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const PLAIN: Record<string, string> = { ㄲ: 'ㄱ', ㄸ: 'ㄷ', ㅃ: 'ㅂ', ㅆ: 'ㅅ', ㅉ: 'ㅈ' };
const KO_ROWS = 'ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ'.split('');
const KO_IDS = ['g', 'n', 'd', 'r', 'm', 'b', 's', 'ng', 'j', 'ch', 'k', 't', 'p', 'h'];

/** Hiragana of the first kana of a reading (katakana folded, voicing marks and small kana removed). */
function firstKana(text: string): string {
  const c = [...text.normalize('NFKC')][0] ?? '';
  let code = c.codePointAt(0) ?? 0;
  if (code >= 0x30a1 && code <= 0x30f6) code -= 0x60; // katakana → hiragana
  const base = String.fromCodePoint(code).normalize('NFD').replace(/[\u3099\u309a]/g, '').normalize('NFC');
  return SMALL_KANA[base] ?? base;
}

/** The index group of a headword (`reading` is the Japanese kana reading, when known). */
export function initialOf(lang: Lang, term: string, reading?: string): { id: string; label: string } {
  if (lang === 'ja') {
    const k = firstKana(reading || term);
    const row = KANA_ROWS.find(([, , members]) => members.includes(k));
    if (row) return { id: row[0], label: row[1] };
  } else if (lang === 'ko') {
    const code = (term.normalize('NFC').codePointAt(0) ?? 0) - 0xac00;
    if (code >= 0 && code < 11172) {
      const c = CHOSEONG[Math.floor(code / 588)]!;
      const plain = PLAIN[c] ?? c;
      return { id: KO_IDS[KO_ROWS.indexOf(plain)]!, label: plain };
    }
  }
  const latin = /^[^\p{L}\p{N}]*([a-z])/iu.exec(term.normalize('NFKD'));
  if (latin && lang === 'en') return { id: latin[1]!.toLowerCase(), label: latin[1]!.toUpperCase() };
  return OTHER;
}

/** Every group label of a language's index in order, so the index can show empty groups greyed out. */
export function indexLabels(lang: Lang): { id: string; label: string }[] {
  if (lang === 'ja') return [...KANA_ROWS.map(([id, label]) => ({ id, label })), OTHER];
  if (lang === 'ko') return [...KO_ROWS.map((label, i) => ({ id: KO_IDS[i]!, label })), OTHER];
  return [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((l) => ({ id: l.toLowerCase(), label: l })).concat(OTHER);
}

/**
 * Groups items by initial in index order; within a group the items keep their given order (the
 * document's, which is already the dictionary order of its language). Empty groups are left out.
 */
export function groupByInitial<T>(lang: Lang, items: readonly T[], key: (item: T) => { term: string; reading?: string }): InitialGroup<T>[] {
  const groups = new Map<string, InitialGroup<T>>();
  for (const item of items) {
    const k = key(item);
    const g = initialOf(lang, k.term, k.reading);
    let group = groups.get(g.id);
    if (!group) groups.set(g.id, (group = { ...g, items: [] }));
    group.items.push(item);
  }
  return indexLabels(lang).flatMap((l) => (groups.has(l.id) ? [groups.get(l.id)!] : []));
}
