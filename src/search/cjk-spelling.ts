/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Misspellings and IME misconversions of Japanese and Korean terms (issue 22): `瞬足` (瞬速),
 * `絆根` (絆魂), `摂死` (接死), `状況基因処理`, `痴漢効果` (置換効果), `경게` (경계), `커멘더` (커맨더),
 * `치멍타` (치명타), `무젹` (무적). English words are corrected by edit distance in vocabulary.ts;
 * CJK text is indexed as bigrams, so an unknown bigram is what marks a misspelled word here, and
 * the corrections are the edition's own terms (headings, glossary headwords, the term bridge,
 * synonyms' names, not cards'), never free text:
 *   - Japanese: a word the IME made of a term's reading (`即効` for 速攻, `摂氏` for 接死: the bundle's
 *     `homophones`, content/search/homophones.ja.json), covering an unknown bigram, or a word the rules write only
 *     in passing (`神話` for 親和, `対照` for 対象) where the query does not write it as they do (`rewordHomophones`); else a stretch of
 *     the query holding an unknown bigram that differs from a term in one
 *     character, or in two adjacent ones when the term has four or more and the typed pair is no word
 *     of the rules (an IME converts a whole word to a homophone: 痴漢 for 置換), or lacks or adds one
 *     katakana (プレインズウォカー); the stretch is a whole word of kanji or katakana, never the end of
 *     one and the start of the next (`火力撃つ` holds no slip of 攻撃);
 *   - Korean: a word whose stem holds an unknown bigram and is one jamo away from a term's word in
 *     each differing syllable, one syllable at most (게/계, 멍/명, 젹/적, 궈/권), or two syllables
 *     one jamo each in words of four or more.
 * Pure: the searcher gives the terms and says which bigrams it knows.
 */
import { bigrams, koreanStem, normalize } from './text.ts';
import { splitBilingual } from './titles.ts';
import { TITLE, type SearchBundle } from './types.ts';
import { neighbourJamo, sameKey } from './keyboard.ts';

/** The names of things a bundle holds: headings (native part), glossary headwords, term bridge, synonyms. */
export function namesOf(b: SearchBundle): string[] {
  const out: string[] = [];
  for (const [, flags, body] of b.records) if (flags & TITLE) out.push(splitBilingual(body)[0] || body);
  for (const g of b.glossary) out.push(g.t);
  for (const [native] of b.dict) out.push(native);
  for (const s of b.synonyms) if (!s.card) out.push(s.query, ...s.match.filter(nameLike));
  return out;
}

/**
 * A query's words that the rules write only in passing, read as the term the IME made them of (`神話(アーティファクト)` →
 * `親和(アーティファクト)`, `対照を取る` → `対象を取る`), except where the query writes one as the rules do: with the
 * character the rules put before or after it (`神話レア`, `対照的`).
 * @param written the bundle's `homophonesWritten`: each word with the places the rules write it
 */
export function rewordHomophones(query: string, homophones: Record<string, string>, written: Record<string, string[]>): string {
  let out = query;
  for (const [word, places] of Object.entries(written)) {
    const term = homophones[word];
    if (!term || !out.includes(word) || places.some((p) => out.includes(p))) continue;
    out = out.split(word).join(term);
  }
  return out;
}

/** Cards' names (types.ts `card`): words a query may hold that the rules lack, and no misspelling. */
export function cardNamesOf(b: SearchBundle): string[] {
  return b.synonyms.flatMap((s) => (s.card ? s.match : []));
}

/**
 * Whether a players' form of the concept table is a name (`플래시백`, `ダブルストライク`), which a slip may be of,
 * rather than a phrase (`土地を置ける`, `殴って`, `대지를 놓`): a misspelt word must be corrected to a name, and a
 * phrase as a target turned `呪禁って` into `呪殴って` and `ライフちょうど` into `ライフロスうど`.
 */
function nameLike(form: string): boolean {
  return Array.from(form).length >= (HANGUL.test(form) ? 2 : 3) && !/[\s\p{Script=Hiragana}]/u.test(form);
}

const HANGUL = /^\p{Script=Hangul}+$/u;
const JA_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆ヶ]+/gu;

/**
 * Whether a query may hold a misspelling at all: a Japanese run or a Korean word (and its stem) with a
 * bigram the edition does not index, or a word the rules never write although they hold its bigrams (a Korean stem,
 * `unseenWord`; a katakana word of four or more). Most queries have none, and then the corrector (its term lists,
 * 20 ms to make) is never built.
 */
export function mayBeMisspelt(query: string, indexed: (bigram: string) => boolean, occurs?: (word: string) => boolean): boolean {
  const norm = normalize(query);
  const unknown = (w: string) => bigrams(w).some((g) => !indexed(g));
  for (const w of norm.match(/\p{Script=Hangul}+/gu) ?? []) {
    const stem = koreanStem(w)[0];
    if (unknown(w) || unknown(stem) || unseenWord(stem, occurs)) return true;
  }
  for (const run of norm.match(JA_RUN) ?? []) if (unknown(run)) return true;
  // A katakana word of known bigrams that the rules never write (スダック: スダ, ダッ and ック are all somewhere).
  if (occurs) for (const w of norm.match(KATAKANA_WORD) ?? []) if (!occurs(w)) return true;
  return false;
}

/**
 * A Korean stem of three syllables or more that starts no word of the rules although each of its
 * bigrams occurs somewhere (`활성하` for 활성화: 활성 and 성하 are both indexed, in other words).
 */
function unseenWord(stem: string, occurs: ((word: string) => boolean) | undefined): boolean {
  return !!occurs && Array.from(stem).length >= 3 && !occurs(stem);
}

/** Initial, medial and final jamo of a Hangul syllable (or null for anything else). */
function jamo(ch: string): [number, number, number] | null {
  const c = ch.charCodeAt(0) - 0xac00;
  if (ch.length !== 1 || c < 0 || c > 11171) return null;
  return [Math.floor(c / 588), Math.floor((c % 588) / 28), c % 28];
}

/** Jamo that differ between two syllables (3 when either is not a syllable). */
export function jamoDistance(a: string, b: string): number {
  if (a === b) return 0;
  const x = jamo(a);
  const y = jamo(b);
  if (!x || !y) return 3;
  return (x[0] !== y[0] ? 1 : 0) + (x[1] !== y[1] ? 1 : 0) + (x[2] !== y[2] ? 1 : 0);
}

/**
 * How far `typed` is one Korean slip from `term` (same syllable count): the syllables changed, and half a step more for
 * each changed initial consonant (a vowel or final slips more often: 점슬 is 점술 before 점을); 0 when it is no slip. A
 * word's first initial is never a slip but for a missed or extra shift (싸이클링 for 사이클링): another initial makes
 * another word (가나 is not 마나, 피치 not 리치, 놔도 not 봐도). A jamo typed on a neighbouring key costs NEIGHBOUR less: of
 * two terms one jamo away, the finger's slip wins (윤합 is 융합, ㄴ beside ㅇ, before 연합; keyboard.ts), but for a
 * last syllable's final, where a verb's endings go.
 */
const NEIGHBOUR = 0.25;
function koreanCost(typed: string[], term: string[]): number {
  if (typed.length !== term.length || typed.length < 2) return 0;
  let syllables = 0;
  let initials = 0;
  let neighbours = 0;
  for (let i = 0; i < typed.length; i++) {
    if (typed[i] === term[i]) continue;
    if (jamoDistance(typed[i]!, term[i]!) > 1) return 0;
    const [p, q] = [jamo(typed[i]!)!, jamo(term[i]!)!];
    const initial = p[0] !== q[0];
    // A plain initial and its tense one are one key, a shift apart (ㅅ/ㅆ, ㄱ/ㄲ, ㄷ/ㄸ, ㅂ/ㅃ, ㅈ/ㅉ).
    if (initial && i === 0 && !sameKey(0, p[0], q[0])) return 0;
    syllables++;
    if (initial) initials++;
    // Not a last syllable's final, where endings go (떨어짐 and 떨어집 are one word's, ㅁ beside ㅂ).
    if (neighbourJamo(p, q) && (i < typed.length - 1 || p[2] === q[2])) neighbours++;
  }
  return syllables === 1 || (syllables === 2 && typed.length >= 4) ? syllables + initials / 2 - NEIGHBOUR * neighbours : 0;
}

const HIRA = /^\p{Script=Hiragana}$/u;
const KATA = /^[\p{Script=Katakana}ー]$/u;
/** Katakana words long enough to be a slip of a term's (four characters or more). */
const KATAKANA_WORD = /[\p{Script=Katakana}ー]{4,}/gu;
/** A kana without its voicing marks, small kana as large: ダ and タ, パ and ハ, ッ and ツ are one key apart on a phone. */
const kanaBase = (c: string) => c.normalize('NFD').replace(/[\u3099\u309a]/gu, '').replace(/[ァィゥェォッャュョヮ]/u, (s) => String.fromCharCode(s.charCodeAt(0) + 1));

/** A long vowel written as a mark or as its kana (フレーバー, フレイバー). */
const LONG = /^[ーイウ]$/u;

/**
 * Whether a katakana word every bigram of which the rules hold is one slip of a term: one kana voiced, unvoiced or
 * resized (スダック, スタック), a long vowel written otherwise (フレーバー, フレイバー), a long-vowel mark or small ッ more or
 * less (クリーチャ, クリーチャー). Another kana makes another word (ドロースキップ is no ドローステップ), and other words of
 * known bigrams are players' words (ブリンク is no slip of リンク).
 */
function katakanaSlip(typed: string[], term: string[]): boolean {
  if (typed.length === term.length) {
    const diff = typed.flatMap((c, i) => (c === term[i] ? [] : [i]));
    if (diff.length !== 1) return false;
    const [a, b] = [typed[diff[0]!]!, term[diff[0]!]!];
    return KATA.test(b) && (kanaBase(a) === kanaBase(b) || (LONG.test(a) && LONG.test(b) && (a === 'ー' || b === 'ー')));
  }
  const [short, long] = typed.length < term.length ? [typed, term] : [term, typed];
  if (long.length - short.length !== 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return i > 0 && /[ーッ・]/u.test(long[i]!) && short.slice(i).join('') === long.slice(i + 1).join('');
}

/**
 * Whether a typed character may stand for a term's: kanji for kanji (a misconversion), katakana for
 * katakana, or a hiragana left unconverted in a katakana word (`トランプる`). A particle typed where
 * a term has a kanji is another word, not a slip (`に行` is not `移行`), and so is a question's 何 or 誰 (`何体で`, `誰が`).
 */
function slip(typed: string, want: string, term: string[]): boolean {
  if (HIRA.test(want) || typed === '何' || typed === '誰') return false;
  if (HIRA.test(typed)) return KATA.test(want) && term.length >= 4;
  return KATA.test(typed) === KATA.test(want);
}

const HAN = /^[\p{Script=Han}々]$/u;

/** The kind of a character a word of its kind continues: kanji, katakana, or neither. */
const wordKind = (c: string | undefined) => (c === undefined ? 0 : HAN.test(c) ? 1 : KATA.test(c) ? 2 : 0);

/**
 * Whether the stretch [start, end) of a run cuts a word of kanji or of katakana: a slip is a whole word
 * (`瞬足を`, `銭湯ダメージ`), never the end of one and the start of the next (`火力撃つ`: 力撃 is no slip of 攻撃).
 */
function cutsWord(chars: string[], start: number, end: number): boolean {
  const at = (i: number, j: number) => wordKind(chars[i]) !== 0 && wordKind(chars[i]) === wordKind(chars[j]);
  return (start > 0 && at(start - 1, start)) || (end < chars.length && at(end - 1, end));
}

/**
 * How many characters of `typed` one Japanese slip changed to make `term` (1 or 2), or 0 when it is none: see the
 * module comment. Two adjacent characters change only where the typed pair is no word of the rules (`痴漢効果`: an IME
 * made the whole word 痴漢 of 置換's reading; `軽減カード` is not `両面カード`).
 */
function japaneseEdits(typed: string[], term: string[], known: (bigram: string) => boolean): number {
  if (typed.length === term.length) {
    const diff: number[] = [];
    for (let i = 0; i < typed.length; i++) if (typed[i] !== term[i]) diff.push(i);
    if (!diff.every((i) => slip(typed[i]!, term[i]!, term))) return 0;
    // What stays must hold more than kana: 何す is not a slip of 探す.
    if (!term.some((c, i) => !diff.includes(i) && !HIRA.test(c))) return 0;
    if (diff.length === 1) return 1;
    const [a, b] = diff as [number, number];
    return diff.length === 2 && b === a + 1 && term.length >= 4 && !HIRA.test(typed[a]!) && !HIRA.test(typed[b]!) && !known(typed[a]! + typed[b]!) ? 2 : 0;
  }
  // One character more or less (not the first: that would be another word).
  const [short, long] = typed.length < term.length ? [typed, term] : [term, typed];
  if (long.length - short.length !== 1 || short.length < 3) return 0;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  // The character more or less is katakana (プレインズウォカー): a kanji is a word, not a slip (いつ負ける is not いつける).
  return i > 0 && KATA.test(long[i]!) && short.slice(i).join('') === long.slice(i + 1).join('') ? 1 : 0;
}

export class CjkSpelling {
  /** Japanese terms (character arrays), longest first. */
  private readonly ja: string[][];
  /** Korean term words by syllable count. */
  private readonly ko = new Map<number, string[][]>();
  private readonly known: (bigram: string) => number;
  /** Whether a Korean word starts a word of the rules (`unseenWord`); without it, only unknown bigrams mark a slip. */
  private readonly occurs: ((word: string) => boolean) | undefined;
  /** Bigrams of the terms themselves: known even where the records lack them (a head bundle, 山札). */
  private readonly termGrams = new Set<string>();
  /** Japanese runs of cards' names (types.ts `card`). */
  private readonly jaCards: string[] = [];
  /** Korean words of cards' names: a word of the rules may be one jamo away (아티스트, Blood Artist: 어시스트). */
  private readonly koCards = new Set<string>();
  private readonly cache = new Map<string, string>();
  /** IME misconversions and the terms they stand for, longest first. */
  private readonly homophones: [string[], string][];

  /**
   * @param terms the edition's names of things (headings, glossary headwords, term bridge, synonyms)
   * @param df how many records hold a bigram (0: unknown)
   * @param occurs whether a Korean word starts a word somewhere in the rules
   * @param homophones Japanese IME misconversions: `{ 即効: '速攻' }`
   * @param cards cards' names (`cardNamesOf`): their bigrams are known, so `バリスタのカウンター` is not corrected into
   *   `バリスタックウンター`, but no slip is corrected to them (`탈리아`, Thalia, is not `칼리아`, Kaalia)
   */
  constructor(terms: Iterable<string>, df: (bigram: string) => number, occurs?: (word: string) => boolean, homophones: Record<string, string> = {}, cards: Iterable<string> = []) {
    this.known = df;
    this.occurs = occurs;
    this.homophones = Object.entries(homophones).map(([typed, term]): [string[], string] => [Array.from(typed), term]).sort((a, b) => b[0].length - a[0].length);
    const ja = new Set<string>();
    for (const raw of terms) {
      const t = normalize(raw);
      for (const w of t.split(/[^\p{L}\p{N}]+/u)) for (const g of bigrams(w)) this.termGrams.add(g);
      for (const run of t.match(JA_RUN) ?? []) if (Array.from(run).length >= 2) ja.add(run);
      // Korean words by their stems, as a typed word is compared (`하나의` is 하나 and a particle: 하나요 is no slip of it).
      for (const word of t.split(/[^\p{Script=Hangul}]+/u)) {
        const w = word ? koreanStem(word)[0] : word;
        const chars = Array.from(w);
        if (chars.length < 2) continue;
        const list = this.ko.get(chars.length) ?? [];
        if (!list.some((x) => x.join('') === w)) list.push(chars);
        this.ko.set(chars.length, list);
      }
    }
    this.ja = [...ja].map((t) => Array.from(t)).sort((a, b) => b.length - a.length);
    for (const name of cards) {
      for (const w of normalize(name).split(/[^\p{L}\p{N}]+/u)) for (const g of bigrams(w)) this.termGrams.add(g);
      for (const run of normalize(name).match(JA_RUN) ?? []) if (Array.from(run).length >= 2) this.jaCards.push(run);
      for (const w of normalize(name).match(/\p{Script=Hangul}+/gu) ?? []) this.koCards.add(w);
    }
  }

  /** The first unknown bigram of `chars`, skipping those that touch a card's name (`バリスタの`: `タの` is unknown). */
  private unknownAt(chars: string[], covered?: Uint8Array): number {
    for (let i = 0; i + 1 < chars.length; i++) {
      const g = chars[i]! + chars[i + 1]!;
      if (!this.known(g) && !this.termGrams.has(g) && !(covered && (covered[i] || covered[i + 1]))) return i;
    }
    return -1;
  }

  /** The run with its first katakana word that the rules never write replaced by the katakana term it is a slip of, or undefined. */
  private unseenKatakana(run: string, chars: string[], covered: Uint8Array | undefined): string | undefined {
    if (!this.occurs) return undefined;
    for (const m of run.matchAll(KATAKANA_WORD)) {
      const start = Array.from(run.slice(0, m.index)).length;
      const word = Array.from(m[0]);
      if (covered?.slice(start, start + word.length).some(Boolean) || this.occurs(m[0]) || this.ja.some((t) => t.join('') === m[0])) continue;
      let best: string[] | undefined;
      let bestDf = -1;
      for (const term of this.ja) {
        if (Math.abs(term.length - word.length) > 1 || !katakanaSlip(word, term)) continue;
        const df = Math.min(...bigrams(term.join('')).map((g) => this.known(g)));
        if (df > bestDf) (best = term), (bestDf = df);
      }
      if (best) return [...chars.slice(0, start), ...best, ...chars.slice(start + word.length)].join('');
    }
    return undefined;
  }

  /** The characters of a Japanese run that belong to a card's name. */
  private cardChars(run: string, chars: string[]): Uint8Array | undefined {
    let covered: Uint8Array | undefined;
    for (const name of this.jaCards) {
      for (let at = run.indexOf(name); at >= 0; at = run.indexOf(name, at + 1)) {
        covered ??= new Uint8Array(chars.length);
        // Code units to characters: a run of kana and kanji has no surrogate pairs but rare kanji.
        const start = Array.from(run.slice(0, at)).length;
        covered.fill(1, start, start + Array.from(name).length);
      }
    }
    return covered;
  }

  /** The best term for a Korean word whose stem holds an unknown bigram, or null. */
  private korean(word: string): string | null {
    const [stem, ending] = koreanStem(word);
    const chars = Array.from(stem);
    if (chars.length < 2 || this.koCards.has(stem) || this.koCards.has(word)) return null;
    if (this.unknownAt(chars) < 0 && !unseenWord(stem, this.occurs)) return null;
    const terms = this.ko.get(chars.length) ?? [];
    // A term is no slip of another (플래시 is no 플래쉬, 페이딩, fading, no 페이징, phasing).
    if (terms.some((t) => t.join('') === stem)) return null;
    let best: string | null = null;
    let bestCost = Infinity;
    let bestDf = -1;
    for (const term of terms) {
      const cost = koreanCost(chars, term);
      if (!cost) continue;
      const df = Math.min(...bigrams(term.join('')).map((g) => this.known(g)));
      if (cost < bestCost || (cost === bestCost && df > bestDf)) (best = term.join('') + ending), (bestCost = cost), (bestDf = df);
    }
    return best;
  }

  /** A Japanese run with the stretch around its first unknown bigram replaced by a term, or null. `afterDigit`: a digit precedes it. */
  private japanese(run: string, afterDigit = false): string | null {
    const chars = Array.from(run);
    const covered = this.cardChars(run, chars) ?? (afterDigit ? new Uint8Array(chars.length) : undefined);
    // After a digit, the first character counts (`1枚唱えて`): no slip of a term (`続唱`, cascade).
    if (afterDigit) covered![0] = 1;
    const at = this.unknownAt(chars, covered);
    // Else (or where no term fits the unknown bigram: グさ in ブロッグされた is the seam of two words) a katakana word
    // the rules never write, whole, is a slip of a katakana term (スダック → スタック).
    if (at < 0) return this.unseenKatakana(run, chars, covered) ?? null;
    // A word the IME made of the term's reading, where it covers the unknown bigram (即効を持つ → 速攻を持つ).
    for (const [typed, term] of this.homophones) {
      for (let s = Math.max(0, at + 2 - typed.length); s <= at && s + typed.length <= chars.length; s++) {
        if (typed.every((c, i) => chars[s + i] === c)) return [...chars.slice(0, s), term, ...chars.slice(s + typed.length)].join('');
      }
    }
    // The longest term that fits; among terms as long, the one with fewer characters changed (先生攻撃 → 先制攻撃,
    // not 二段攻撃), then the one whose rarest bigram is most used (統卒者 → 統率者, the commander, not 統治者, the monarch).
    let best: string | null = null;
    let bestLen = 0;
    let bestEdits = 3;
    let bestDf = -1;
    for (const term of this.ja) {
      if (term.length < bestLen) break;
      // Windows of the run that cover the unknown bigram, as long as the term or one less/more.
      for (const len of [term.length, term.length - 1, term.length + 1]) {
        if (len < 2) continue;
        for (let s = Math.max(0, at + 2 - len); s <= at && s + len <= chars.length; s++) {
          if (cutsWord(chars, s, s + len)) continue;
          const win = chars.slice(s, s + len);
          const edits = japaneseEdits(win, term, (g) => this.known(g) > 0);
          if (!edits) continue;
          const df = Math.min(...bigrams(term.join('')).map((g) => this.known(g)));
          if (edits < bestEdits || (edits === bestEdits && df > bestDf)) {
            best = [...chars.slice(0, s), ...term, ...chars.slice(s + len)].join('');
            bestLen = term.length;
            bestEdits = edits;
            bestDf = df;
          }
        }
      }
    }
    return best ?? this.unseenKatakana(run, chars, covered) ?? null;
  }

  /**
   * The query with its misspelled Japanese and Korean words replaced by the terms they stand for,
   * or the query unchanged.
   * @example fix('경게') // '경계'
   * @example fix('瞬足を持つクリーチャー') // '瞬速を持つクリーチャー'
   */
  fix(query: string): string {
    const hit = this.cache.get(query);
    if (hit !== undefined) return hit;
    const norm = normalize(query);
    let out = norm;
    out = out.replace(/\p{Script=Hangul}+/gu, (w) => (HANGUL.test(w) ? (this.korean(w) ?? w) : w));
    out = out.replace(JA_RUN, (run, at: number) => this.japanese(run, /\d/.test(out[at - 1] ?? '')) ?? run);
    const res = out === norm ? query : out;
    if (this.cache.size > 500) this.cache.clear();
    this.cache.set(query, res);
    return res;
  }
}
