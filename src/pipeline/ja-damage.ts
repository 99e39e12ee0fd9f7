/**
 * Where the Japanese seed lost text, found from the source's own structure. Pure functions, no I/O.
 *
 * The seed is a text extraction of a page whose glossary terms were inline elements: ruby terms
 * (`呪文じゅもん`), terms linked without a reading (verbs, by their stem: `唱え|る`), `rule N` links
 * and URLs. The extraction dropped every one-character text node between two inline elements (a
 * particle, 、, ・, a verb ending; docs/design-notes.md §2.1), so wherever two elements touch in the
 * cleaned text, something stood between them: a *junction* (`呪文|能力` = 呪文や能力, `戦場に出|場合` =
 * 戦場に出る場合). An artifact space between two ruby terms (`基本 土地`) is not a junction: the
 * whitespace survived, so nothing was lost there. One-character words that were elements themselves
 * vanished completely (引 in `カードく`, 探 in `からす`): *lost words*, found by their left-over
 * endings. Other evidence (unbalanced brackets, an empty `〔〕` title) says a line lost text without
 * saying where.
 */
import { RULE_REF, isHiragana, type RubyPair, type TermSpan } from './furigana.ts';
import { GAP_MARK, LOST_WORD_MARK, RESTORED_CLOSE, RESTORED_EVIDENCE, RESTORED_OPEN, TERM_CLOSE, TERM_OPEN } from './inline.ts';
import { keysPattern } from './alternation.ts';

type ElementKind = 'ruby' | 'orphan' | 'link' | 'ref' | 'url';

/** An inline element of the original page, in cleaned-text coordinates. */
export interface Element {
  start: number;
  end: number;
  kind: ElementKind;
}

/** A one-character word the extraction dropped with its reading, and where. */
export interface LostWord {
  at: number;
  word: '引' | '探';
  /** It followed another element, so the particle between them (を, が) was lost too. */
  afterElement: boolean;
}

const isKanji = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || c === 0x3005;
const VERB_ENDING = /[うくすつぬぶむるぐ]$/;

/**
 * Stems of the glossary terms the source links without a reading: terms that never appear as a
 * ruby base in the document (`rubyBases`) and are verbs (`唱える`, `戦場に出る`, `生成する`). The page
 * linked a verb by its stem — the part no conjugation changes — so the ending is a text node:
 * `唱え|る場合` lost its る between two elements. Stem: without `する`, else without the final
 * kana, two characters at least. A stem of kana only (`つけ` of つける) would match ordinary words
 * (見つけ), so `findElements` takes it only right after a ruby term (`オブジェクト|つけられる`).
 * Returns stem → the glossary name it belongs to.
 */
export function linkStems(pairs: RubyPair[], rubyBases: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const { base } of pairs) {
    if (rubyBases.has(base) || base.includes('、') || base.startsWith('〜')) continue;
    let stem: string;
    if (base.endsWith('する')) stem = base.slice(0, -2);
    else if (VERB_ENDING.test(base) && !base.endsWith('である')) stem = base.slice(0, -1);
    else continue;
    if (stem.length < 2) continue;
    if (!out.has(stem)) out.set(stem, base);
  }
  return out;
}


const URL = /https?:\/\/[\x21-\x7e]+/g;

/**
 * Every element of a cleaned line, ascending: ruby spans, orphans, verb links, `rule N` links, URLs,
 * and a noun term printed without its reading right after a ruby term: `nouns` are the ruby bases of
 * the document (`高名`, read 高名こうめい elsewhere); where one follows a ruby term bare, the page had it
 * as a link of its own, and what stood between the two was lost (`クリーチャー|高名にし` = を, 702.111c).
 */
export function findElements(text: string, spans: TermSpan[], stems: Map<string, string>, nouns: ReadonlySet<string> = new Set()): Element[] {
  const out: Element[] = spans.map((s) => ({ start: s.start, end: s.end, kind: s.orphan ? 'orphan' : 'ruby' }));
  const covered = new Uint8Array(text.length);
  const add = (start: number, end: number, kind: ElementKind) => {
    for (let i = start; i < end; i++) if (covered[i]) return;
    covered.fill(1, start, end);
    out.push({ start, end, kind });
  };
  for (const s of spans) covered.fill(1, s.start, s.end);
  if (text.includes('rule')) for (const m of text.matchAll(RULE_REF)) add(m.index!, m.index! + m[0].length, 'ref');
  if (text.includes('http')) for (const m of text.matchAll(URL)) add(m.index!, m.index! + m[0].length, 'url');
  const re = stems.size ? keysPattern(stems) : null;
  const rubyEnds = new Set(spans.filter((sp) => !sp.orphan).map((sp) => sp.end));
  if (re) {
    for (const m of text.matchAll(re)) {
      if (/^[\u3041-\u3096]+$/.test(m[0]) && !rubyEnds.has(m.index!)) continue;
      add(m.index!, m.index! + m[0].length, 'link');
    }
  }
  if (nouns.size > 0) {
    const longestFirst = [...nouns].sort((a, b) => b.length - a.length);
    for (const end of rubyEnds) {
      const noun = longestFirst.find((n) => text.startsWith(n, end));
      if (noun) add(end, end + noun.length, 'link');
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Offsets where one element ends and the next begins, with no artifact space (`spaced`) between them. */
function findJunctions(elements: Element[], spaced: number[] = []): number[] {
  const space = new Set(spaced);
  const out: number[] = [];
  for (let k = 1; k < elements.length; k++) {
    const a = elements[k - 1]!;
    const b = elements[k]!;
    if (a.end === b.start && !space.has(a.end)) out.push(a.end);
  }
  return out;
}

// What is left of 引く and 探す after the one-character element 引 / 探 vanished: the conjugated
// ending, which no word of this text starts with after a noun (`カードく`, `枚いて`, `からす`).
const DRAW_ENDING = /^(?:く(?![るられだ])|き(?=[、,。]|ま)|か(?=れ|せ|な[いく]|ず)|い(?=て|た)|こう|け(?=る|な[いく]|ず))/;
const SEARCH_ENDING = /^(?:す(?=[とこな。、」]|$)|し(?=た)|さ(?=せ|れ|な[いく]))/;
const GLOSSED = /(く)(?=\/draw)|(す)(?=\/search)/gi;
// The keyword heading `701.18. す/Search` (探す/Search).
const SEARCH_HEADING = /^(\d{3}\.\d{1,3}\.?\s*)す\/Search/;

/**
 * Positions where 引 (draw) or 探 (search) vanished: a 引く ending right after a ruby element or
 * 枚 (`カードく`, `1枚いて`) or `くこと` after に (`同時にくこと`), a 探す ending right after `から`
 * (`領域からす`; after a term, す/さ/し begin する and される: 解決される), or the keyword heading `す/Search`.
 */
export function findLostWords(text: string, elements: Element[]): LostWord[] {
  const out: LostWord[] = [];
  const starts = new Set(elements.map((e) => e.start));
  // Candidates: the end of each ruby element, and the character after each 枚 or から.
  const at = new Map<number, boolean>();
  for (const e of elements) if (e.kind === 'ruby') at.set(e.end, true);
  for (let i = text.indexOf('枚'); i >= 0; i = text.indexOf('枚', i + 1)) if (!at.has(i + 1)) at.set(i + 1, false);
  for (let i = text.indexOf('から'); i >= 0; i = text.indexOf('から', i + 1)) if (!at.has(i + 2)) at.set(i + 2, false);
  for (const p of [...at.keys()].sort((a, b) => a - b)) {
    if (p >= text.length || !isHiragana(text.charCodeAt(p)) || starts.has(p)) continue;
    const afterElement = at.get(p)!;
    const rest = text.slice(p, p + 4);
    if ((afterElement || text[p - 1] === '枚') && DRAW_ENDING.test(rest)) out.push({ at: p, word: '引', afterElement });
    else if (!afterElement && text.startsWith('から', p - 2) && SEARCH_ENDING.test(rest)) out.push({ at: p, word: '探', afterElement });
  }
  // After the particle に, 引く's く before こと (`カードを同時にくことができる`, `ためにくことができない`): no
  // word begins with くこと, and the only adjective in にく (憎く) is not in the rules.
  for (let i = text.indexOf('にくこと'); i >= 0; i = text.indexOf('にくこと', i + 1)) {
    if (!starts.has(i + 1) && !out.some((l) => l.at === i + 1)) out.push({ at: i + 1, word: '引', afterElement: false });
  }
  const heading = SEARCH_HEADING.exec(text);
  if (heading) out.unshift({ at: heading[1]!.length, word: '探', afterElement: false });
  // A quoted word with its English gloss: `「く/draw」`, `「コピーす/search for a copy」`.
  for (const m of text.matchAll(GLOSSED)) {
    if (isKanji(text.charCodeAt(m.index! - 1)) || out.some((l) => l.at === m.index)) continue;
    out.push({ at: m.index!, word: m[1] === 'く' ? '引' : '探', afterElement: at.get(m.index!) === true });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** Characters the cleanup put in (a lost `〔`, an orphan's kanji): `length` characters at `at`, with their evidence. */
export interface Restored {
  at: number;
  length: number;
  evidence: string;
}

/**
 * The line with private-use marks the inline parser turns into nodes: TERM_OPEN/TERM_CLOSE around
 * each ruby term, GAP_MARK at each junction and before a lost word
 * that followed an element, LOST_WORD_MARK + the word where a word vanished, RESTORED_OPEN …
 * RESTORED_CLOSE around (and with the evidence of) each character the cleanup restored. Text is never changed.
 */
export function markLine(text: string, elements: Element[], junctions: number[], lost: LostWord[], restored: Restored[] = []): string {
  if (elements.length === 0 && lost.length === 0 && restored.length === 0) return text;
  const at = new Map<number, { done: string; close: number; gap: number; lost: string; restore: string; open: number }>();
  const slot = (p: number) => {
    let s = at.get(p);
    if (!s) at.set(p, (s = { done: '', close: 0, gap: 0, lost: '', restore: '', open: 0 }));
    return s;
  };
  for (const r of restored) {
    slot(r.at).restore += RESTORED_OPEN;
    slot(r.at + r.length).done += RESTORED_EVIDENCE + r.evidence + RESTORED_CLOSE;
  }
  // Only ruby terms: their extent is printed in the source. A verb link's extent is inferred from
  // its stem (`戦場に出` also begins 戦場に出す, "put onto", not the term 戦場に出る), so it is no term.
  for (const e of elements) {
    if (e.kind !== 'ruby') continue;
    slot(e.start).open++;
    slot(e.end).close++;
  }
  for (const j of junctions) slot(j).gap++;
  for (const l of lost) {
    const s = slot(l.at);
    if (l.afterElement && s.gap === 0) s.gap++;
    s.lost += LOST_WORD_MARK + l.word;
  }
  const positions = [...at.keys()].sort((a, b) => a - b);
  let out = '';
  let last = 0;
  for (const p of positions) {
    const s = at.get(p)!;
    out += text.slice(last, p) + s.done + TERM_CLOSE.repeat(s.close) + GAP_MARK.repeat(s.gap) + s.lost + s.restore + TERM_OPEN.repeat(s.open);
    last = p;
  }
  return out + text.slice(last);
}

// ---------------------------------------------------------------------------------------------
// Evidence that says a line lost text, but not where

export type LossKind =
  | 'junction' // two inline elements touch: the characters between them were lost
  | 'lost-word' // a one-character word vanished with its reading: カードを引く → カードく
  | 'brackets' // 「」『』《》〔〕() do not balance in the line: a one-character bracket was lost
  | 'empty-title'; // rule 203〔〕: the whole title (one kanji and its reading) was lost

export const LOSS_REASONS: Record<LossKind, string> = {
  junction: 'two terms or links touch: the characters between them (a particle, 、, ・, a verb ending) were lost',
  'lost-word': 'a one-character word vanished with its reading (引く left as く, 探す as す)',
  brackets: 'brackets do not balance: a one-character bracket was lost',
  'empty-title': 'a cross-reference title is empty: its one-character term and reading were lost',
};

/** Whether, for every bracket pair, each closing bracket closes an earlier opening one and none is left open. */
function bracketsBalance(text: string): boolean {
  const depth = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Cheap range test first: all brackets are ( ) [ ] or in U+3008–U+301B / U+FF08–U+FF09.
    if (c > 0x5d && c < 0x3008) continue;
    let k = -1;
    let open = true;
    switch (c) {
      case 0x300c: k = 0; break; // 「
      case 0x300d: k = 0; open = false; break;
      case 0x300e: k = 1; break; // 『
      case 0x300f: k = 1; open = false; break;
      case 0x300a: k = 2; break; // 《
      case 0x300b: k = 2; open = false; break;
      case 0x3014: k = 3; break; // 〔
      case 0x3015: k = 3; open = false; break;
      case 0x28: k = 4; break; // (
      case 0x29: k = 4; open = false; break;
      case 0xff08: k = 5; break; // （
      case 0xff09: k = 5; open = false; break;
      case 0x5b: k = 6; break; // [
      case 0x5d: k = 6; open = false; break;
    }
    if (k < 0) continue;
    if (open) depth[k]!++;
    else if (--depth[k]! < 0) return false;
  }
  return depth.every((d) => d === 0);
}

/** What one cleaned line lost: its junctions and lost words (with positions), and the evidence kinds. */
export interface LineDamage {
  elements: Element[];
  junctions: number[];
  lost: LostWord[];
  losses: LossKind[];
}

export function lineDamage(text: string, spans: TermSpan[], spaced: number[], stems: Map<string, string>, nouns?: ReadonlySet<string>): LineDamage {
  const elements = findElements(text, spans, stems, nouns);
  const junctions = findJunctions(elements, spaced);
  const lost = findLostWords(text, elements);
  const losses: LossKind[] = [];
  if (junctions.length) losses.push('junction');
  if (lost.length) losses.push('lost-word');
  if (!bracketsBalance(text)) losses.push('brackets');
  if (text.includes('〔〕')) losses.push('empty-title');
  return { elements, junctions, lost, losses };
}
