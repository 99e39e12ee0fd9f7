/**
 * The shared Korean layer: every Korean source (the complete text, the Jekyll posts as plain text,
 * markdown or HTML) is first turned into logical lines (`KoLine`: text, physical line, translator
 * notes already cut out and replaced by NOTE_MARK); this one classifier then finds the regions
 * (소개, 목차, body, 용어사전, credits) and the blocks (parts, sections, rules, examples, glossary
 * entries), and reports what it cannot place. Used by ko-text.ts and ko-jekyll-html.ts.
 */
import { contentsFrom, lastTextLine } from '../completeness.ts';
import type { Diagnostic, GlossaryEntry, Note, SourceFormat } from '../../model/types.ts';
import { parseEffectiveDate, type Block, type ReaderOutput } from '../blocks.ts';
import { parseInline } from '../inline.ts';
import { firstLine, matchExample, matchNumberedLine, matchPartHeading, paragraphsOf } from '../lines.ts';
import { reporter, type Report } from '../../model/diagnostics.ts';

/** One logical line of a Korean source: its text (notes cut out), its 1-based physical line, its notes. */
export interface KoLine {
  text: string;
  line: number;
  notes: Note[];
  /** What the markup says the line is (`<p class="paragraph|clause|example">`, `###` heading). */
  expect?: 'subrule' | 'rule' | 'section' | 'example';
  /** The `<a name="…">` anchor printed right before the line, when any. */
  anchor?: string;
  anchorLine?: number;
  /** The line is a plain paragraph among HTML ones (the site generator skipped it). */
  bare?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Logical lines → regions and blocks (shared by every Korean reader)

const OMISSION = /^[(<[（〈]\s*생략\s*[)>\]）〉]$/;
const LIQUID = /^\{%.*%\}$/;
const THEMATIC_BREAK = /^(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$/;
const INTRO_HEAD = /^(?:소개|들어가며|Introduction)$/;
const CONTENTS_HEAD = /^(?:목차|차례|Contents)$/;
const GLOSSARY_HEAD = /^(?:용어\s*사전|용어집|Glossary)$/;
const CREDITS_HEAD = /^(?:크레딧|제작진|만든 사람들|Credits)$/;


/** `1. 게임의 컨셉`: a part heading (parts 1–9, a short title), not a numbered sentence. */
function partHeading(text: string) {
  const m = matchPartHeading(text);
  return m && Number(m.number) >= 1 && Number(m.number) <= 9 && m.title.length <= 40 ? m : null;
}

/**
 * A numbered line, its number possibly glued to the text (`302.4b생물의`). The spaced form is tried
 * first: `matchNumberedLine(…, true)` rejects `100.1a 2인전은…` (text starting with a digit).
 */
function numberedLine(text: string) {
  return matchNumberedLine(text) ?? matchNumberedLine(text, true);
}

/** A rule-level numbered line (`100.1.`, `302.4b생물의`), not a section heading. */
function isRuleLine(text: string): boolean {
  const m = numberedLine(text.trim());
  return !!m && m.printed.includes('.');
}

export interface KoreanReadOptions {
  file: string;
  format: SourceFormat;
  /** Front matter title (Jekyll posts). */
  title?: { value: string; line: number } | undefined;
  diagnostics: Diagnostic[];
}

/** Logical lines of a Korean document → ReaderOutput (regions, blocks, notes, diagnostics). */
export function readKoreanLines(lines: KoLine[], options: KoreanReadOptions): ReaderOutput {
  const { file, format, diagnostics } = options;
  const diag = reporter(file, diagnostics);
  const texts = lines.map((l) => l.text);
  const trimmed = texts.map((t) => t.trim());
  const find = (pred: (t: string) => boolean, from?: number, to?: number) => firstLine(trimmed, pred, from, to);

  // Body: from the headings just before the first rule line (walking back over blanks and section
  // headings, through one part heading).
  const firstRule = find(isRuleLine);
  let bodyAt = firstRule < 0 ? lines.length : firstRule;
  for (let i = bodyAt - 1; i >= 0; i--) {
    const t = texts[i]!.trim();
    if (t === '') continue;
    const numbered = numberedLine(t);
    if (numbered && !numbered.printed.includes('.') && numbered.text !== '') {
      bodyAt = i;
      continue;
    }
    if (!numbered && partHeading(t)) bodyAt = i;
    break;
  }

  // Front: title, effective date, 소개 … 목차 … (contents).
  const titleAt = find((t) => t !== '' && !LIQUID.test(t), 0, bodyAt);
  const title = options.title?.value ?? (titleAt >= 0 ? texts[titleAt]!.trim() : '');
  const dateAt = find((t) => parseEffectiveDate(t) !== null, 0, bodyAt);
  const edition = dateAt >= 0 ? parseEffectiveDate(texts[dateAt]!) : null;
  const introAt = find((t) => INTRO_HEAD.test(t), 0, bodyAt);
  const contentsAt = find((t) => CONTENTS_HEAD.test(t), 0, bodyAt);
  const introduction = introAt >= 0 ? paragraphsOf(texts, introAt + 1, contentsAt > introAt ? contentsAt : bodyAt).map((p) => p.text.join('\n')) : [];

  // Back: 용어사전 (glossary) … credits.
  let glossaryAt = find((t) => GLOSSARY_HEAD.test(t), bodyAt);
  let creditsAt = find((t) => CREDITS_HEAD.test(t), glossaryAt >= 0 ? glossaryAt : bodyAt);
  if (creditsAt < 0) creditsAt = lines.length;
  if (glossaryAt < 0) glossaryAt = creditsAt;

  const blocks: Block[] = [];
  // A part heading from the post's title (`title: 7. 추가 규칙`), when the post has none itself.
  const fmPart = options.title ? partHeading(options.title.value) : null;

  let lastNumbered: string | null = null;
  for (let i = bodyAt; i < glossaryAt; i++) {
    const l = lines[i]!;
    const t = l.text.trim();
    if (t === '') continue;
    if (LIQUID.test(t) || THEMATIC_BREAK.test(t)) continue;
    if (OMISSION.test(t)) {
      const section = lastNumbered ? lastNumbered.slice(0, 3) : null;
      diag('omitted', l.line, section && lastNumbered ? { form: 'section', marker: t, section, rule: lastNumbered } : { form: 'part', marker: t }, lastNumbered ?? undefined);
      continue;
    }
    const call = t.includes('[^') ? /\[\^([^\]\s]{1,32})\]/.exec(t) : null;
    if (call) diag('footnote-undefined', l.line, { form: 'text', id: call[1]! }, lastNumbered ?? undefined);
    const numbered = numberedLine(t);
    const part = numbered ? null : partHeading(t);
    const example = numbered || part ? null : matchExample(t);
    if (l.anchor !== undefined && (!numbered || numbered.printed !== l.anchor)) {
      diag('anchor-mismatch', l.anchorLine ?? l.line, numbered ? { form: 'rule', anchor: l.anchor, rule: numbered.printed } : { form: 'unnumbered', anchor: l.anchor }, numbered?.printed);
    }
    if (numbered && (numbered.text !== '' || numbered.printed.includes('.'))) {
      checkExpectation(l, numbered.printed, diag);
      if (l.bare) diag('bare-line', l.line, { rule: numbered.printed }, numbered.printed);
      blocks.push({ type: 'numbered', printed: numbered.printed, text: numbered.text, line: l.line, notes: l.notes });
      lastNumbered = numbered.printed;
    } else if (part) {
      blocks.push({ type: 'part', number: part.number, title: part.title, line: l.line });
    } else if (example !== null) {
      if (l.expect && l.expect !== 'example') diag('markup-mismatch', l.line, { form: 'example', markup: l.expect }, lastNumbered ?? undefined);
      blocks.push({ type: 'example', text: example, line: l.line, notes: l.notes });
    } else {
      if (l.expect) diag('markup-mismatch', l.line, { form: 'continuation', markup: l.expect === 'example' ? 'an example' : `a numbered ${l.expect}`, text: t.slice(0, 60) }, lastNumbered ?? undefined);
      blocks.push({ type: 'continuation', text: t, line: l.line, notes: l.notes });
    }
  }
  if (fmPart && !blocks.some((b) => b.type === 'part')) {
    const firstSection = blocks.find((b): b is Extract<Block, { type: 'numbered' }> => b.type === 'numbered');
    if (firstSection && String(Math.floor(Number(firstSection.printed.slice(0, 3)) / 100)) === fmPart.number) {
      blocks.unshift({ type: 'part', number: fmPart.number, title: fmPart.title, line: options.title!.line });
    }
  }

  // Glossary and credits.
  const glossary: GlossaryEntry[] = [];
  let credits: string[] = [];
  let glossaryOmitted = false;
  if (glossaryAt < creditsAt) {
    const paras = paragraphsOf(texts, glossaryAt + 1, creditsAt);
    const omittedAt = paras.findIndex((p) => p.text.length === 1 && OMISSION.test(p.text[0]!));
    if (omittedAt >= 0) {
      glossaryOmitted = true;
      diag('glossary-omitted', paras[omittedAt]!.line, { heading: texts[glossaryAt]!.trim(), marker: paras[omittedAt]!.text[0]! });
      // What follows the omission marker is the closing publisher/trademark paragraph.
      credits = paras.slice(omittedAt + 1).map((p) => p.text.join('\n'));
      for (const p of paras.slice(0, omittedAt)) glossary.push(glossaryEntry(p, diag));
    } else {
      for (const p of paras) glossary.push(glossaryEntry(p, diag));
    }
  }
  if (creditsAt < lines.length) credits.push(...paragraphsOf(texts, creditsAt + 1, lines.length).map((p) => p.text.join('\n')));

  const sections = new Set(blocks.flatMap((b) => (b.type === 'numbered' ? [b.printed.slice(0, 3)] : [])));
  const partsCovered = new Set([...sections].map((s) => s[0]));
  const partial = partsCovered.size < 9;
  if (edition === null) {
    diag('no-edition', 1, { form: partial ? 'ko-chapter' : 'ko' }, undefined, partial ? 'info' : 'warning');
  }
  if (firstRule < 0) diag('no-rules', 1, { form: 'no-numbers' });

  return {
    lang: 'ko',
    format,
    file,
    title,
    edition,
    introduction,
    blocks,
    glossary,
    credits,
    termBridge: [],
    partial,
    damaged: [],
    diagnostics,
    // A glossary the document itself declares left out ("(생략)") is not missing.
    ...(contentsAt >= 0 ? { contents: { ...contentsFrom(texts, contentsAt + 1, bodyAt, GLOSSARY_HEAD, CREDITS_HEAD, (i) => lines[i]!.line), ...(glossaryOmitted ? { glossary: null } : {}) } } : {}),
    lastLine: lines[lastTextLine(texts) - 1]?.line ?? 1,
  };
}

/** A glossary paragraph: term line (`돌진 Trample`), definition lines. */
function glossaryEntry(p: { text: string[]; line: number }, diag: Report): GlossaryEntry {
  if (p.text.length < 2) diag('glossary-no-definition', p.line, { term: p.text[0]! });
  return { term: p.text[0]!, definition: p.text.slice(1).map((t) => parseInline(t)), refs: [], line: p.line };
}

/** What the markup promised (`<p class="clause">`, `### 700.`) against the number found. */
function checkExpectation(l: KoLine, printed: string, diag: Report): void {
  if (!l.expect) return;
  const kind = !printed.includes('.') ? 'section' : /[a-z]$/.test(printed) ? 'subrule' : 'rule';
  if (l.expect !== kind) diag('markup-mismatch', l.line, { form: 'kind', rule: printed, kind, markup: l.expect === 'example' ? 'an example' : `a ${l.expect}` }, printed);
}
