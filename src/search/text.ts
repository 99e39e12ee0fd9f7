/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (the CLI, the build, and the browser search worker).
 * Keep it free of Node and DOM APIs.
 *
 * Text normalisation and tokenisation per language. The same functions index a record and read a
 * query, so what the reader types and what the rules say meet in one token space:
 *   - Latin words and rule numbers stay whole (`flying` is never stemmed into `fli`, `702.19b` stays
 *     one token). Light inflection handling happens at query time (prefix and fuzzy expansion).
 *   - Japanese and Korean runs become overlapping character bigrams, which match without word
 *     spaces, across particles (`생물이` / `생물을` share `생물`) and inside katakana compounds.
 *     Bigrams beat `Intl.Segmenter` here because they do not depend on the ICU version of the
 *     browser (docs/design-notes.md §3.2, pitfall 4).
 */
import type { Lang } from '../model/types.ts';

/** Characters dropped entirely: the katakana middle dot (`レジェンド・ルール` = `レジェンドルール`) and soft marks. */
const DROP = /[・･\u00ad\u200b\u200c\u200d\ufeff]/;

/** `normChar` of the characters outside its fast paths, as met. */
const SLOW_CHARS = new Map<string, string>();

/**
 * Normalises one character for matching: NFKC (full-width → ASCII, half-width katakana → full),
 * lowercase, curly quotes → straight. Never NFKD: it splits Hangul into jamo and voiced kana into
 * base + mark (docs/design-notes.md §3.2, pitfall 1).
 */
function normChar(ch: string): string {
  const c = ch.charCodeAt(0);
  // Fast paths: ASCII, Hangul syllables, kana (except the middle dot) and common kanji need no NFKC.
  if (c < 0x80) return c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : ch === '`' ? "'" : ch;
  if ((c >= 0xac00 && c <= 0xd7a3) || (c >= 0x3041 && c <= 0x30fa) || c === 0x30fc || (c >= 0x4e00 && c <= 0x9fff)) return ch;
  let s = SLOW_CHARS.get(ch);
  if (s !== undefined) return s;
  if (DROP.test(ch)) s = '';
  else {
    s = ch.normalize('NFKC').toLowerCase();
    if (s === '’' || s === '‘' || s === '`') s = "'";
    if (s === '–' || s === '—' || s === '−') s = '-';
  }
  // Japanese punctuation (、。「」) recurs in every rule: NFKC once per distinct character.
  if (SLOW_CHARS.size < 4096) SLOW_CHARS.set(ch, s);
  return s;
}

/** A combining (semi-)voiced sound mark, which joins the kana before it. */
const isVoicing = (n: string) => n === '\u3099' || n === '\u309a';

/** A normalised string with, for every normalised UTF-16 unit, the index of the source character. */
export interface Mapped {
  norm: string;
  /** Absent when every normalised unit stands at its own source offset (most texts). */
  map?: ArrayLike<number>;
}

/** Characters that `normChar` returns unchanged (apart from ASCII case): ASCII but the backtick, Hangul, kana, common kanji. */
function plain(c: number): boolean {
  return c < 0x80
    ? c !== 0x60
    : (c >= 0xac00 && c <= 0xd7a3) || (c >= 0x3041 && c <= 0x30fa && c !== 0x3099 && c !== 0x309a) || c === 0x30fc || (c >= 0x4e00 && c <= 0x9fff);
}

/**
 * Normalises `text` and keeps a map back to the original offsets, so highlights found in the
 * normalised text can be drawn on the original. Runs of plain characters are copied with one
 * `toLowerCase`, and the map is only built once a character drops, expands or joins the one
 * before (until then every unit stands at its own offset): this runs for every row shown.
 * @example normalizeMapped('Ａ・Ｂ') // { norm: 'ab', map: [0, 2, 3] }
 */
export function normalizeMapped(text: string): Mapped {
  let norm = '';
  let map: number[] | undefined;
  let from = 0;
  const flush = (to: number) => {
    if (to <= from) return;
    norm += text.slice(from, to).toLowerCase();
    if (map) for (let j = from; j < to; j++) map.push(j);
  };
  for (let k = 0; k < text.length; k++) {
    if (plain(text.charCodeAt(k))) continue;
    const ch = String.fromCodePoint(text.codePointAt(k)!);
    const n = normChar(ch);
    // Unchanged by normalisation (`、`, `「`): it stays in the run (its `toLowerCase` is itself).
    if (n === ch && ch.length === 1 && !isVoicing(n)) continue;
    flush(k);
    if (!map && (ch.length !== 1 || n.length !== 1 || isVoicing(n))) {
      map = [];
      for (let j = 0; j < norm.length; j++) map.push(j);
    }
    if (isVoicing(n) && norm) {
      // Half-width ｼﾞ: the mark (now U+3099) joins the kana before it, as whole-string NFKC does.
      norm = norm.slice(0, -1) + (norm.slice(-1) + n).normalize('NFC');
    } else {
      if (map) for (let j = 0; j < n.length; j++) map.push(k);
      norm += n;
    }
    k += ch.length - 1;
    from = k + 1;
  }
  flush(text.length);
  if (!map) return { norm };
  map.push(text.length);
  return { norm, map };
}

/** Normalised text without the offset map. */
export function normalize(text: string): string {
  return normalizeMapped(text).norm;
}

const HANGUL = /\p{Script=Hangul}/u;
const JA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆ヶ]/u;
const HIRAGANA = /\p{Script=Hiragana}/u;

/** A token of a normalised string, with its offset (for highlighting) and its script class. */
export interface Piece {
  text: string;
  start: number;
  /** `latin` = letters/digits word; `ja` = Japanese run; `ko` = Hangul run. */
  script: 'latin' | 'ja' | 'ko';
}

// Latin-ish words (letters or digits, a rule number with its dots and letter), a Japanese run, a Hangul run.
// A Latin word stops where kana, kanji or Hangul begin: `cip能力` is `cip` + `能力`, `1ターンに` is
// `1` + `ターンに` (a word that swallowed the run matched nothing and emptied the result).
const NOT_CJK = '(?![\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}ー々〆ヶ])';
const PIECE = new RegExp(
  `(\\d{3}\\.\\d{1,3}[a-z]?(?![a-z0-9]))|([\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー々〆ヶ]+)|(\\p{Script=Hangul}+)|((?:${NOT_CJK}[\\p{L}\\p{N}])+(?:'(?:${NOT_CJK}\\p{L})+)*)`,
  'gu',
);

/** Splits normalised text into script runs and words. */
export function pieces(norm: string): Piece[] {
  const out: Piece[] = [];
  for (const m of norm.matchAll(PIECE)) {
    const t = m[0];
    const script = m[2] ? 'ja' : m[3] ? 'ko' : 'latin';
    out.push({ text: script === 'latin' ? latinWord(t) : t, start: m.index!, script });
  }
  return out;
}

/** `player's` → `player`, `don't` → `dont`: apostrophes are not word boundaries, and possessives fold. */
function latinWord(w: string): string {
  return w.replace(/'s$/, '').replace(/'/g, '');
}

/**
 * The endings of an English word's own forms (`block` → `blocks`, `blocked`, `blocking`, `blockers`): what a word the
 * rules write may add in a prefix completion (vocabulary.ts) and in a highlight (snippet.ts). `red` is no `redundant`.
 */
export const ENGLISH_ENDING = /^(?:s|es|d|ed|ing|er|ers|'s|s')$/;

/**
 * Folds plural English nouns so `creatures` and `creature` meet: `abilities` → `ability`,
 * `blockers` → `blocker`, `toughness` unchanged. Verb forms (`flying`, `blocked`) are left alone:
 * stemming them loses words (docs/design-notes.md §3, `flying` → `fli` matched `flip`).
 */
export function foldPlural(w: string): string {
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (/[^aeiou]ies$/.test(w)) return w.slice(0, -3) + 'y';
  if (/(?:ches|shes|sses|xes)$/.test(w)) return w.slice(0, -2);
  if (/(?:ss|us|is|ous)$/.test(w)) return w;
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/** A piece as the compact keys write it: a Latin word plural folded, a Japanese or Korean run as it is. */
export function foldedPiece(p: Piece): string {
  return p.script === 'latin' ? foldPlural(p.text) : p.text;
}

/** Overlapping 2-grams of a run; a 1-character run stays a 1-gram. */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length === 1) return [run];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/**
 * Index tokens of a text (any language: Korean and Japanese rules quote English names, English
 * rules never hold CJK but the function does not care).
 * @example indexTokens('702.19b 돌진을 가진 Trample') // ['702.19b', '돌진', '진을', '가진', 'trample']
 */
export function indexTokens(text: string): string[] {
  return pieceTokens(pieces(normalize(text)));
}

/** Index tokens of the pieces of a normalised text (`indexTokens` when the pieces are at hand). */
export function pieceTokens(ps: Piece[]): string[] {
  const out: string[] = [];
  for (const p of ps) {
    if (p.script === 'latin') out.push(foldPlural(p.text));
    else for (const g of bigrams(p.text)) out.push(g);
  }
  return out;
}

/**
 * Word-start tokens of the Hangul words of a text: `^` + the word's first two syllables. A Korean
 * query word asks for them too, so a record where the word starts a word (`레이어`, layers) scores
 * above one where its bigrams only occur inside another word (`플레이어`, player; issue 22).
 * Korean is the only script here with spaces between words; Japanese runs have no word starts.
 * @example wordStarts(pieces('플레이어는 레이어')) // ['^플레', '^레이']
 */
export function wordStarts(ps: Piece[]): string[] {
  const out: string[] = [];
  for (const p of ps) if (p.script === 'ko' && p.text.length >= 2) out.push(WORD_START + p.text.slice(0, 2));
  return out;
}

export const WORD_START = '^';

/** Whether `key` (compact: no spaces) begins at a word start of `text` (`레이어` in `레이어 1`, not in `플레이어`). */
export function startsAWord(text: string, key: string): boolean {
  const words = normalize(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  for (let i = 0; i < words.length; i++) if (words.slice(i).join('').startsWith(key)) return true;
  return false;
}
/**
 * A word start counts 0.6 of a bigram: it orders records that have the word, and `레이어` inside `플레이어` no
 * longer ties with the word itself (0.3 until 2026-11-28; 0.6 lifted the Korean tuned MRR 0.887 → 0.892).
 */
const WORD_START_WEIGHT = 0.6;

/** One unit of a query: a token to look up and how much it counts. */
export interface QueryTerm {
  /** Index token (a Latin word after plural folding, or a CJK 1/2-gram). */
  token: string;
  /** 1 for the core of a word; less for particles, endings and okurigana. */
  weight: number;
  script: 'latin' | 'ja' | 'ko';
  /** The last token of the query, maybe still being typed (prefix / IME-composition expansion). */
  last?: boolean;
  /** The query word this token came from (for grouping and highlighting). */
  word: string;
  /** A Japanese kanji and the kana of its inflection (`出せ` of `出せる`): other endings may stand for it. */
  inflected?: boolean;
}

// Korean particles and verb/adjective endings, longest first. Stripped only when at least two
// syllables remain, so `추가` (add) is never cut to `추`.
const KO_ENDINGS = [
  '으로부터', '에게서', '으로써', '로부터', '이라는', '했습니다', '됩니다', '합니다', '입니다', '하였다', '되었다', '시킨다',
  // The passive 당하다 of chat (억류당한, 추방당하면, 파괴당했는데), stripped before its own endings are.
  '당하면', '당하는', '당하고', '당했다', '당한', '당함', '당해', '당할', '당했',
  '에서는', '에게는', '으로는', '들에게', '들이', '들을', '들은', '들의', '들과', '들도', '들로',
  '에서', '에게', '으로', '까지', '부터', '마다', '이나', '이라', '이며', '이고', '하고', '하는', '하며', '하면', '하여',
  '이랑', '인데', '는데', '던데', '거임',
  '했다', '한다', '하다', '되는', '되면', '되어', '된다', '되다', '시킨', '처럼', '보다', '와의', '과의', '에는', '로는',
  '이', '가', '을', '를', '은', '는', '의', '에', '로', '와', '과', '도', '만', '들', '한', '된', '할', '될', '해', '며', '고',
  // Chat's endings: 받음, 희생함, 파괴됨, 회복돼, 조종자임, 효과랑 (not 짐 of 떨어짐: 마법짐 is a slip of 마법진).
  '음', '함', '됨', '돼', '임', '랑',
];

/**
 * Splits a Korean word into a stem and an ending: `생물이` → [`생물`, `이`], `방어하는` → [`방어`, `하는`].
 * @returns [stem, ending]; the ending is empty when nothing was stripped.
 */
export function koreanStem(word: string): [string, string] {
  for (const e of KO_ENDINGS) {
    if (word.length - e.length >= 2 && word.endsWith(e)) {
      const [s, e2] = koreanStem(word.slice(0, -e.length));
      return [s, e2 + e];
    }
  }
  return [word, ''];
}

const JA_PARTICLE = /[をがはのにでともへや]/;
/** Han, hiragana, katakana or anything else: where the script changes inside a Japanese run, a word usually ends. */
const scriptOf = (c: string) => (/\p{Script=Han}|々/u.test(c) ? 'han' : /\p{Script=Hiragana}/u.test(c) ? 'hira' : /[\p{Script=Katakana}ー]/u.test(c) ? 'kata' : 'other');

/**
 * Query terms for a normalised query. Korean words: the bigrams of the stem count fully, the ones
 * that touch a particle or ending count a quarter (so `생물이` finds `생물을` but ranks `생물이`
 * first). Japanese: bigrams made of okurigana/particles count less than the ones carrying kanji or
 * katakana (`唱えた` is mostly `唱え`).
 */
export function queryTerms(normQuery: string): QueryTerm[] {
  const out: QueryTerm[] = [];
  const ps = pieces(normQuery);
  ps.forEach((p, idx) => {
    const last = idx === ps.length - 1;
    if (p.script === 'latin') {
      out.push({ token: foldPlural(p.text), weight: 1, script: 'latin', last, word: p.text });
    } else if (p.script === 'ko') {
      const [stem, ending] = koreanStem(p.text);
      const grams = bigrams(p.text);
      if (grams.length > 1 || Array.from(p.text).length === 2) out.push({ token: WORD_START + p.text.slice(0, 2), weight: WORD_START_WEIGHT, script: 'ko', word: p.text });
      const stemLen = Array.from(stem).length;
      grams.forEach((g, i) => {
        // Bigram i covers characters i and i+1; it is inside the stem when i + 1 < stemLen.
        const inStem = grams.length === 1 || i + 1 < stemLen || !ending;
        out.push({ token: g, weight: inStem ? 1 : 0.25, script: 'ko', word: p.text, last: last && i === grams.length - 1 });
      });
    } else {
      const chars = Array.from(p.text);
      bigrams(p.text).forEach((g, i) => {
        const a = chars[i]!;
        const b = chars[i + 1] ?? '';
        const hira = HIRAGANA.test(a) && (b === '' || HIRAGANA.test(b));
        const glue = (JA_PARTICLE.test(a) && !HIRAGANA.test(b)) || (JA_PARTICLE.test(b) && !HIRAGANA.test(a) && i + 2 < chars.length);
        const allHira = chars.every((c) => HIRAGANA.test(c));
        // A kanji and the kana that end the word (no particle): a verb or adjective's stem and ending
        // (`出せる`, `持てる`, `見ても`), which the rules may write with another ending (`出す`, `持つ`).
        const inflected = /\p{Script=Han}/u.test(a) && !JA_PARTICLE.test(b) && chars.slice(i + 1).every((c) => HIRAGANA.test(c));
        // `って`, chat's topic marker (能力って使える, 双頭巨人戦って土地は), or a verb's te-form (払って): the bigram running
        // into it weighs like a particle's either way (on 2026-11-29 the tuned Japanese questions rose 10 and fell 2; 7
        // and 2 when a verb's te-form at the end of a run kept its weight).
        const tte = b === 'っ' && chars[i + 2] === 'て';
        // Across a change of script (`フ増`, `るタ` in ライフ増えるタイミング) a bigram joins two words, not one: it
        // weighs like a particle's, so a run of long words does not outweigh the term beside it (絆魂).
        const sa = scriptOf(a);
        const sb = scriptOf(b);
        const cross = !hira && !glue && !inflected && sa !== sb && !(sa === 'han' && sb === 'hira');
        out.push({ token: g, weight: allHira ? 1 : hira ? 0.4 : glue || tte || cross ? 0.5 : 1, script: 'ja', word: p.text, last: last && i === chars.length - 2, ...(inflected ? { inflected } : {}) });
      });
    }
  });
  return out;
}

/** Which language's script a query is written in: `ko` (Hangul), `ja` (kana/kanji) or `en` (Latin/digits). */
export function queryScript(query: string): Lang {
  if (HANGUL.test(query)) return 'ko';
  if (JA.test(query)) return 'ja';
  return 'en';
}

/**
 * Syllables a Hangul syllable can still become while the reader types (IME composition): a
 * syllable without a final consonant may get one (`지` → `진`, `질`, …). Empty otherwise.
 * @example composing('지').includes('진') // true
 */
export function composing(ch: string): string[] {
  const code = ch.charCodeAt(0) - 0xac00;
  if (ch.length !== 1 || code < 0 || code > 11171 || code % 28 !== 0) return [];
  const out: string[] = [];
  for (let f = 1; f < 28; f++) out.push(String.fromCharCode(0xac00 + code + f));
  return out;
}

/**
 * The term a definitional question names, or the query unchanged: `what is trample?` → `trample`,
 * `what does "deathtouch" mean` → `deathtouch`, `トランプルとは` → `トランプル`, `돌진이란` → `돌진`.
 * Works on a normalised query.
 */
export function definitionalCore(norm: string): string {
  let q = norm.trim().replace(/[?？!！。.]+$/u, '').trim();
  q = q
    .replace(/^(?:what(?:'s| is| are| does)?|whats|define|definition of|meaning of|how (?:does|do)|explain)\s+(?:(?:a|an|the)\s+)?/u, '')
    .replace(/\s+(?:mean|means|do|does|work|works|rule|rules)$/u, '')
    .replace(/^["']|["']$/gu, '');
  q = q.replace(/(?:とは(?:何|なに)?(?:ですか)?|って(?:何|なに)|の意味|の定義)$/u, '');
  q = q.replace(/(?:이란|란|(?:이|가)?\s*(?:뭐|무엇)(?:인가요|인가|이에요|예요|야)?|의 뜻|뜻|의 정의|정의)$/u, '');
  q = q.trim();
  return q || norm;
}
