/**
 * Reader for the Japanese translation as plain text (the seed `ja-2019-01-25.txt`: the 2019-01-25 edition,
 * extracted from mjmj.info's ruby-annotated HTML). Layout (docs/design-notes.md §1.2):
 *
 *   title `マジック総合ルール(和訳 20190125.3 版)`, translator's preamble (indented paragraphs),
 *   `もくじ` (contents, skipped), a second title line, `0. はじめに` (introduction), the parts
 *   `1. ゲームの考え方` … with sections, rules, `例:` examples and unnumbered paragraphs,
 *   `用語集` (glossary: `term(reading)/English` headwords, definitions indented by one space,
 *   numbered senses `1. …`, `(廃語)`), `クレジット` (credits).
 *
 * Every line goes through the furigana cleanup of `../furigana.ts` (readings, lost 〔, orphan
 * readings, artifact spaces), with the glossary pairs found in the document itself. Characters the
 * extraction lost and no evidence restores (particles, 、, brackets) are left as they are.
 *
 * Damaged text. A line is reported (in `damaged` for the body, and as an info `damaged-text`
 * diagnostic everywhere) only when it shows a pattern intact text of this document never has, so the
 * loss is evident rather than likely: two references touching (`rule 704.5mrule 704.5n`), a term
 * touching a following reference or a URL, two katakana terms touching, two restored one-kanji terms
 * touching, `く`/`き` left of 引く after a katakana word or 枚, unbalanced brackets, an empty
 * `〔〕` title (furigana.ts `lossEvidence`), a number glued to its text (the space and the first
 * character, e.g. 各 or 「, were one dropped text node) and a section heading without title
 * (`203.`). Touching kanji terms (呪文|能力 for 呪文や能力) are not reported: they cannot be told
 * from genuine compounds (土地カード).
 *
 * Translator notes `(訳注:…)` in rules and examples become Notes with NOTE_MARK where they were.
 * The one in the glossary (ブロックされない) becomes a note of its glossary entry.
 */
import { contentsFrom, lastTextLine } from '../completeness.ts';
import type { Diagnostic, GlossaryEntry, Note, TermBridgeEntry } from '../../model/types.ts';
import { parseEffectiveDate, type Block, type ReaderOutput } from '../blocks.ts';
import {
  cleanLine,
  createFuriganaMatcher,
  dropSpacesBetween,
  glossaryPairs,
  headwordPairs,
  orphanTable,
  parseHeadword,
  withoutSense,
  type CleanLine,
  type CleanupContext,
  type Headword,
} from '../furigana.ts';
import { LOSS_REASONS, findElements, lineDamage, linkStems, markLine, type Restored } from '../ja-damage.ts';
import { GAP_MARK, NOTE_MARK, parseInline, stripMarks } from '../inline.ts';
import { firstLine, matchExample, matchNumberedLine, matchPartHeading } from '../lines.ts';
import { reporter, type Report } from '../../model/diagnostics.ts';

const isBlank = (l: string) => l.trim() === '';

/** `20190125` in the title (`和訳 20190125.3 版`) → `2019-01-25`, when it is a real date. */
export function editionFromTitle(title: string): string | null {
  const m = /(?<!\d)((?:19|20)\d{2})(\d{2})(\d{2})(?!\d)/.exec(title);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

// `(訳注:…)` with an ASCII or full-width colon and parenthesis.
const NOTE_OPEN = /[(（]訳注[:：]/g;

/**
 * Takes the translator notes `(訳注:…)` out of a paragraph: each is replaced by NOTE_MARK and kept
 * as a Note (text without the `(訳注:` … `)` frame). Nested parentheses inside a note are balanced;
 * a note left open runs to the end of the line.
 */
export function extractTranslatorNotes(text: string, line: number): { text: string; notes: Note[]; unclosed: number } {
  if (!text.includes('訳注')) return { text, notes: [], unclosed: 0 };
  const notes: Note[] = [];
  const parts: string[] = [];
  let last = 0;
  let unclosed = 0;
  NOTE_OPEN.lastIndex = 0;
  for (let m = NOTE_OPEN.exec(text); m; m = NOTE_OPEN.exec(text)) {
    if (m.index < last) continue;
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0; i++) {
      const c = text[i];
      if (c === '(' || c === '（') depth++;
      else if (c === ')' || c === '）') depth--;
    }
    const closed = depth === 0;
    if (!closed) unclosed++;
    const inner = stripMarks(text.slice(m.index + m[0].length, closed ? i - 1 : i)).trim();
    notes.push({ text: inner, form: 'inline', line });
    parts.push(text.slice(last, m.index), NOTE_MARK);
    last = i;
    NOTE_OPEN.lastIndex = i;
  }
  parts.push(text.slice(last));
  return { text: parts.join(''), notes, unclosed };
}

/** Term bridge pairs of one headword: terms split on 、 zipped with English names split on `/`. */
export function headwordBridge(h: Headword): TermBridgeEntry[] {
  const english = withoutSense(h.english) // sense markers: Vanguard(1), Counter(v)
    .split('/')
    .map((e) => e.trim())
    .filter(Boolean);
  const terms = h.term.split('、').map((t) => t.trim()).filter(Boolean);
  const out: TermBridgeEntry[] = [];
  if (terms.length === english.length) terms.forEach((t, i) => out.push({ term: t, english: english[i]!, source: 'glossary' }));
  else if (english.length === 1) for (const t of terms) out.push({ term: t, english: english[0]!, source: 'glossary' });
  else if (terms.length === 1) for (const e of english) out.push({ term: terms[0]!, english: e, source: 'glossary' });
  else out.push({ term: h.term, english: english.join('/'), source: 'glossary' });
  return out;
}

/**
 * A numbered line, spaced (`102.2. 2人対戦…`) or glued (`100.4.プレイヤー…`). The strict form goes
 * first: lines.ts's glued form refuses any text starting with a digit, even after a space.
 */
function numberedLine(line: string) {
  return matchNumberedLine(line) ?? matchNumberedLine(line, true);
}

/** Where the regions start (0-based line indexes; -1: absent): title, もくじ, `0. はじめに`, body, 用語集, クレジット. */
interface Regions {
  titleAt: number;
  contentsAt: number;
  introAt: number;
  bodyAt: number;
  glossaryAt: number;
  creditsAt: number;
}

/** Step 1: the regions of the document: title, preamble, もくじ (contents), はじめに, body, 用語集, クレジット. */
function findRegions(lines: readonly string[]): Regions {
  const firstIndex = (pred: (l: string) => boolean, from?: number, to?: number) => firstLine(lines, pred, from, to);
  const titleAt = firstIndex((l) => !isBlank(l));
  const contentsAt = firstIndex((l) => l.trim() === 'もくじ');
  let bodyAt = -1;
  let introAt = -1; // `0. はじめに` in the body
  if (contentsAt >= 0) {
    const tocFirst = firstIndex((l) => matchPartHeading(l) !== null, contentsAt + 1);
    if (tocFirst >= 0) bodyAt = firstIndex((l) => l.trim() === lines[tocFirst]!.trim(), tocFirst + 1);
  }
  if (bodyAt < 0) {
    // No contents (or no repeated heading): the body starts at the first rule line, with the
    // section and part headings just before it.
    const firstRule = firstIndex((l) => numberedLine(l.trim().replace(/^b(?=\d{3}\.)/, ''))?.printed.includes('.') ?? false, contentsAt + 1);
    bodyAt = firstRule < 0 ? lines.length : firstRule;
    for (let k = 0, i = bodyAt - 1; i > contentsAt && k < 2; i--) {
      if (isBlank(lines[i]!)) continue;
      const l = lines[i]!.trim();
      if (matchPartHeading(l) || numberedLine(l)) {
        bodyAt = i;
        k++;
      } else break;
    }
  }
  if (bodyAt < lines.length && matchPartHeading(lines[bodyAt]!)?.number === '0') {
    introAt = bodyAt;
    const next = firstIndex((l) => matchPartHeading(l) !== null || numberedLine(l.trim()) !== null, bodyAt + 1);
    bodyAt = next < 0 ? lines.length : next;
  }
  let glossaryAt = firstIndex((l) => l.trim() === '用語集', bodyAt);
  let creditsAt = firstIndex((l) => l.trim() === 'クレジット', glossaryAt >= 0 ? glossaryAt : bodyAt);
  if (creditsAt < 0) creditsAt = lines.length;
  if (glossaryAt < 0 || glossaryAt > creditsAt) glossaryAt = creditsAt;
  return { titleAt, contentsAt, introAt, bodyAt, glossaryAt, creditsAt };
}

/** What the line cleaner gives the later steps. */
interface Cleaner {
  /**
   * Cleans one line, marks where it lost text (ja-damage.ts) and reports the evidence; `where` names it
   * in the diagnostic (null: not reported). Returns the text with the marks the inline parser reads.
   */
  clean: (raw: string, index: number, where: string | null, rule?: string, extra?: string[]) => string;
  /** Non-blank lines of [from, to) grouped into paragraphs at blank lines (joined by \n), each line cleaned. */
  paragraphs: (from: number, to: number, where: string) => string[];
  /** Lines (1-based) whose text lost characters, for flags outside the rules (parts, introduction). */
  damagedLines: Set<number>;
  /** Body lines (1-based) that lost characters, with why. */
  damaged: { line: number; reason: string }[];
  /** Printed form of a ruby term → its glossary headword (for `term` nodes). */
  terms: Map<string, string>;
  /** The cleanup's summary, reported once at the end (`furigana-cleanup`). */
  report: () => void;
}

/**
 * Step 2: the line cleaner. The glossary's headwords give the base/reading pairs of every ruby in the
 * document; every line is cleaned once, and the ruby bases seen anywhere tell which glossary terms the
 * source links without a reading (verbs, linked by their stem: ja-damage.ts `linkStems`).
 */
function makeCleaner(lines: readonly string[], headwords: ReadonlyMap<number, Headword>, diag: Report): Cleaner {
  const pairs = glossaryPairs([...headwords.values()]);
  const ctx: CleanupContext = { matcher: createFuriganaMatcher(pairs), orphans: orphanTable(pairs) };
  const totals = { readings: 0, brackets: 0, orphans: 0, spaces: 0, damaged: 0, gaps: 0, lostWords: 0 };
  const damaged: { line: number; reason: string }[] = [];

  const cleaned = new Map<number, { raw: string; r: CleanLine }>();
  const cleanedLine = (raw: string, index: number) => {
    const hit = cleaned.get(index);
    if (hit?.raw === raw) return hit.r;
    const r = cleanLine(raw, ctx, { headword: headwords.has(index) });
    cleaned.set(index, { raw, r });
    return r;
  };
  const rubyBases = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    if (headwords.has(i) || isBlank(lines[i]!)) continue;
    const r = cleanedLine(lines[i]!.trim(), i);
    for (const sp of r.spans) if (!sp.orphan) rubyBases.add(r.text.slice(sp.start, sp.end));
  }
  const stems = linkStems(pairs, rubyBases);
  // Noun terms of two or more characters, the first a kanji, that the source prints with a reading:
  // printed bare right after a ruby term, one was a link (ja-damage.ts findElements).
  const nouns = new Set([...rubyBases].filter((b) => b.length >= 2 && /^\p{Script=Han}/u.test(b)));
  const terms = new Map<string, string>();
  for (const h of headwords.values()) for (const p of headwordPairs(h)) if (!terms.has(p.base)) terms.set(p.base, h.term);
  // One-kanji term → its glossary English name (色 → Color): the evidence of a kanji restored from its orphan reading.
  const englishOf = new Map<string, string>();
  for (const h of headwords.values()) {
    for (const p of headwordPairs(h)) if (!englishOf.has(p.base) && h.english) englishOf.set(p.base, withoutSense(h.english));
  }
  /** The characters the cleanup put in, marked as restored: orphan kanji (evidence: the glossary pair) and lost `〔` (the `〕` that closes it). */
  const restoredIn = (r: CleanLine): Restored[] => [
    ...r.spans.filter((sp) => sp.orphan).map((sp) => ({ at: sp.start, length: sp.end - sp.start, evidence: englishOf.get(r.text.slice(sp.start, sp.end)) ?? r.text.slice(sp.start, sp.end) })),
    ...r.bracketsAt.map((at) => ({ at, length: 1, evidence: '〕' })),
  ];
  const damagedLines = new Set<number>();

  const clean = (raw: string, index: number, where: string | null, rule?: string, extra: string[] = []): string => {
    const once = cleanedLine(raw, index);
    // Spaces beside verb links are artifacts too, known once the elements are (`かのように 唱えてよい`).
    const r = headwords.has(index) ? once : dropSpacesBetween(once, findElements(once.text, once.spans, stems, nouns));
    totals.readings += r.readings;
    totals.brackets += r.brackets;
    totals.orphans += r.orphans;
    totals.spaces += r.spaces;
    const d = headwords.has(index) ? null : lineDamage(r.text, r.spans, r.spaced, stems, nouns);
    const reasons = [...extra, ...(d?.losses ?? []).map((k) => LOSS_REASONS[k])];
    if (reasons.length > 0 && where !== null) {
      totals.damaged++;
      totals.gaps += d?.junctions.length ?? 0;
      totals.lostWords += d?.lost.length ?? 0;
      damagedLines.add(index + 1);
      const reason = reasons.join('; ');
      if (where === 'rule' || where.startsWith('part ')) damaged.push({ line: index + 1, reason });
      diag('damaged-text', index + 1, rule ? { form: 'rule', rule, reason } : { form: 'outside-rules', where, reason }, rule);
    }
    return d ? markLine(r.text, d.elements, d.junctions, d.lost, restoredIn(r)) : r.text;
  };
  const paragraphs = (from: number, to: number, where: string) => {
    const out: string[][] = [];
    let open = false;
    for (let i = Math.max(0, from); i < to; i++) {
      if (isBlank(lines[i]!)) {
        open = false;
        continue;
      }
      if (!open) out.push([]);
      open = true;
      out[out.length - 1]!.push(stripMarks(clean(lines[i]!.trim(), i, where)));
    }
    return out.map((p) => p.join('\n'));
  };
  const report = () => diag('furigana-cleanup', 1, { pairs: pairs.length, ...totals });
  return { clean, paragraphs, damagedLines, damaged, terms, report };
}

/** Step 3: the edition, from the title (`和訳 20190125.3 版`) or the line stating the date it takes effect. */
function readEdition(lines: readonly string[], title: string, diag: Report): string | null {
  let edition = editionFromTitle(title);
  const stated = firstLine(lines, (l) => /\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日から有効/.test(l));
  const statedDate = stated >= 0 ? parseEffectiveDate(lines[stated]!) : null;
  if (edition === null) edition = statedDate;
  else if (statedDate !== null && statedDate !== edition)
    diag('edition-mismatch', stated + 1, { edition, line: stated + 1, date: statedDate });
  if (edition === null) diag('no-edition', 1, { form: 'ja' });
  return edition;
}

/** Step 4: the body's blocks: parts, sections, rules, examples, continuation paragraphs. */
function readBody(lines: readonly string[], from: number, to: number, c: Cleaner, diag: Report): Block[] {
  const blocks: Block[] = [];
  let lastNumber: string | null = null;
  for (let i = from; i < to; i++) {
    const trimmed = lines[i]!.trim();
    if (trimmed === '') continue;
    const line = i + 1;
    if (/^\++$/.test(trimmed)) {
      diag('stray-line', line, { form: 'artifact', text: trimmed, after: lastNumber ?? 'the start of the rules' });
      continue;
    }
    let source = trimmed;
    const stray = /^([a-z])(?=\d{3}\.\d)/.exec(source);
    if (stray) {
      source = source.slice(1);
      diag('stray-prefix', line, { prefix: stray[1]!, start: trimmed.slice(0, 12), rule: numberedLine(source)?.printed ?? source.slice(0, 8) });
    }
    const numbered = numberedLine(source);
    if (numbered) {
      const extra: string[] = [];
      const token = /^\d{3}\.(?:\d{1,3}[a-z]?\.?)?/.exec(source)![0];
      const glued = numbered.text !== '' && !/\s/.test(source[token.length] ?? ' ');
      if (glued) extra.push('the number is glued to its text: the characters between them (e.g. 各, 「) were lost');
      if (numbered.text === '' && !numbered.printed.includes('.')) extra.push('the section title is missing: it was a one-character term, lost with its reading (203. 絵)');
      const marked = c.clean(source, i, 'rule', numbered.printed, extra);
      const again = numberedLine(marked);
      // A glued number lost the text right after it; a missing title is lost text too.
      const body = (glued || extra.length > 0 ? GAP_MARK : '') + (again ? again.text : numbered.text);
      const notes = extractTranslatorNotes(body, line);
      if (notes.unclosed) diag('unclosed-note', line, {}, numbered.printed);
      blocks.push({ type: 'numbered', printed: numbered.printed, text: notes.text, line, notes: notes.notes });
      lastNumber = numbered.printed;
      continue;
    }
    const part = matchPartHeading(source);
    if (part && /^\d$/.test(part.number)) {
      const cleanedTitle = matchPartHeading(stripMarks(c.clean(source, i, `part ${part.number}`)))?.title ?? part.title;
      blocks.push({ type: 'part', number: part.number, title: cleanedTitle, line });
      continue;
    }
    const marked = c.clean(source, i, 'rule', lastNumber ?? undefined);
    const example = matchExample(marked);
    const notes = extractTranslatorNotes(example ?? marked, line);
    if (notes.unclosed) diag('unclosed-note', line, {});
    blocks.push({ type: example !== null ? 'example' : 'continuation', text: notes.text, line, notes: notes.notes });
  }
  return blocks;
}

/** Step 5: the glossary's entries (headword lines, then definitions) and the term bridge of its headwords. */
function readGlossary(lines: readonly string[], from: number, to: number, headwords: ReadonlyMap<number, Headword>, c: Cleaner, diag: Report) {
  const glossary: GlossaryEntry[] = [];
  const termBridge: TermBridgeEntry[] = [];
  let entry: GlossaryEntry | null = null;
  for (let i = from; i < to; i++) {
    const raw = lines[i]!;
    if (isBlank(raw)) continue;
    const h = headwords.get(i);
    if (h) {
      entry = { term: h.term, reading: h.reading, english: h.english, definition: [], refs: [], line: i + 1 };
      glossary.push(entry);
      termBridge.push(...headwordBridge(h));
      continue;
    }
    if (!entry) {
      diag('glossary-orphan-line', i + 1, { text: raw.trim().slice(0, 60) });
      continue;
    }
    const separated = extractTranslatorNotes(c.clean(raw.trim(), i, `glossary "${entry.term}"`), i + 1);
    if (separated.notes.length) (entry.notes ??= []).push(...separated.notes);
    if (c.damagedLines.has(i + 1)) entry.damaged = true;
    entry.definition.push(parseInline(separated.text, c.terms));
  }
  for (const g of glossary) {
    if (g.definition.length === 0) diag('glossary-no-definition', g.line, { term: g.term });
  }
  return { glossary, termBridge };
}

/**
 * The reader: regions → the line cleaner (from the glossary's headwords) → title and edition →
 * introduction → body → glossary → credits. The steps run in the order of the document, so its
 * diagnostics come in that order too.
 */
export function readJapaneseText(text: string, file: string): ReaderOutput {
  const lines = text.split(/\r\n|\r|\n/);
  const diagnostics: Diagnostic[] = [];
  const diag = reporter(file, diagnostics);
  const { titleAt, contentsAt, introAt, bodyAt, glossaryAt, creditsAt } = findRegions(lines);

  const headwords = new Map<number, Headword>();
  for (let i = glossaryAt + 1; i < creditsAt; i++) {
    const h = parseHeadword(lines[i]!);
    if (h) headwords.set(i, h);
  }
  const c = makeCleaner(lines, headwords, diag);

  const title = titleAt >= 0 ? stripMarks(c.clean(lines[titleAt]!.trim(), titleAt, 'title')) : '';
  const edition = readEdition(lines, title, diag);

  // The translator's preamble, then `0. はじめに`.
  const introStart = c.damagedLines.size;
  const introduction = [
    ...c.paragraphs(titleAt + 1, contentsAt >= 0 ? contentsAt : introAt >= 0 ? introAt : bodyAt, 'introduction'),
    ...(introAt >= 0 ? c.paragraphs(introAt + 1, bodyAt, 'introduction') : []),
  ];
  const introductionDamaged = c.damagedLines.size > introStart;

  const blocks = readBody(lines, bodyAt, glossaryAt, c, diag);
  const { glossary, termBridge } = readGlossary(lines, glossaryAt + 1, creditsAt, headwords, c, diag);
  const credits = c.paragraphs(creditsAt + 1, lines.length, 'credits');
  c.report();

  return {
    lang: 'ja',
    format: 'ja-text',
    file,
    title,
    edition,
    introduction,
    ...(introductionDamaged ? { introductionDamaged } : {}),
    blocks,
    terms: c.terms,
    glossary,
    credits,
    termBridge,
    partial: false,
    damaged: c.damaged,
    diagnostics,
    ...(contentsAt >= 0 ? { contents: contentsFrom(lines, contentsAt + 1, introAt >= 0 ? introAt : bodyAt, /^用語集$/, /^クレジット$/) } : {}),
    lastLine: lastTextLine(lines),
  };
}
