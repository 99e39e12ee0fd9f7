/**
 * Cleanup of the Japanese seed's flattened furigana. Pure functions, no I/O.
 *
 * The seed is a text extraction of a ruby-annotated HTML page: every glossary-linked term was a
 * `<ruby>` whose reading (`<rt>`) was emitted right after the base (`プレイヤーぷれいやー`), and
 * one-character text nodes between two inline elements were dropped (particles, 、, 〔, and even
 * one-kanji ruby bases, leaving an orphan reading: `105. いろ` = 105. 色).
 * See /work/shared/design/source-quirks.md §5. The cleanup order (§5.5) is:
 *
 *  1. `stripFurigana`: at every position, the longest glossary pair base+reading (headwords split
 *     on 、 and zipped with their readings); only where none matches, a whole katakana word
 *     (≥ 2 kana, at a word boundary) followed by its hiragana transliteration.
 *  2. `restoreLostBrackets`: the `〔` of `rule N〔title〕参照` lost before a ruby title.
 *  3. `restoreOrphanReadings`: one-kanji glossary terms whose kanji vanished (`いろ` → `色`).
 *  4. `dropArtifactSpaces` (separate, optional normalisation): the single space the extraction left
 *     between two ruby terms (`構築 デッキ` → `構築デッキ`).
 *
 * Every step is linear in the length of its input (a bounded-depth trie walk per position).
 */

/** A glossary headword as printed: `コントロール、コントローラー(こんとろーる、こんとろおらあ)/Control/Controller`. */
export interface Headword {
  /** Term(s) before the reading, as printed (`コントロール、コントローラー`, `生息条件(島)`). */
  term: string;
  /** The printed reading without parentheses (`こんとろーる、こんとろおらあ`). */
  reading: string;
  /** Everything after the slash (`Control/Controller`, `Vanguard(1)`, `Counter(v)`). */
  english: string;
}

/** A base and the ruby reading the extraction appended to it. */
export interface RubyPair {
  base: string;
  reading: string;
}

// Term, then the last `(reading)` (hiragana, ー, ヴ, 、, ・, spaces) directly followed by `/English`.
const HEADWORD = /^(\S.*?)\(([\u3041-\u309f\u30fc\u30f4\u30fb、 ]+)\)\/([\x20-\x7e]+)$/;

/** Parses a glossary headword line; null for anything else (definitions, senses, `(廃語)…`). */
export function parseHeadword(line: string): Headword | null {
  const m = HEADWORD.exec(line);
  if (!m) return null;
  return { term: m[1]!, reading: m[2]!, english: m[3]!.trim() };
}

/**
 * The base/reading pairs a headword provides. Multi-term headwords are split on 、 and zipped with
 * their readings; when the counts differ (`共闘、[名前]との共闘(きょうとう)`), every term and the whole
 * headword are paired with the whole reading instead.
 */
export function headwordPairs(h: Headword): RubyPair[] {
  const terms = h.term.split('、').map((t) => t.trim()).filter(Boolean);
  const readings = h.reading.split('、').map((r) => r.trim()).filter(Boolean);
  const out: RubyPair[] = [];
  if (terms.length === readings.length) {
    terms.forEach((t, i) => out.push({ base: t, reading: readings[i]! }));
    if (terms.length > 1) out.push({ base: h.term, reading: h.reading });
  } else {
    out.push({ base: h.term, reading: h.reading });
    for (const t of terms) out.push({ base: t, reading: h.reading });
  }
  return out.filter((p) => p.base !== '' && p.reading !== '');
}

/** All pairs of a list of headwords, without duplicates. */
export function glossaryPairs(headwords: Headword[]): RubyPair[] {
  const seen = new Set<string>();
  const out: RubyPair[] = [];
  for (const h of headwords) {
    for (const p of headwordPairs(h)) {
      const key = `${p.base}\u0000${p.reading}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(p);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Character classes

/** Katakana letters ァ..ヺ (incl. ヴ ヵ ヶ), not ー or ・. */
export const isKatakanaLetter = (c: number) => c >= 0x30a1 && c <= 0x30fa;
const isKatakanaRunChar = (c: number) => isKatakanaLetter(c) || c === 0x30fc || c === 0x30fd || c === 0x30fe;
/** Hiragana letters ぁ..ゖ. */
export const isHiragana = (c: number) => c >= 0x3041 && c <= 0x3096;
const isKanji = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || c === 0x3005;
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

// ---------------------------------------------------------------------------------------------
// Matcher: a trie over base+reading, built once per document.

interface TrieNode {
  next: Map<number, TrieNode>;
  /** Set when a key ends here: length of its base. */
  baseLength: number;
}

export interface FuriganaMatcher {
  root: TrieNode;
  /** 1 for every UTF-16 unit that starts a key: most positions are rejected without a trie step. */
  starts: Uint8Array;
  /** The pairs the matcher was built from. */
  pairs: RubyPair[];
}

const newNode = (): TrieNode => ({ next: new Map(), baseLength: -1 });

export function createFuriganaMatcher(pairs: RubyPair[]): FuriganaMatcher {
  const root = newNode();
  const starts = new Uint8Array(0x10000);
  for (const p of pairs) {
    const key = p.base + p.reading;
    starts[key.charCodeAt(0)] = 1;
    let node = root;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      let child = node.next.get(c);
      if (!child) node.next.set(c, (child = newNode()));
      node = child;
    }
    // Same key from two pairs (base+reading split differently): keep the longer base.
    node.baseLength = Math.max(node.baseLength, p.base.length);
  }
  return { root, starts, pairs };
}

/** Longest glossary key at `pos`: [base length, key length], or null. */
function longestPair(m: FuriganaMatcher, text: string, pos: number): [number, number] | null {
  let node: TrieNode | undefined = m.root;
  let best: [number, number] | null = null;
  for (let i = pos; i < text.length; i++) {
    node = node.next.get(text.charCodeAt(i));
    if (!node) break;
    if (node.baseLength > 0) best = [node.baseLength, i + 1 - pos];
  }
  return best;
}

/**
 * A whole katakana word (≥ 2 kana, at a word boundary) followed by its reading, at `pos`. The word
 * ends where the katakana run ends, or at a ヴ inside the run, since readings keep ヴ
 * (`ヴァンガードヴぁんがーど`: the run is ヴァンガードヴ, the word ヴァンガード).
 */
function katakanaRuby(text: string, pos: number): [number, number] | null {
  if (pos > 0) {
    const prev = text.charCodeAt(pos - 1);
    if (isKatakanaRunChar(prev) || prev === 0x30fb) return null;
  }
  let end = pos;
  let kana = 0;
  while (end < text.length) {
    const d = text.charCodeAt(end);
    if (isKatakanaRunChar(d)) {
      if (isKatakanaLetter(d)) kana++;
      end++;
    } else if (d === 0x30fb && end + 1 < text.length && isKatakanaLetter(text.charCodeAt(end + 1))) end++;
    else break;
  }
  if (kana < 2 || end >= text.length || !isHiragana(text.charCodeAt(end))) return null;
  const stop = matchTransliteration(text.slice(pos, end), text, end);
  if (stop >= 0) return [end - pos, stop - pos];
  // The reading may start inside the run with ヴ (only ヴ and ー can): try the last few ヴ there.
  for (let e = end - 1, tries = 0; e > pos + 1 && tries < 4; e--) {
    const d = text.charCodeAt(e);
    if (d !== 0x30f4 && d !== 0x30fc) break;
    if (d !== 0x30f4) continue;
    tries++;
    const s = matchTransliteration(text.slice(pos, e), text, e);
    if (s >= 0) return [e - pos, s - pos];
  }
  return null;
}

/** Where a removed reading was: the base's span in the cleaned text. */
export interface RubySpan {
  /** Start and end of the base in the output text. */
  start: number;
  end: number;
  reading: string;
  by: 'glossary' | 'katakana';
}

export interface StripResult {
  text: string;
  spans: RubySpan[];
}

/** Removes every flattened reading (step 1 of §5.5). */
export function stripFurigana(text: string, matcher: FuriganaMatcher): StripResult {
  const parts: string[] = [];
  const spans: RubySpan[] = [];
  let outLength = 0;
  let last = 0;
  let i = 0;
  const starts = matcher.starts;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    let hit = starts[c] === 1 ? longestPair(matcher, text, i) : null;
    let by: RubySpan['by'] = 'glossary';
    if (!hit && isKatakanaLetter(c)) {
      hit = katakanaRuby(text, i);
      by = 'katakana';
    }
    if (!hit) {
      i++;
      continue;
    }
    const [baseLength, keyLength] = hit;
    const kept = text.slice(last, i + baseLength);
    parts.push(kept);
    outLength += kept.length;
    spans.push({ start: outLength - baseLength, end: outLength, reading: text.slice(i + baseLength, i + keyLength), by });
    i += keyLength;
    last = i;
  }
  if (last === 0) return { text, spans };
  parts.push(text.slice(last));
  return { text: parts.join(''), spans };
}

// ---------------------------------------------------------------------------------------------
// Step 2: lost 〔

/**
 * `rule N` as the Japanese text writes it. A subrule letter counts when a non-letter follows it or
 * when the next reference starts right after it (`704.5mrule 704.5n` is 704.5m, lost 、), but
 * `613.6rule` stays 613.6.
 */
export const RULE_REF =
  /rule\s*(?:\d{3}(?:\.\d{1,3}(?:[a-z](?![a-z])|[a-z](?=rule))?)?(?!\d)|\d(?![\d.]))(?:-(?:\d{3}\.\d{1,3}[a-z]?(?![a-z])|\d{1,3}(?![\d.])|[a-z](?![a-z])|[a-z](?=rule)))?/g;

export interface BracketResult {
  text: string;
  /** Offsets in the input before which a `〔` was inserted, ascending. */
  at: number[];
}

/** Offsets of every occurrence of `ch`. */
function positionsOf(text: string, ch: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(ch); i >= 0; i = text.indexOf(ch, i + 1)) out.push(i);
  return out;
}

/**
 * Restores the `〔` of `rule N〔title〕参照` where the extraction dropped it (step 2 of §5.5): right
 * after `rule N` when the next character is not a space or `〔`, and a `〕` follows before any `〔`,
 * before the next `rule N` and before any `。` (a title is a name, never a sentence; this leaves the
 * two source anomalies whose "title" is the whole text of another rule as printed). One pass with
 * monotone pointers: linear in the length of the text.
 */
export function restoreLostBrackets(text: string): BracketResult {
  if (!text.includes('〕') || !text.includes('rule')) return { text, at: [] };
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of text.matchAll(RULE_REF)) {
    starts.push(m.index!);
    ends.push(m.index! + m[0].length);
  }
  const closes = positionsOf(text, '〕');
  const opens = positionsOf(text, '〔');
  const stops = positionsOf(text, '。');
  let ci = 0;
  let oi = 0;
  let si = 0;
  const at: number[] = [];
  for (let k = 0; k < ends.length; k++) {
    const e = ends[k]!;
    if (e >= text.length || text[e] === '〔' || /\s/.test(text[e]!)) continue;
    while (ci < closes.length && closes[ci]! < e) ci++;
    if (ci >= closes.length) break;
    while (oi < opens.length && opens[oi]! < e) oi++;
    while (si < stops.length && stops[si]! < e) si++;
    const close = closes[ci]!;
    if (close < (opens[oi] ?? Infinity) && close < (stops[si] ?? Infinity) && close < (starts[k + 1] ?? Infinity)) at.push(e);
  }
  if (at.length === 0) return { text, at };
  const parts: string[] = [];
  let last = 0;
  for (const e of at) {
    parts.push(text.slice(last, e), '〔');
    last = e;
  }
  parts.push(text.slice(last));
  return { text: parts.join(''), at };
}

// ---------------------------------------------------------------------------------------------
// Step 3: orphan readings

/**
 * Readings of the one-kanji glossary terms (`色(いろ)` → いろ → 色), the only bases the extraction
 * could drop while keeping the reading. Readings shared by two such terms are left out (ambiguous),
 * and so are one-kana readings (`場(ば)`), which cannot be told from ordinary text.
 */
export function orphanTable(pairs: RubyPair[]): Map<string, string> {
  const table = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const p of pairs) {
    if (p.base.length !== 1 || !isKanji(p.base.charCodeAt(0)) || p.reading.length < 2) continue;
    if (![...p.reading].every((ch) => isHiragana(ch.charCodeAt(0)))) continue;
    const known = table.get(p.reading);
    if (known !== undefined && known !== p.base) ambiguous.add(p.reading);
    table.set(p.reading, p.base);
  }
  for (const r of ambiguous) table.delete(r);
  return table;
}

// After an orphan reading, these kana continue a verb or adjective (しま|す, しま|った, しま|う):
// the reading is then part of an ordinary word, not a lost noun. Noun followers (particles は が を
// に の で と も や へ か より まで だけ など, あるいは, および, また) are not in the list.
const WORD_CONTINUATION = new Set([...'すせしっうわいえるれろらりんゃゅょ'].map((c) => c.charCodeAt(0)));
// Ordinary words that contain a reading and are not excluded by the continuation rule.
const ORDINARY_WORDS = ['つもり', 'いろいろ', 'たばこ', 'もりあが', 'あやま', 'やまない'];

export interface OrphanResult {
  text: string;
  /** Replacements, in input offsets, ascending. */
  replaced: { start: number; end: number; reading: string; kanji: string }[];
}

/**
 * Replaces orphan readings by their kanji (step 3 of §5.5): every occurrence of a reading from
 * `table` outside `protect` (the ruby bases already in the text), unless the next kana continues it
 * into an ordinary word (してしまった, 感謝します) or it belongs to one of a few ordinary words
 * (つもり, いろいろ). Callers skip glossary headword lines, whose readings are printed on purpose.
 */
export function restoreOrphanReadings(text: string, table: Map<string, string>, protect: { start: number; end: number }[] = []): OrphanResult {
  if (table.size === 0) return { text, replaced: [] };
  const re = orphanPattern(table);
  re.lastIndex = 0;
  // Candidates outside the protected spans, in order.
  const hits: { start: number; reading: string }[] = [];
  let pi = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    while (pi < protect.length && protect[pi]!.end <= start) pi++;
    if (pi < protect.length && protect[pi]!.start < end) continue;
    hits.push({ start, reading: m[0] });
  }
  const replaced: OrphanResult['replaced'] = [];
  // A chain of touching readings (平地しまぬまやまもり, lost 、 between them) is judged as a whole.
  for (let k = 0; k < hits.length; ) {
    let j = k + 1;
    while (j < hits.length && hits[j]!.start === hits[j - 1]!.start + hits[j - 1]!.reading.length) j++;
    const chain = hits.slice(k, j);
    if (isOrphanChain(text, chain)) {
      for (const c of chain) replaced.push({ start: c.start, end: c.start + c.reading.length, reading: c.reading, kanji: table.get(c.reading)! });
    }
    k = j;
  }
  if (replaced.length === 0) return { text, replaced };
  const parts: string[] = [];
  let last = 0;
  for (const r of replaced) {
    parts.push(text.slice(last, r.start), r.kanji);
    last = r.end;
  }
  parts.push(text.slice(last));
  return { text: parts.join(''), replaced };
}

const PATTERNS = new WeakMap<Map<string, string>, RegExp>();
/** One alternation of the table's readings, longest first (built once per table). */
function orphanPattern(table: Map<string, string>): RegExp {
  let re = PATTERNS.get(table);
  if (!re) {
    const alternatives = [...table.keys()].sort((a, b) => b.length - a.length).map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    re = new RegExp(alternatives.join('|'), 'g');
    PATTERNS.set(table, re);
  }
  return re;
}

function isOrphanChain(text: string, chain: { start: number; reading: string }[]): boolean {
  const tail = chain[chain.length - 1]!;
  const end = tail.start + tail.reading.length;
  if (end < text.length && WORD_CONTINUATION.has(text.charCodeAt(end))) return false;
  for (let k = 0; k < chain.length; k++) {
    const { start, reading } = chain[k]!;
    // Reduplication (いろいろ) is an ordinary word, not two lost kanji.
    if ((start >= reading.length && text.startsWith(reading, start - reading.length)) || chain[k + 1]?.reading === reading) return false;
    for (const w of ORDINARY_WORDS) {
      const at = w.indexOf(reading);
      if (at >= 0 && start >= at && text.startsWith(w, start - at)) return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Step 4: artifact spaces

/**
 * Drops the single space the extraction left between two ruby terms (`構築 デッキ` → `構築デッキ`),
 * only where the characters on both sides are Japanese (kana/kanji): Japanese text does not
 * separate words by spaces, and every such space sits between two terms. Returns the removed
 * offsets (input coordinates).
 */
export function dropArtifactSpaces(text: string, spans: { start: number; end: number }[]): { text: string; dropped: number[] } {
  const dropped: number[] = [];
  for (let k = 1; k < spans.length; k++) {
    const a = spans[k - 1]!;
    const b = spans[k]!;
    if (b.start !== a.end + 1 || text[a.end] !== ' ') continue;
    if (!isJapaneseWordChar(text.charCodeAt(a.end - 1)) || !isJapaneseWordChar(text.charCodeAt(b.start))) continue;
    dropped.push(a.end);
  }
  if (dropped.length === 0) return { text, dropped };
  const parts: string[] = [];
  let last = 0;
  for (const d of dropped) {
    parts.push(text.slice(last, d));
    last = d + 1;
  }
  parts.push(text.slice(last));
  return { text: parts.join(''), dropped };
}

// ---------------------------------------------------------------------------------------------
// All steps for one line

/** An inline element the cleanup found: a ruby base, or a one-kanji term restored from an orphan reading. */
export interface TermSpan {
  start: number;
  end: number;
  orphan?: boolean;
}

export interface CleanupContext {
  matcher: FuriganaMatcher;
  orphans: Map<string, string>;
}

export interface CleanLine {
  text: string;
  /** Readings removed (step 1). */
  readings: number;
  /** `〔` restored (step 2). */
  brackets: number;
  /** Orphan readings replaced by their kanji (step 3). */
  orphans: number;
  /** Artifact spaces dropped (step 4). */
  spaces: number;
  /** The ruby elements the cleanup found, in `text` coordinates: ruby bases, and orphan kanji (`orphan`). */
  spans: TermSpan[];
  /** Offsets in `text` where an artifact space between two ruby terms was dropped (ascending). */
  spaced: number[];
}

/**
 * Maps ascending offsets through ascending edits, each replacing [start, end) by `length` characters
 * (an insertion has end === start). An offset at an insertion point moves past the insertion when
 * `after` is set. Linear: both lists are walked once.
 */
function mapOffsets(xs: number[], edits: { start: number; end: number; length: number }[], after: boolean): number[] {
  const out: number[] = [];
  let k = 0;
  let delta = 0;
  for (const x of xs) {
    while (k < edits.length) {
      const e = edits[k]!;
      const passed = e.start === e.end ? e.start < x || (after && e.start === x) : e.end <= x;
      if (!passed) break;
      delta += e.length - (e.end - e.start);
      k++;
    }
    out.push(x + delta);
  }
  return out;
}

/** Term spans through a list of edits (spans ascending and disjoint, so starts and ends ascend too). */
function mapSpans(spans: TermSpan[], edits: { start: number; end: number; length: number }[]): TermSpan[] {
  if (edits.length === 0) return spans;
  const starts = mapOffsets(spans.map((s) => s.start), edits, true);
  const ends = mapOffsets(spans.map((s) => s.end), edits, false);
  return spans.map((s, i) => ({ ...s, start: starts[i]!, end: ends[i]! }));
}

function mergeSpans(a: TermSpan[], b: TermSpan[]): TermSpan[] {
  const out: TermSpan[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.start <= b[j]!.start)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * Steps 1–4 of §5.5 for one line, with the ruby elements found (for ja-damage.ts). `headword` lines (glossary
 * `色(いろ)/Color`) keep their printed readings: no orphan restoration there.
 */
export function cleanLine(raw: string, ctx: CleanupContext, options: { headword?: boolean; dropSpaces?: boolean } = {}): CleanLine {
  const stripped = stripFurigana(raw, ctx.matcher);
  const bracketed = restoreLostBrackets(stripped.text);
  // A 〔 inserted at a span's start goes before the span.
  let spans: TermSpan[] = mapSpans(
    stripped.spans.map((s) => ({ start: s.start, end: s.end })),
    bracketed.at.map((a) => ({ start: a, end: a, length: 1 })),
  );
  let text = bracketed.text;
  let orphans = 0;
  if (!options.headword) {
    const o = restoreOrphanReadings(text, ctx.orphans, spans);
    if (o.replaced.length > 0) {
      orphans = o.replaced.length;
      const edits = o.replaced.map((r) => ({ start: r.start, end: r.end, length: 1 }));
      const orphanStarts = mapOffsets(o.replaced.map((r) => r.start), edits, false);
      const orphanSpans = orphanStarts.map((s) => ({ start: s, end: s + 1, orphan: true }));
      spans = mergeSpans(mapSpans(spans, edits), orphanSpans);
      text = o.text;
    }
  }
  let spaced: number[] = [];
  if (options.dropSpaces !== false) {
    const d = dropArtifactSpaces(text, spans);
    text = d.text;
    const edits = d.dropped.map((x) => ({ start: x, end: x + 1, length: 0 }));
    spans = mapSpans(spans, edits);
    spaced = mapOffsets(d.dropped, edits, false);
  }
  return { text, readings: stripped.spans.length, brackets: bracketed.at.length, orphans, spaces: spaced.length, spans, spaced };
}
