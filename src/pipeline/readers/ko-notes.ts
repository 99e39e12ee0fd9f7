/**
 * Korean translator notes inside the text: `(번역자 주-…)` and `(…-번역자)` are the translator's, not the
 * rules'. They are cut out of a line into `Note`s and replaced by NOTE_MARK after the word they follow,
 * with bounded scans so an unclosed `(번역자` cannot make a line quadratic. Shared by the Korean readers.
 */
import type { Note } from '../../model/types.ts';
import { NOTE_MARK } from '../inline.ts';

const NOTE_PREFIX = /^\s*(?:번역자\s*)?주\s*[-–—:：]\s*/;
const NOTE_SUFFIX = /\s*[-–—]\s*번역자\s*$/;

/** The note's own words: without `번역자 주-`/`주-` in front and `-번역자` behind. */
export function noteText(raw: string): string {
  return raw.trim().replace(NOTE_PREFIX, '').replace(NOTE_SUFFIX, '').trim();
}

/** Removes spaces and tabs at the end of `s` (the mark attaches to the word before it). */
export const trimSpacesEnd = (s: string) => s.replace(/[ \t\u00a0]+$/, '');

/** Longest note looked for; bounds the scans so a line full of unclosed `(번역자` stays linear. */
const MAX_NOTE = 2000;

/** Index of the `)` closing the `(` at `open`, or -1. */
function closingParen(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length && i - open < MAX_NOTE; i++) {
    const c = s[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Index of the `(` opening the `)` at `close`, or -1. */
function openingParen(s: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0 && close - i < MAX_NOTE; i--) {
    const c = s[i];
    if (c === ')') depth++;
    else if (c === '(' && --depth === 0) return i;
  }
  return -1;
}

/**
 * Cuts the inline translator notes out of a line: `(번역자 주-…)` (form `inline`) and `(…-번역자)`
 * (form `suffix`). Each is replaced by NOTE_MARK right after the preceding word. `existing` are the
 * notes of marks already in the text (footnotes), in text order; the result keeps notes in mark order.
 */
export function extractInlineNotes(text: string, line: number, existing: Note[] = []): { text: string; notes: Note[] } {
  if (!text.includes('번역자')) return { text, notes: existing };
  const found: { start: number; end: number; note: Note }[] = [];
  for (let i = text.indexOf('(번역자'); i >= 0; i = text.indexOf('(번역자', i + 1)) {
    const close = closingParen(text, i);
    if (close < 0) continue;
    const inner = text.slice(i + 1, close);
    if (!/^번역자\s*주/.test(inner)) continue;
    found.push({ start: i, end: close + 1, note: { text: noteText(inner), form: 'inline', line } });
    i = close;
  }
  for (let i = text.indexOf('번역자)'); i >= 0; i = text.indexOf('번역자)', i + 1)) {
    const close = i + 3;
    const open = openingParen(text, close);
    if (open < 0 || !NOTE_SUFFIX.test(text.slice(open + 1, close))) continue;
    if (found.some((f) => f.start <= open && open < f.end)) continue;
    found.push({ start: open, end: close + 1, note: { text: noteText(text.slice(open + 1, close)), form: 'suffix', line } });
  }
  if (found.length === 0) return { text, notes: existing };
  found.sort((a, b) => a.start - b.start);
  const notes: Note[] = [];
  let used = 0;
  const copy = (s: string) => {
    for (let k = s.indexOf(NOTE_MARK); k >= 0; k = s.indexOf(NOTE_MARK, k + 1)) if (used < existing.length) notes.push(existing[used++]!);
    return s;
  };
  let out = '';
  let pos = 0;
  for (const f of found) {
    out = trimSpacesEnd(out + copy(text.slice(pos, f.start))) + NOTE_MARK;
    notes.push(f.note);
    pos = f.end;
  }
  out += copy(text.slice(pos));
  notes.push(...existing.slice(used));
  return { text: out, notes };
}
