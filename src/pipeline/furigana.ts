/**
 * Cleanup of the Japanese seed's flattened furigana. Pure functions, no I/O.
 *
 * The seed is a text extraction of a ruby-annotated HTML page: every glossary-linked term was a
 * `<ruby>` whose reading (`<rt>`) was emitted right after the base (`プレイヤーぷれいやー`), and
 * one-character text nodes between two inline elements were dropped (particles, 、, 〔, and even
 * one-kanji ruby bases, leaving an orphan reading: `105. いろ` = 105. 色).
 * See docs/design-notes.md §2. The cleanup order (§2.4) is:
 *
 *  1. `stripFurigana`: at every position, the longest glossary pair base+reading (headwords split
 *     on 、 and zipped with their readings); only where none matches, a whole katakana word
 *     (≥ 2 kana, at a word boundary) followed by its hiragana transliteration.
 *  2. `restoreLostBrackets`: the `〔` of `rule N〔title〕参照` lost before a ruby title.
 *  3. `restoreOrphanReadings`: one-kanji glossary terms whose kanji vanished (`いろ` → `色`).
 *  4. `dropArtifactSpaces` (separate, optional normalisation): the single space the extraction left
 *     between two ruby terms (`構築 デッキ` → `構築デッキ`); `dropSpacesBetween` does the same beside
 *     the verb links the reader finds later (`かのように 唱えてよい` → `かのように唱えてよい`).
 *
 * Every step is linear in the length of its input (a bounded-depth trie walk per position).
 * The steps live in furigana/ (headwords.ts: the glossary pairs; kana.ts: character classes and
 * transliteration; strip.ts: step 1; restore.ts: steps 2–4); this module runs them for one line
 * (`cleanLine`, keeping the ruby spans in step with every edit) and is the one entry callers import.
 */
import { stripFurigana, type FuriganaMatcher } from './furigana/strip.ts';
import { dropArtifactSpaces, restoreLostBrackets, restoreOrphanReadings } from './furigana/restore.ts';

export { glossaryPairs, headwordPairs, parseHeadword, withoutSense, type Headword, type RubyPair } from './furigana/headwords.ts';
export { isHiragana, katakanaToHiragana, matchTransliteration } from './furigana/kana.ts';
export { createFuriganaMatcher, stripFurigana } from './furigana/strip.ts';
export { RULE_REF, dropArtifactSpaces, orphanTable, restoreLostBrackets, restoreOrphanReadings } from './furigana/restore.ts';

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
  /** Offsets in `text` of the `〔` restored (step 2), ascending: not printed by the source. */
  bracketsAt: number[];
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
 * Steps 1–4 of §2.4 for one line, with the ruby elements found (for ja-damage.ts). `headword` lines (glossary
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
  // Each 〔 went in at its offset in the input: in the output it is at that offset plus the ones before it.
  let bracketsAt = bracketed.at.map((a, k) => a + k);
  let orphans = 0;
  if (!options.headword) {
    const o = restoreOrphanReadings(text, ctx.orphans, spans);
    if (o.replaced.length > 0) {
      orphans = o.replaced.length;
      const edits = o.replaced.map((r) => ({ start: r.start, end: r.end, length: 1 }));
      const orphanStarts = mapOffsets(o.replaced.map((r) => r.start), edits, false);
      const orphanSpans = orphanStarts.map((s) => ({ start: s, end: s + 1, orphan: true }));
      spans = mergeSpans(mapSpans(spans, edits), orphanSpans);
      bracketsAt = mapOffsets(bracketsAt, edits, false);
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
    bracketsAt = mapOffsets(bracketsAt, edits, false);
  }
  return { text, readings: stripped.spans.length, brackets: bracketed.at.length, orphans, spaces: spaced.length, spans, spaced, bracketsAt };
}

/**
 * Step 4 again, once the other elements of the line are known (ja-damage.ts `findElements`: verb
 * links such as 唱え|る and 生成|する, found only after every line is cleaned): the single space the
 * extraction left between two elements one of which is a link (`かのように 唱えてよい`,
 * `マナ 生成 イベント`). Same condition as between two ruby terms: Japanese on both sides.
 */
export function dropSpacesBetween(line: CleanLine, elements: { start: number; end: number }[]): CleanLine {
  const d = dropArtifactSpaces(line.text, elements);
  if (d.dropped.length === 0) return line;
  const edits = d.dropped.map((x) => ({ start: x, end: x + 1, length: 0 }));
  const spaced = [...mapOffsets(line.spaced, edits, false), ...mapOffsets(d.dropped, edits, false)].sort((a, b) => a - b);
  return { ...line, text: d.text, spans: mapSpans(line.spans, edits), spaced, spaces: line.spaces + d.dropped.length, bracketsAt: mapOffsets(line.bracketsAt, edits, false) };
}
