/**
 * Context-trimmed word diffs. A long rule that changed in a few words (205.3m, the creature types, is 2,800
 * characters and changes by one or two types an edition) is shown as its changed words with some unchanged words
 * of context around each change; every longer unchanged run is folded into a "hidden" piece that the page renders
 * collapsed and expandable, with its text still in the page. Nothing is dropped: the pieces' texts, in order, are
 * the word diff's texts. Pure; the built pages (components/history/Words.astro) and the browser's any-two page
 * (site/client/compare.ts) render the same pieces.
 */
import type { WordPart } from './diff.ts';
import type { Translate } from '../i18n/translate.ts';
import type { HistoryKey } from './strings.ts';

export type Piece =
  | { kind: 'shown'; parts: WordPart[] }
  /** Unchanged text folded away: `words` words, at the start, between two changes, or at the end. */
  | { kind: 'hidden'; text: string; words: number; at: 'start' | 'middle' | 'end' };

/** Unchanged words kept on each side of a change. */
export const CONTEXT_WORDS = 12;
/** A run is folded only when it would hide at least this many words (a short fold helps nobody). */
export const MIN_HIDDEN_WORDS = 20;

/** Words with the whitespace after each; leading whitespace is its own token. Joined, they are the text. */
function tokens(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? [];
}

const wordCount = (toks: string[]) => toks.filter((t) => /\S/.test(t)).length;

/** Fold the long unchanged runs of a word diff, keeping `context` words next to every change. */
export function trimContext(parts: readonly WordPart[], context = CONTEXT_WORDS, minHidden = MIN_HIDDEN_WORDS): Piece[] {
  const out: Piece[] = [];
  let shown: WordPart[] = [];
  const show = (p: WordPart) => {
    if (p[1]) shown.push(p);
  };
  const hide = (text: string, words: number, at: 'start' | 'middle' | 'end') => {
    if (shown.length) out.push({ kind: 'shown', parts: shown });
    shown = [];
    out.push({ kind: 'hidden', text, words, at });
  };
  // Where the first and the last change are, found once: whether an unchanged run comes before every change or
  // after every change is then a comparison, so the whole diff is one pass (linear in its parts and their text).
  const firstChange = parts.findIndex((p) => p[0] !== 0);
  let lastChange = parts.length - 1;
  while (lastChange >= 0 && parts[lastChange]![0] === 0) lastChange--;
  parts.forEach((p, i) => {
    if (p[0] !== 0 || firstChange < 0) return show(p);
    const first = i < firstChange;
    const last = i > lastChange;
    const toks = tokens(p[1]);
    // Leading whitespace counts with the word after it: a run starting with a space keeps it in the head.
    const lead = toks[0] && !/\S/.test(toks[0]) ? 1 : 0;
    const keepHead = first ? 0 : context;
    const keepTail = last ? 0 : context;
    const words = wordCount(toks);
    if (words - keepHead - keepTail < minHidden) return show(p);
    const headEnd = lead + keepHead;
    const tailStart = toks.length - keepTail;
    show([0, toks.slice(0, headEnd).join('')]);
    hide(toks.slice(headEnd, tailStart).join(''), tailStart - headEnd, first ? 'start' : last ? 'end' : 'middle');
    show([0, toks.slice(tailStart).join('')]);
  });
  if (shown.length) out.push({ kind: 'shown', parts: shown });
  return out;
}

/** The label of a folded run, e.g. "… 143 unchanged words …" (the words from the history strings, src/history/strings.ts). */
export function hiddenLabel(p: Extract<Piece, { kind: 'hidden' }>, t: Translate<HistoryKey>): string {
  const n = t('hiddenWords', { n: p.words, count: p.words });
  return p.at === 'start' ? `${n} …` : p.at === 'end' ? `… ${n}` : `… ${n} …`;
}
