/**
 * Snippets for the rows a search shows: where the query's tokens stand in a rule's text (Latin tokens at
 * word starts, CJK grams anywhere) and a window of text around the best of them. Computed only for the
 * rows shown, never for every hit. Shared by the CLI, the tests and the browser worker.
 */
import { ENGLISH_ENDING, normalizeMapped, WORD_START, type Mapped } from './text.ts';

/** How much of a long rule or its examples a snippet looks through. */
export const SNIPPET_SCAN = 3000;

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const LETTER = /^\p{L}$/u;
const LATIN_TOKEN = /^[\p{L}\p{N}.']+$/u;

/** Whether the code point at `i` (or, with `before`, the one ending just before `i`) is a letter or digit. */
function wordAt(s: string, i: number, before: boolean): boolean {
  if (before ? i <= 0 : i >= s.length) return false;
  const c = s.charCodeAt(before ? i - 1 : i);
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  const cp = before && c >= 0xdc00 && c <= 0xdfff && i >= 2 ? s.codePointAt(i - 2)! : s.codePointAt(before ? i - 1 : i)!;
  return LETTER_OR_DIGIT.test(String.fromCodePoint(cp));
}

/** End of the run of letters and apostrophes that starts at `i`. */
function letterRunEnd(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 39) i++;
      else break;
    } else {
      const cp = s.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      if (!LETTER.test(ch)) break;
      i += ch.length;
    }
  }
  return i;
}

/**
 * Highlight ranges of matched tokens in a text (Latin tokens match word starts, CJK grams anywhere).
 * Plain `indexOf` scans, no regular expression per token: this runs for every row shown, and
 * compiling a Unicode pattern per token and row was most of a snippet's time.
 */
export function findMarks(text: string, tokens: string[], normalized?: Mapped): [number, number][] {
  if (tokens.length === 0) return [];
  const { norm, map } = normalized ?? normalizeMapped(text);
  const ranges: [number, number][] = [];
  for (const t of tokens) {
    if (!t) continue;
    if (LATIN_TOKEN.test(t) && /^[a-z0-9]/.test(t)) {
      // A Latin token (possibly plural-folded): the word that starts with it.
      const stem = t.endsWith('y') && t.length > 3 ? t.slice(0, -1) : t;
      for (let i = norm.indexOf(stem); i >= 0; i = norm.indexOf(stem, i + 1)) {
        if (wordAt(norm, i, true)) continue;
        const end = letterRunEnd(norm, i + stem.length);
        // The word or one of its forms (`creature` marks “creatures”; `ability`, whose y the stem dropped, “abilities”),
        // never another word it starts.
        const rest = norm.slice(i + stem.length, end).replace(stem !== t ? /^[yi]/ : /^$/, '');
        if (rest && !ENGLISH_ENDING.test(rest)) continue;
        ranges.push([i, end]);
        // The next match starts after this word (a regex scan does not overlap its matches).
        i = Math.max(i, end - 1);
      }
    } else {
      for (let i = norm.indexOf(t); i >= 0; i = norm.indexOf(t, i + 1)) ranges.push([i, i + t.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return map ? merged.map(([a, b]) => [map[a]!, map[b] ?? text.length]) : merged;
}

const HANGUL_CH = /^\p{Script=Hangul}$/u;
const KATAKANA_CH = /^[\p{Script=Katakana}ー]$/u;

/** The script class a character's word continues in: Hangul, katakana, or neither (null). */
function wordScript(ch: string | undefined): 'ko' | 'kana' | null {
  if (!ch) return null;
  return HANGUL_CH.test(ch) ? 'ko' : KATAKANA_CH.test(ch) ? 'kana' : null;
}

/**
 * Highlight ranges that start a word: a Hangul or katakana range right after a character of the
 * same script is a fragment inside another word (`레이어` in `플레이어`, `ール` in `コントロール`) and
 * is not marked (issue 22). A range may end inside a word (a prefix being typed: `プレイ` in
 * `プレイヤー`); Latin ranges already start at words (findMarks), kanji have no word boundaries.
 */
export function wordStartMarks(text: string, marks: [number, number][]): [number, number][] {
  return marks.filter(([a]) => {
    const own = wordScript(String.fromCodePoint(text.codePointAt(a) ?? 32));
    if (!own || a === 0) return true;
    const prev = text.charCodeAt(a - 1) >= 0xdc00 && text.charCodeAt(a - 1) <= 0xdfff && a >= 2 ? String.fromCodePoint(text.codePointAt(a - 2)!) : text[a - 1];
    return wordScript(prev) !== own;
  });
}

/**
 * A window of `size` characters centred on the densest group of highlights (the body first; the
 * examples when only they matched), with the highlight ranges relative to the snippet. Word-start
 * index tokens (`^레이`, text.ts) highlight their two syllables; fragments inside other words are
 * not highlighted (wordStartMarks).
 * `bodyNorm`: the first SNIPPET_SCAN characters of the body already normalised, when the index kept them.
 */
export function makeSnippet(body: string, examples: string, tokens: string[], size: number, bodyNorm?: Mapped): { snippet: string; marks: [number, number][] } {
  // Highlights are looked for in the first few thousand characters only: a damaged record can run
  // to tens of kilobytes, and a snippet never needs more.
  body = body.length > SNIPPET_SCAN ? body.slice(0, SNIPPET_SCAN) : body;
  examples = examples.length > SNIPPET_SCAN ? examples.slice(0, SNIPPET_SCAN) : examples;
  tokens = tokens.map((t) => (t.startsWith(WORD_START) ? t.slice(WORD_START.length) : t));
  let text = body;
  let marks = wordStartMarks(body, findMarks(body, tokens, bodyNorm));
  if (marks.length === 0 && examples) {
    const em = wordStartMarks(examples, findMarks(examples, tokens));
    if (em.length) {
      text = examples;
      marks = em;
    }
  }
  if (text.length <= size) return { snippet: text, marks };
  // The group of highlight ranges that fits in a window and holds the most of them, and a window
  // centred on it (the match in the middle, never cut at the window's start).
  let bestStart = 0;
  let bestEnd = 0;
  let bestCount = -1;
  for (let i = 0; i < marks.length; i++) {
    let c = 0;
    let end = marks[i]![1];
    for (let j = i; j < marks.length && marks[j]![1] - marks[i]![0] <= size; j++) c++, (end = marks[j]![1]);
    if (c > bestCount) {
      bestCount = c;
      bestStart = marks[i]![0];
      bestEnd = end;
    }
  }
  // A group that starts near the text's start is shown from there (a definition reads from its start).
  let start = bestStart <= size / 4 ? 0 : Math.max(0, Math.min(text.length - size, Math.floor((bestStart + bestEnd - size) / 2)));
  // Start at a word boundary in spaced text.
  if (start > 0) {
    const sp = text.lastIndexOf(' ', start);
    if (sp >= 0 && start - sp < 20) start = sp + 1;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const sp = text.indexOf(' ', end);
    if (sp >= 0 && sp - end < 15) end = sp;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const snippet = prefix + text.slice(start, end) + suffix;
  const shifted = marks
    .filter(([a, b]) => a >= start && b <= end)
    .map(([a, b]) => [a - start + prefix.length, b - start + prefix.length] as [number, number]);
  return { snippet, marks: shifted };
}
