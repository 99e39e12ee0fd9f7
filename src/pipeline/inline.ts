/**
 * Plain paragraph text → inline nodes: cross-references, symbols and note markers.
 * Shared by every reader: the readers turn their format into text, this finds the structure in it.
 */
import type { Inline, Paragraph, RefTarget } from '../model/types.ts';
import { parseRuleNumber } from '../model/rule-number.ts';

/** Private-use character a reader leaves where a translator note was attached. */
export const NOTE_MARK = '\uE000';
/** Where the source lost text (a `gap` node). */
export const GAP_MARK = '\uE001';
/** Around one term as the source marks it (a ruby term, a link): a `term` node when it is a glossary name. */
export const TERM_OPEN = '\uE002';
export const TERM_CLOSE = '\uE003';
/** Followed by one character: a word the source lost there (a `gap` node with `word`). */
export const LOST_WORD_MARK = '\uE004';
/**
 * Characters the reader restored (`restored` node): RESTORED_OPEN, the characters, RESTORED_EVIDENCE,
 * the evidence, RESTORED_CLOSE.
 */
export const RESTORED_OPEN = '\uE005';
export const RESTORED_EVIDENCE = '\uE006';
export const RESTORED_CLOSE = '\uE007';
const MARKS = /[\uE000-\uE007]/g;

/** Text without the readers' private-use marks (for plain-text fields such as titles and notes); restored characters stay. */
export function stripMarks(text: string): string {
  return text.replace(/\uE004./gu, '').replace(/\uE006[^\uE007]*\uE007/g, '').replace(MARKS, '');
}

// A rule number as referenced: part (8), section (702), rule (702.19), subrule (702.19b).
// The letter must not run into more letters, so `613.6rule 613.7` is 613.6 (Japanese lost its 、),
// except the glued `rule` of the next reference: `704.5mrule 704.5n` is 704.5m then 704.5n.
// The Korean text once prints `704.5.m`: shown as printed, it points at 704.5m.
const NUM = String.raw`\d{3}(?:\.\d{1,3}(?:\.?[a-z](?![a-z])|[a-z](?=rule))?)?(?![\d])|\d(?!\d|\.\d)`;
// A range tail: a letter (`-f`), a rule (`-8`), or a full number (`–903.11`).
const RANGE = String.raw`[-–](?:\d{3}\.\d{1,3}[a-z]?(?![a-z])|\d{1,3}(?![\d.])|[a-z](?![a-z])|[a-z](?=rule))`;
const ITEM = String.raw`(?:${NUM})(?:${RANGE})?`;
const JOIN = String.raw`(?:,\s*and\s+|,\s*or\s+|\s+and\s+|\s+or\s+|,\s*|\s*および\s*|\s*、\s*|\s*과\s+|\s*와\s+)`;
// Words that introduce references in the three languages (Korean and Japanese documents keep the English word too).
const TRIGGER = String.raw`(?:(?:(?<![A-Za-z])|(?<=[\d-][a-z]))(?:[Rr]ules?|[Ss]ections?|[Cc]hapters?)|규칙|ルール)\s*`;
const REF_LIST = new RegExp(`(${TRIGGER})(${ITEM}(?:${JOIN}(?:${TRIGGER})?${ITEM})*)`, 'g');
const REF_ITEM = new RegExp(`(${TRIGGER})?(${NUM})((?:${RANGE})?)`, 'g');
// Korean section references put the number first: `8절`.
const KO_SECTION = /(\d)절/g;
const SYMBOL = /\{([^{}\s]{1,8})\}/g;

interface Span {
  start: number;
  end: number;
  node: Inline;
}

/** Expands the tail of a range to a full number: (`103.2a`, `e`) → `103.2e`, (`119.7`, `8`) → `119.8`. */
export function rangeEnd(from: string, tail: string): string {
  const f = parseRuleNumber(from);
  if (!f) return tail;
  if (/^[a-z]$/.test(tail) && f.rule !== undefined) return `${f.section}.${f.rule}${tail}`;
  if (/^\d{1,3}$/.test(tail) && f.rule !== undefined) return `${f.section}.${tail}`;
  return tail;
}

function targetFor(number: string, tail: string, sectionWord: boolean): RefTarget {
  if (/^\d$/.test(number)) return { kind: 'part', number };
  if (tail) return { kind: 'range', number, to: rangeEnd(number, tail) };
  if (/^\d{3}$/.test(number) && sectionWord) return { kind: 'section', number };
  return /^\d{3}$/.test(number) ? { kind: 'section', number } : { kind: 'rule', number };
}

function findRefs(text: string): Span[] {
  const spans: Span[] = [];
  for (const list of text.matchAll(REF_LIST)) {
    const listStart = list.index! + list[1]!.length;
    const sectionWord = /section|chapter/i.test(list[1]!);
    for (const item of list[2]!.matchAll(REF_ITEM)) {
      const lead = item[1]?.length ?? 0;
      const number = item[2]!.replace(/^(\d{3}\.\d{1,3})\.([a-z])$/, '$1$2');
      const tail = item[3] ? item[3].slice(1) : '';
      const start = listStart + item.index! + lead;
      const visible = item[2]! + (item[3] ?? '');
      spans.push({ start, end: start + visible.length, node: { type: 'ref', text: visible, target: targetFor(number, tail, sectionWord) } });
    }
  }
  for (const m of text.matchAll(KO_SECTION)) {
    spans.push({ start: m.index!, end: m.index! + 1, node: { type: 'ref', text: m[1]!, target: { kind: 'part', number: m[1]! } } });
  }
  return spans;
}

const TERM_SPAN = /\uE002([^\uE000-\uE007]+)\uE003/g;
const LOST_WORD = /\uE004(.)/gu;
const RESTORED = /\uE005([^\uE000-\uE007]+)\uE006([^\uE000-\uE007]*)\uE007/g;

/** The readers' marks: gaps, lost words, restored characters and source-marked terms (`terms`: printed form → glossary headword). */
function findMarks(text: string, terms: ReadonlyMap<string, string> | undefined): Span[] {
  const spans: Span[] = [];
  if (!/[\uE001-\uE007]/.test(text)) return spans;
  for (let i = text.indexOf(GAP_MARK); i >= 0; i = text.indexOf(GAP_MARK, i + 1)) spans.push({ start: i, end: i + 1, node: { type: 'gap' } });
  for (const m of text.matchAll(LOST_WORD)) spans.push({ start: m.index!, end: m.index! + m[0].length, node: { type: 'gap', word: m[1]! } });
  for (const m of text.matchAll(RESTORED)) spans.push({ start: m.index!, end: m.index! + m[0].length, node: { type: 'restored', value: m[1]!, evidence: m[2]! } });
  for (const m of text.matchAll(TERM_SPAN)) {
    const term = terms?.get(m[1]!);
    const node: Inline = term ? { type: 'term', text: m[1]!, term } : { type: 'text', value: m[1]! };
    spans.push({ start: m.index!, end: m.index! + m[0].length, node });
  }
  return spans;
}

/**
 * Parses one paragraph of plain text into inline nodes. Readers may leave private-use marks in the
 * text (NOTE_MARK, GAP_MARK, TERM_OPEN…TERM_CLOSE, LOST_WORD_MARK, RESTORED_OPEN…RESTORED_CLOSE): they become nodes and never
 * reach a text node. `terms` names the glossary headword of each printed term the source marks.
 */
export function parseInline(text: string, terms?: ReadonlyMap<string, string>): Paragraph {
  const spans = findRefs(text);
  for (const m of text.matchAll(SYMBOL)) spans.push({ start: m.index!, end: m.index! + m[0].length, node: { type: 'symbol', value: m[1]! } });
  let noteIndex = 0;
  for (let i = text.indexOf(NOTE_MARK); i >= 0; i = text.indexOf(NOTE_MARK, i + 1)) {
    spans.push({ start: i, end: i + 1, node: { type: 'noteRef', index: noteIndex++ } });
  }
  spans.push(...findMarks(text, terms));
  spans.sort((a, b) => a.start - b.start);
  const out: Inline[] = [];
  const pushText = (value: string) => {
    const v = value.replace(MARKS, '');
    if (v === '') return;
    const prev = out[out.length - 1];
    if (prev?.type === 'text') prev.value += v;
    else out.push({ type: 'text', value: v });
  };
  let pos = 0;
  for (const s of spans) {
    if (s.start < pos) continue; // overlapping matches: the first wins
    if (s.start > pos) pushText(text.slice(pos, s.start));
    if (s.node.type === 'text') pushText(s.node.value);
    else out.push(s.node);
    pos = s.end;
  }
  if (pos < text.length) pushText(text.slice(pos));
  return out;
}
