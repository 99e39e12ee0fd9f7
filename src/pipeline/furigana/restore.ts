/**
 * Steps 2–4 of the furigana cleanup (docs/design-notes.md §2.4), each a pure linear pass over one line:
 * the `〔` lost before a ruby title (`restoreLostBrackets`), one-kanji terms whose kanji vanished and
 * left only the reading (`restoreOrphanReadings`, `いろ` → `色`), and the single space the extraction
 * left between two ruby terms (`dropArtifactSpaces`).
 */
import { isHiragana, isJapaneseWordChar, isKanji } from './kana.ts';
import type { RubyPair } from './headwords.ts';
import { keysPattern } from '../alternation.ts';

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
 * Restores the `〔` of `rule N〔title〕参照` where the extraction dropped it (step 2 of §2.4): right
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
 * Replaces orphan readings by their kanji (step 3 of §2.4): every occurrence of a reading from
 * `table` outside `protect` (the ruby bases already in the text), unless the next kana continues it
 * into an ordinary word (してしまった, 感謝します) or it belongs to one of a few ordinary words
 * (つもり, いろいろ). Callers skip glossary headword lines, whose readings are printed on purpose.
 */
export function restoreOrphanReadings(text: string, table: Map<string, string>, protect: { start: number; end: number }[] = []): OrphanResult {
  if (table.size === 0) return { text, replaced: [] };
  const re = keysPattern(table);
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
